// npm start: build, then the Electron app — downloading Electron first where it is missing, as the electron package
// itself would. Where it cannot be had (offline, blocked), one line says why and the same app opens in the browser
// through the browser host (demo mode unless a service is configured).
// npm run web (`--web`): build, then the browser host only, with the arguments given.
//
// Whatever it started stops with it: on SIGINT, SIGTERM or SIGHUP, and when the process that started it goes away
// (an IDE's stop button, a service manager, a closed terminal). The browser host closes its core first (drafts and
// the outbox flushed) and the port is free when this exits.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { obtainElectron } from './electron-binary.mjs';
import { dataDirOf, startPlan } from './start-plan.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const web = argv[0] === '--web';
const args = web ? argv.slice(1) : argv;
// SHOPDESK_PLATFORM=win32 runs Windows' plan here (tests: no shell, stopped through IPC)
const platform = process.env.SHOPDESK_PLATFORM || process.platform;
const plan = startPlan({ root, platform, args, web });
/** How long a child is given to stop before it is ended. */
const STOP_WAIT_MS = 10_000;

const children = new Set();
let stopping = false;
let downloading = null;

/** Stops every child (the browser host through IPC, so it closes its core), then exits. */
function stop(why) {
  if (stopping) return;
  stopping = true;
  downloading?.abort(new Error(why));
  if (children.size === 0) process.exit(0);
  for (const { child, how } of children) {
    if (how === 'ipc' && child.connected) child.send({ type: 'stop' });
    else if (how === 'kill') child.kill();
    else child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
    force.unref();
    child.once('exit', () => clearTimeout(force));
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// The process that started this one went away (killed, or its terminal closed without a signal reaching here). npm
// runs a script through a shell (sh -c on Linux and macOS, cmd.exe on Windows) that stays between it and this process:
// npm itself is watched too, as it dies of a SIGHUP it does not pass on, and the shell outlives it.
const parent = process.ppid;
const npm = process.env.npm_lifecycle_event ? grandparent() : 0;
const gone = (pid) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};
const watch = setInterval(() => {
  if (process.ppid !== parent || gone(parent) || (npm > 1 && gone(npm))) stop('the process that started it is gone');
}, 1000);
watch.unref();

/** The parent's parent (npm, when a shell runs this script for it); 0 where it cannot be read. */
function grandparent() {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || 0;
    }
    if (process.platform === 'win32') return 0; // the parent's death is what Windows can tell
    return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(process.ppid)], { encoding: 'utf8' }).trim()) || 0;
  } catch {
    return 0;
  }
}

/** Starts a step; resolves with its exit code once it ends (and this process exits with it, when `last`). */
function run(step, { last = false, how = step.stop ?? 'SIGTERM' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, step.options);
    const entry = { child, how };
    children.add(entry);
    child.on('error', (error) => {
      console.error(`Could not start ${step.command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      children.delete(entry);
      const status = code ?? (signal ? 1 : 0);
      if (last || stopping) {
        if (children.size === 0) process.exit(stopping ? 0 : status);
      }
      resolve(status);
    });
  });
}

if (process.env.SHOPDESK_SKIP_BUILD !== '1') {
  const built = await run(plan.build);
  if (stopping) await new Promise(() => undefined); // exits once the build has stopped
  if (built !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(1);
  }
}

if (!web) {
  downloading = new AbortController();
  const electron = await obtainElectron({
    // SHOPDESK_ELECTRON_DIR: another copy of the electron package (tests; the project's own otherwise)
    ...(process.env.SHOPDESK_ELECTRON_DIR ? { electronDir: process.env.SHOPDESK_ELECTRON_DIR } : {}),
    dataDir: dataDirOf(args),
    signal: downloading.signal,
  });
  downloading = null;
  if (stopping) process.exit(0);
  if (electron.binary) {
    await run(plan.electron(electron.binary), { last: true });
    await new Promise(() => undefined);
  }
  console.log(`Electron is not available here (${electron.reason}), so Shopdesk opens in your browser instead.`);
}
await run(plan.host, { last: true, how: 'ipc' });
