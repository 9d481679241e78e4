/**
 * npm start and npm run web as a person or a tool runs them (scripts/start.mjs): what is started where Electron can
 * and cannot be had, and that a signal to the top process alone — or its death — stops every process it started,
 * frees the port and closes the core first. Linux runs them for real (with Windows' plan too: no shell, stopped
 * through IPC); the plans themselves are checked for every platform.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDirOf, startPlan } from '../../../scripts/start-plan.mjs';
import {
  ELECTRON_VERSION as VERSION,
  standInElectronPackage,
  startElectronMirror,
  type ElectronMirror,
} from '../../support/electron-standin';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const linux = process.platform === 'linux';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Every process below it once it was up (startHost). */
  below?: number[];
}

/** Starts a command in the project (as a person would, through npm) and collects what it prints. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}): Started {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor<T>(what: string, probe: () => T | null | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Live processes below a process (by /proc: parent ids), zombies not counted. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parents.set(Number(entry), Number(fields[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number): void => {
    for (const [child, parent] of parents)
      if (parent === p) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

let dir: string;
let dataDir: string;
const started: Started[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-start-'));
  dataDir = path.join(dir, 'data');
});
afterEach(async () => {
  for (const s of started.splice(0)) {
    for (const pid of [s.child.pid!, ...(s.below ?? []), ...descendants(s.child.pid!)]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The common environment: no build (npm test has just built), no browser opened, nowhere to download from. */
const quiet = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  SHOPDESK_SKIP_BUILD: '1',
  BROWSER: 'true',
  DISPLAY: '',
  ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'no-electron-here'),
  ...extra,
});

/** Starts, waits for the browser host's address, and returns the port and every process below the top one. */
async function startHost(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { detached?: boolean } = {},
) {
  const s = start(command, args, env, options);
  started.push(s);
  const port = Number(
    (await waitFor('the browser host', () => /in your browser: http:\/\/127\.0\.0\.1:(\d+)\//.exec(s.output())))[1],
  );
  expect(await portFree(port)).toBe(false);
  const below = descendants(s.child.pid!);
  expect(below.length).toBeGreaterThan(0);
  s.below = below;
  return { ...s, port, below };
}

/** After a stop: nothing started is left, the port is free, and the core said it closed (drafts, outbox flushed). */
async function expectStoppedCleanly(s: Started & { port: number; below: number[] }) {
  await Promise.race([s.exited, new Promise((_, reject) => setTimeout(() => reject(new Error(s.output())), 30_000))]);
  await waitFor('every child to end', () => s.below.every((pid) => !running(pid)) || null, 15_000);
  expect(await portFree(s.port)).toBe(true);
  expect(s.output()).toContain('[shopdesk] stopped: drafts and outbox closed');
  const wal = fs
    .readdirSync(dataDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('-wal') && fs.statSync(path.join(dataDir, f)).size > 0);
  expect(wal).toEqual([]); // every database closed (its write-ahead log checkpointed)
}

describe.skipIf(!linux)('stopping cleanly (a signal to the top process only)', () => {
  const web = (): string[] => ['run', 'web', '--', '--port', '0', '--data-dir', dataDir, '--demo', '--no-open'];

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'npm run web, %s to npm alone: every child gone, port free, core closed',
    async (signal) => {
      const s = await startHost('npm', web(), quiet());
      process.kill(s.child.pid!, signal);
      await expectStoppedCleanly(s);
    },
    90_000,
  );

  it('npm run web, Ctrl+C in its terminal (SIGINT to the whole group): the same', async () => {
    const s = await startHost('npm', web(), quiet(), { detached: true }); // a group of its own, as a terminal gives
    process.kill(-s.child.pid!, 'SIGINT');
    await expectStoppedCleanly(s);
  }, 90_000);

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'node scripts/start.mjs --web (no npm), %s to it alone: the same',
    async (signal) => {
      const s = await startHost(process.execPath, ['scripts/start.mjs', '--web', ...web().slice(3)], quiet());
      process.kill(s.child.pid!, signal);
      await expectStoppedCleanly(s);
    },
    90_000,
  );

  it('npm start where Electron cannot be had: SIGTERM to npm alone stops the browser host it opened', async () => {
    const s = await startHost('npm', ['start', '--', '--port', '0', '--data-dir', dataDir], quiet());
    expect(s.output()).toMatch(
      /Electron is not available here \(ELECTRON_OVERRIDE_DIST_PATH .* holds no Electron\), so Shopdesk opens in your browser instead\./,
    );
    process.kill(s.child.pid!, 'SIGTERM');
    await expectStoppedCleanly(s);
  }, 90_000);

  it('npm start whose npm is killed outright (SIGKILL: nothing passed on): what it started stops by itself', async () => {
    const s = await startHost('npm', ['start', '--', '--port', '0', '--data-dir', dataDir], quiet());
    process.kill(s.child.pid!, 'SIGKILL');
    await waitFor('every child to end', () => s.below.every((pid) => !running(pid)) || null, 30_000);
    expect(await portFree(s.port)).toBe(true);
    expect(s.output()).toContain('[shopdesk] stopped: drafts and outbox closed');
  }, 90_000);

  it('Windows’ plan, run here (node directly, no shell; the host stopped through IPC): stops the same way', async () => {
    const s = await startHost(
      process.execPath,
      ['scripts/start.mjs', '--web', '--port', '0', '--data-dir', dataDir],
      quiet({ SHOPDESK_PLATFORM: 'win32' }),
    );
    process.kill(s.child.pid!, 'SIGTERM');
    await expectStoppedCleanly(s);
  }, 90_000);
});

