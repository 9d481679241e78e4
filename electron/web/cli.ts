/**
 * npm run web: the app in any browser, through the browser host. Also what `npm start` falls back to where the
 * Electron binary cannot be obtained.
 *   --data-dir <dir>   where settings, token and caches live (default ~/.shopdesk/browser-host)
 *   --port <n>         port on 127.0.0.1 (default: a free one)
 *   --demo             start demo mode when nothing is configured yet
 *   --no-open          do not open the browser (by default the app opens in the default browser through a launcher
 *                      file only this user can read, so no sign-in key is ever on a command line)
 * The printed address is the fallback: it signs in once, within two minutes, only from this user's browser where the
 * OS can tell (Linux), and must not be opened through a command (another local user can read command lines). Enter
 * opens the browser again and prints a new one.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../main/core/index';
import { BUILT_WRITER_NAME } from '../main/core/packaged-paths';
import { FileVault } from '../main/core/settings/vault';
import { startWebHost, type WebHost } from './host';
import { AppFailure } from '../../shared/errors';

// every file and folder this process makes is this user's only, from the first one on (the data folder, the demo
// service's files, screens.json, the launcher pages), as in the Electron shell
process.umask(0o077);

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    demo: { type: 'boolean', default: false },
    // on by default (#25.2): `--no-open` turns it off; `--open` is still understood
    open: { type: 'boolean', default: true },
  },
  allowNegative: true,
});

const root = path.resolve(import.meta.dirname, '../..');
const rendererDir = path.join(root, 'out/renderer');
const builtWriter = path.join(root, 'out/main', BUILT_WRITER_NAME);
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
let core;
try {
  core = createCore({
    dataDir,
    vault: new FileVault(path.join(dataDir, 'vault')),
    host: 'browser',
    version: pkg.version,
    log,
    // the catalogue's writer thread as built beside the renderer (plain JavaScript, quick to start). From the sources
    // it compiled its TypeScript through tsx first: seconds of CPU on a busy machine, which a stop then waited for to
    // save the pages already fetched, past the 10 s stop limit (the host ended without closing the catalogue)
    ...(fs.existsSync(builtWriter) ? { catalogueWriter: { script: builtWriter, execArgv: [] } } : {}),
  });
} catch (error) {
  if (error instanceof AppFailure && error.code === 'data_folder_in_use') {
    console.error(
      `Another Shopdesk is already running on ${dataDir}${error.facts?.pid ? ` (process ${error.facts.pid})` : ''}. ` +
        'Close it first, or give this one another folder with --data-dir.',
    );
    process.exit(1);
  }
  throw error;
}
await core.ready;
if (values.demo && core.settings.get().mode === 'unconfigured') {
  const result = await core.dispatch('demo:start', {});
  if (!result.ok) console.error(`Demo mode could not start: ${result.error.message}`);
}
const host = await startWebHost({ core, rendererDir, port: Number(values.port) || 0 });
/**
 * The printed address, a fallback (#25.2): whoever reads a command line it stands in (`xdg-open <address>`, a browser
 * started with it) is any local user, so it is to be pasted into the browser, never handed to a command.
 */
const printAddress = (): void => {
  console.log(`Open Shopdesk in your browser: ${host.loginUrl()}`);
  console.log(
    '(if no browser opened: paste this address into your browser yourself; do not open it through a command such as ' +
      'xdg-open or a browser started with it, where other users of this computer can read it. It signs in once, ' +
      `within two minutes${process.platform === 'linux' ? ', and only from your own user' : ''}. ` +
      `Press Enter here to ${values.open ? 'open the browser again and ' : ''}get a new address)`,
  );
};
const open = (): void => {
  if (values.open) openInBrowser(launcherFile(host));
};
if (values.open) console.log('[shopdesk] opening Shopdesk in your browser…');
printAddress();
console.log(`(data folder: ${dataDir}; press Ctrl+C to stop)`);
open();
if (process.stdin.isTTY) {
  process.stdin.on('data', () => {
    open();
    printAddress();
  });
  process.stdin.unref();
}

// Stopping: on SIGINT, SIGTERM or SIGHUP, when npm start / npm run web asks through the IPC channel (the one way that
// works on Windows too), or when that starter goes away. The server stops taking requests, then the core closes
// (drafts and outbox written, the catalogue's threads stopped), then the process exits and the port is free.
/** How long closing may take before the process ends anyway. */
const STOP_LIMIT_MS = 10_000;
let stopping = false;
const stop = (why: string): void => {
  if (stopping) return;
  stopping = true;
  // whoever read the output may be gone too: a write that fails must not end the process before the core is closed
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  console.log(`[shopdesk] stopping (${why})…`);
  setTimeout(() => process.exit(1), STOP_LIMIT_MS).unref();
  void host
    .close()
    .then(() => core.close())
    .then(
      () => console.log('[shopdesk] stopped: drafts and outbox closed'),
      (error: unknown) => console.error(`[shopdesk] stopped with an error: ${String(error)}`),
    )
    .finally(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
process.on('message', (message) => {
  const type = (message as { type?: unknown } | null)?.type;
  if (type === 'stop') stop('asked by npm start');
  // the soak (test/soak) samples the host's memory, after a full collection where --expose-gc allows one
  if (type === 'memory' && process.send) {
    (globalThis as { gc?: () => void }).gc?.();
    process.send({ type: 'memory', usage: process.memoryUsage() });
  }
});
process.on('disconnect', () => stop('npm start went away'));

/**
 * A page that posts a fresh sign-in key to the host, in a folder only this user can enter: the opener's command line
 * (readable by every local user) carries the file's name, never a key. Removed once the key can no longer be used.
 */
function launcherFile(host: WebHost): string {
  const dir = path.join(dataDir, 'run');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const file = path.join(dir, `open-${randomBytes(6).toString('hex')}.html`);
  fs.writeFileSync(file, host.launcherPage(), { mode: 0o600, flag: 'wx' });
  const remove = (): void => fs.rmSync(file, { force: true });
  setTimeout(remove, 2 * 60_000 + 1_000).unref();
  process.once('exit', remove);
  return file;
}

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
