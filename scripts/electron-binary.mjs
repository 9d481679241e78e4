// Where the Electron binary is, or null when its download never happened (offline machines).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export function electronBinary() {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('electron/package.json'));
    const pathFile = path.join(dir, 'path.txt');
    if (!fs.existsSync(pathFile)) return null;
    const binary = path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
    return fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}