describe('the start plan, per platform', () => {
  it.each(['linux', 'darwin', 'win32'])('%s: every step runs from this Node, none through a shell', (platform) => {
    const plan = startPlan({ root: '/app', execPath: '/node/bin/node', platform, args: ['--port', '8080'] });
    for (const step of [plan.build, plan.host, plan.electron('/app/node_modules/electron/dist/electron')])
      expect(step.options.shell, step.command).toBe(false);
    expect(plan.build).toMatchObject({
      command: '/node/bin/node',
      args: [expect.stringMatching(/electron-vite\.js$/), 'build'],
    });
    expect(plan.host).toMatchObject({ command: '/node/bin/node', stop: 'ipc' });
    expect(plan.host.args).toEqual([
      '--import',
      'tsx',
      expect.stringMatching(/cli\.ts$/),
      '--demo',
      '--open',
      '--port',
      '8080',
    ]);
    expect(plan.host.options.stdio).toContain('ipc');
    expect(plan.electron('/e').stop).toBe(platform === 'win32' ? 'kill' : 'SIGTERM');
  });

  it('npm run web passes the arguments as given, without demo mode (the host opens the browser unless --no-open)', () => {
    const plan = startPlan({ root: '/app', args: ['--port', '8080'], web: true });
    expect(plan.host.args.slice(3)).toEqual(['--port', '8080']);
  });

  it('the data folder is where the browser host keeps it', () => {
    expect(dataDirOf(['--data-dir', '/d'], {}, '/home/ann')).toBe(path.resolve('/d'));
    expect(dataDirOf(['--data-dir=/e'], {}, '/home/ann')).toBe(path.resolve('/e'));
    expect(dataDirOf([], { SHOPDESK_DATA_DIR: '/f' }, '/home/ann')).toBe(path.resolve('/f'));
    expect(dataDirOf([], {}, '/home/ann')).toBe(path.resolve('/home/ann/.shopdesk/browser-host'));
  });
});

describe.skipIf(!linux)('the start decision, end to end', () => {
  let mirror: ElectronMirror | null = null;
  afterEach(async () => {
    await mirror?.close();
    mirror = null;
  });

  /** A copy of the electron package, and a mirror serving a stand-in Electron that says it was started. */
  async function electronMirror(): Promise<{ env: NodeJS.ProcessEnv }> {
    mirror = await startElectronMirror();
    return {
      env: { SHOPDESK_ELECTRON_DIR: standInElectronPackage(dir), ...mirror.env(path.join(dir, 'cache')) },
    };
  }

  it('where the download works, npm start downloads Electron (saying so, with its size) and runs it', async () => {
    const { env } = await electronMirror();
    const s = start('npm', ['start', '--', '--data-dir', dataDir], { ...quiet(env), ELECTRON_OVERRIDE_DIST_PATH: '' });
    started.push(s);
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain(`Downloading Electron ${VERSION} for ${process.platform}-${process.arch}`);
    expect(s.output()).toMatch(/\d+ kB of \d+ kB/);
    expect(s.output()).toContain('stand-in Electron started with: .');
    expect(s.output()).not.toContain('opens in your browser');
  }, 90_000);

  it('where it cannot (no network): one line with the reason, the browser host; the next start does not try again', async () => {
    const { env } = await electronMirror();
    const offline = {
      ...quiet(env),
      ELECTRON_OVERRIDE_DIST_PATH: '',
      ELECTRON_MIRROR: 'http://shopdesk-no-such-host.invalid/',
    };
    const first = await startHost('npm', ['start', '--', '--port', '0', '--data-dir', dataDir], offline);
    expect(first.output()).toMatch(
      /Electron is not available here \(no network \(.*shopdesk-no-such-host\.invalid.*\)\), so Shopdesk opens in your browser instead\./,
    );
    process.kill(first.child.pid!, 'SIGTERM');
    await expectStoppedCleanly(first);
    const second = await startHost('npm', ['start', '--', '--port', '0', '--data-dir', dataDir], offline);
    expect(second.output()).not.toContain('Downloading Electron');
    expect(second.output()).toMatch(
      /Electron is not available here \(no network at .*; trying again after .*\), so Shopdesk opens/,
    );
    process.kill(second.child.pid!, 'SIGTERM');
    await expectStoppedCleanly(second);
  }, 120_000);
});
