/**
 * Stand-ins for getting Electron without the internet: a copy of the electron package (its own index.js and
 * install.js, no binary yet) in a folder of its own, and a local mirror serving a stand-in Electron archive with its
 * SHASUMS256.txt, as Electron's release page does (ELECTRON_MIRROR, electron_use_remote_checksums).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { executableName } from '../../scripts/electron-binary.mjs';
import { zip } from './zip';

export const REAL_ELECTRON = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
export const ELECTRON_VERSION = (
  JSON.parse(fs.readFileSync(path.join(REAL_ELECTRON, 'package.json'), 'utf8')) as { version: string }
).version;

/** A copy of the electron package under `dir`/node_modules/electron, with what install.js requires linked in. */
export function standInElectronPackage(dir: string): string {
  const modules = path.join(dir, 'node_modules');
  const pkg = path.join(modules, 'electron');
  fs.mkdirSync(pkg, { recursive: true });
  for (const file of ['package.json', 'index.js', 'install.js', 'checksums.json'])
    fs.copyFileSync(path.join(REAL_ELECTRON, file), path.join(pkg, file));
  for (const scope of ['@electron', '@electron-internal'])
    if (fs.existsSync(path.join(REAL_ELECTRON, '..', scope)))
      fs.symlinkSync(path.join(REAL_ELECTRON, '..', scope), path.join(modules, scope));
  return pkg;
}

export interface ElectronMirror {
  /** For ELECTRON_MIRROR. */
  url: string;
  /** The environment that points Electron's downloader at this mirror, with its cache under `cacheDir`. */
  env(cacheDir: string): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** Serves electron-v<version>-<platform>-<arch>.zip holding a stand-in binary (a shell script) that says it ran. */
export async function startElectronMirror(): Promise<ElectronMirror> {
  const name = `electron-v${ELECTRON_VERSION}-${process.platform}-${process.arch}.zip`;
  const archive = zip([
    { name: executableName(), data: '#!/bin/sh\necho "stand-in Electron started with: $*"\n', mode: 0o755 },
    { name: 'version', data: ELECTRON_VERSION },
  ]);
  const files: Record<string, Buffer> = {
    [name]: archive,
    'SHASUMS256.txt': Buffer.from(`${createHash('sha256').update(archive).digest('hex')} *${name}\n`),
  };
  const server = http.createServer((req, res) => {
    const file = (req.url ?? '').startsWith(`/v${ELECTRON_VERSION}/`) ? files[(req.url ?? '').split('/').pop()!] : null;
    if (file) res.writeHead(200, { 'content-length': file.length }).end(file);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  return {
    url,
    env: (cacheDir) => ({
      ELECTRON_MIRROR: url,
      // the mirror's SHASUMS256.txt, not the package's own sums (which name the real archives)
      electron_use_remote_checksums: '1',
      electron_config_cache: cacheDir,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
