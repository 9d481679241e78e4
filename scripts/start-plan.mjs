// What `npm start` and `npm run web` run, as plain data (unit-tested for Linux, macOS and Windows).
//
// Every step is started directly from the Node that runs this script (process.execPath), never through a shell:
// stopping a shell (`shell: true`, cmd.exe on Windows) stops only the shell and leaves what it started running,
// holding the port. The browser host is stopped through its IPC channel, which works the same on every platform
// (Windows has no SIGTERM to send: child.kill() there ends a process at once, without closing the core).
import os from 'node:os';
import path from 'node:path';

/** The browser host's data folder, as electron/web/cli.ts chooses it. */
export function dataDirOf(args, env = process.env, home = os.homedir()) {
  const at = args.indexOf('--data-dir');
  const given = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
  return path.resolve(given ?? env.SHOPDESK_DATA_DIR ?? path.join(home, '.shopdesk', 'browser-host'));
}

/**
 * The steps of a start. `args` are the command line after `npm start --` / `npm run web --`; `web` is npm run web
 * (the browser host only, as given); otherwise the desktop app, or the browser host in demo mode opened in a browser.
 */
export function startPlan({ root, execPath = process.execPath, platform = process.platform, args = [], web = false }) {
  const node = (script, scriptArgs, extra = {}) => ({
    command: execPath,
    args: [script, ...scriptArgs],
    options: { cwd: root, shell: false, windowsHide: platform === 'win32', ...extra },
  });
  return {
    build: node(path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), ['build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    electron: (binary) => ({
      command: binary,
      args: ['.'],
      options: { cwd: root, shell: false, stdio: 'inherit' },
      // Electron closes its core on SIGTERM (will-quit); on Windows kill() ends it at once, as closing its window would not
      stop: platform === 'win32' ? 'kill' : 'SIGTERM',
    }),
    host: {
      command: execPath,
      args: [
        '--import',
        'tsx',
        path.join(root, 'electron', 'web', 'cli.ts'),
        ...(web ? args : ['--demo', '--open', ...args]),
      ],
      options: {
        cwd: root,
        shell: false,
        windowsHide: platform === 'win32',
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      },
      stop: 'ipc',
    },
  };
}
