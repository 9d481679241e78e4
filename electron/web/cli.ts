/**
 * npm run web: the app in any browser, through the browser host. Also what `npm start` falls back to where the
 * Electron binary cannot be obtained.
 *   --data-dir <dir>   where settings, token and caches live (default ~/.shopdesk/browser-host)
 *   --port <n>         port on 127.0.0.1 (default: a free one)
 *   --demo             start demo mode when nothing is configured yet
 *   --open             open the app in the default browser
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../main/core/index';
import { FileVault } from '../main/core/vault';
import { startWebHost } from './host';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    demo: { type: 'boolean', default: false },
    open: { type: 'boolean', default: false },
  },
});

const root = path.resolve(import.meta.dirname, '../..');
const rendererDir = path.join(root, 'out/renderer');
if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
  console.error('The renderer is not built yet. Run `npm run build` first (npm start and npm run web do it for you).');
  process.exit(1);
}
const dataDir = path.resolve(
  values['data-dir'] ?? process.env.SHOPDESK_DATA_DIR ?? path.join(os.homedir(), '.shopdesk', 'browser-host'),
);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

const log = {
  info: (m: string) => console.log(`[shopdesk] ${m}`),
  warn: (m: string) => console.warn(`[shopdesk] ${m}`),
  error: (m: string) => console.error(`[shopdesk] ${m}`),
};
const core = createCore({
  dataDir,
  vault: new FileVault(path.join(dataDir, 'vault')),
  host: 'browser',
  version: pkg.version,
  log,
});
await core.ready;
if (values.demo && core.settings.get().mode === 'unconfigured') {
  const result = await core.dispatch('demo:start', {});
  if (!result.ok) console.error(`Demo mode could not start: ${result.error.message}`);
}
const host = await startWebHost({ core, rendererDir, port: Number(values.port) || 0 });
console.log(`Shopdesk is running in your browser at: ${host.loginUrl}`);
console.log(`(data folder: ${dataDir}; press Ctrl+C to stop)`);
if (values.open) openInBrowser(host.loginUrl);

const stop = (): void => {
  void host
    .close()
    .then(() => core.close())
    .finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // no browser opener: the printed address is enough
  }
}
