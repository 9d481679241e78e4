/**
 * Another local user against the browser host's sign-in (#25.2), as the review played it: a process of a second uid
 * polls every /proc/<pid>/cmdline while the host starts, takes any sign-in address or launcher file it finds there,
 * and tries it. Before, `xdg-open <printed address>` put the key in a command line and the poller signed in first
 * (4 of 4). Now (1) the host opens the browser itself through its 0600 launcher file, so no key stands in any command
 * line and the file cannot be read; (2) even the printed address, opened the wrong way (through xdg-open), signs only
 * this user in: the host answers only connections whose client socket is its own user's (/proc/net/tcp), and the
 * other user's try does not spend the key.
 *
 * The host runs as it does for `npm run web` (electron/web/cli.ts), with the system's own opener (xdg-open); the
 * browser is a stand-in named by $BROWSER (which xdg-open honours) that does what a browser does with the file or the
 * address. Needs root (to run the poller as uid 65534), Linux and xdg-open; skipped with the reason otherwise.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const NOBODY = 65534;

function whyNot(): string | null {
  if (process.platform !== 'linux') return 'needs Linux (/proc/<pid>/cmdline and /proc/net/tcp)';
  if (process.getuid?.() !== 0) return 'needs root, to run the hostile poller as a second user (uid 65534)';
  try {
    execFileSync('sh', ['-c', 'command -v xdg-open && command -v setpriv'], { stdio: 'ignore' });
  } catch {
    return 'needs xdg-open (the system opener the host uses) and setpriv';
  }
  return null;
}
const skipped = whyNot();
if (skipped) console.warn(`other-user.test skipped: ${skipped}`);

/**
 * The other user: reads every command line it can, tries every sign-in address and launcher file it finds in them
 * (the file's key posted as the launcher page would), and writes what it saw and got, as JSON, when told to stop.
 */
const POLLER = String.raw`
const fs = require('node:fs');
const seen = new Set(), tried = [], files = [];
let polls = 0, stop = false;
process.on('SIGTERM', () => { stop = true; });
const attempt = async (url, init, what) => {
  try {
    const r = await fetch(url, init);
    const text = await r.text();
    tried.push({ what, status: r.status, session: /session/.test(text) && r.status === 200 });
  } catch (e) { tried.push({ what, error: String(e) }); }
};
const look = async (line) => {
  for (const m of line.matchAll(/(http:\/\/127\.0\.0\.1:\d+)\/#login=([A-Za-z0-9_-]+)/g)) {
    if (seen.has(m[0])) continue;
    seen.add(m[0]);
    await attempt(m[1] + '/session', { method: 'POST', headers: { origin: m[1], 'content-type': 'application/json' }, body: JSON.stringify({ key: m[2] }) }, 'address');
  }
  for (const m of line.matchAll(/(\/\S+\.html)/g)) {
    if (seen.has(m[1])) continue;
    seen.add(m[1]);
    let page;
    try { page = fs.readFileSync(m[1], 'utf8'); files.push({ file: m[1], read: true }); }
    catch (e) { files.push({ file: m[1], read: false, code: e.code }); continue; }
    const action = /action="([^"]+)"/.exec(page), key = /name="key" value="([^"]+)"/.exec(page);
    if (action && key) await attempt(action[1], { method: 'POST', headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' }, body: 'key=' + encodeURIComponent(key[1]) }, 'launcher');
  }
};
(async () => {
  while (!stop) {
    polls++;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let line;
      try { line = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\0').join(' '); } catch { continue; }
      if (line.includes('login=') || /\.html/.test(line)) await look(line);
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  fs.writeFileSync(process.argv[2], JSON.stringify({ uid: process.getuid(), polls, seen: [...seen], tried, files }));
  process.exit(0);
})();
`;

/**
 * The stand-in browser (this user's): given a launcher file, it reads it and posts its form as a browser would (Origin
 * "null"); given an address, it trades the key in its fragment as the page does. It notes the answer's status.
 */
const BROWSER = String.raw`
const fs = require('node:fs');
const target = process.argv[2];
const out = process.env.SHOPDESK_TEST_BROWSER_LOG;
(async () => {
  // as slow as a browser starting: the poller has every chance to go first
  await new Promise((r) => setTimeout(r, 300));
  let r;
  if (target.startsWith('http')) {
    const m = /^(http:\/\/127\.0\.0\.1:\d+)\/#login=(.+)$/.exec(target);
    r = await fetch(m[1] + '/session', { method: 'POST', headers: { origin: m[1], 'content-type': 'application/json' }, body: JSON.stringify({ key: m[2] }) });
  } else {
    const page = fs.readFileSync(target.replace(/^file:\/\//, ''), 'utf8');
    const action = /action="([^"]+)"/.exec(page)[1], key = /name="key" value="([^"]+)"/.exec(page)[1];
    r = await fetch(action, { method: 'POST', headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' }, body: 'key=' + encodeURIComponent(key) });
  }
  const text = await r.text();
  fs.appendFileSync(out, JSON.stringify({ how: target.startsWith('http') ? 'address' : 'launcher', status: r.status, session: /session/.test(text) && r.status === 200 }) + '\n');
})();
`;

let dir: string;
let children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-other-user-'));
  // only the host's own protections count: its parent folder is open to every user
  fs.chmodSync(dir, 0o755);
});
afterEach(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  children = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

interface PollerReport {
  uid: number;
  polls: number;
  seen: string[];
  tried: { what: string; status?: number; session?: boolean; error?: string }[];
  files: { file: string; read: boolean; code?: string }[];
}

function startPoller(): { stop: () => Promise<PollerReport> } {
  const script = path.join(dir, 'poller.cjs');
  const report = path.join(dir, 'poller-report.json');
  fs.writeFileSync(script, POLLER, { mode: 0o644 });
  fs.writeFileSync(report, '', { mode: 0o666 });
  fs.chmodSync(report, 0o666);
  const child = spawn(
    'setpriv',
    [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, script, report],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  children.push(child);
  return {
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(fs.readFileSync(report, 'utf8')) as PollerReport;
    },
  };
}

/** The browser host as `npm run web` starts it, with the system's opener and the stand-in browser behind it. */
function startHost(extra: string[]): { child: ChildProcess; output: () => string; browserLog: string } {
  const browser = path.join(dir, 'browser');
  fs.writeFileSync(browser, `#!${process.execPath}\n${BROWSER}`, { mode: 0o755 });
  const browserLog = path.join(dir, 'browser.log');
  const env: NodeJS.ProcessEnv = { ...process.env, BROWSER: browser, SHOPDESK_TEST_BROWSER_LOG: browserLog };
  // xdg-open's generic path (no desktop): the file or address goes to $BROWSER
  for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'XDG_CURRENT_DESKTOP', 'DESKTOP_SESSION', 'KDE_FULL_SESSION'])
    delete env[name];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/web/cli.ts', '--data-dir', path.join(dir, 'data'), '--port', '0', ...extra],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: () => out, browserLog };
}

async function until<T>(what: string, probe: () => T | undefined, ms = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const browserResults = (log: string): { how: string; status: number; session: boolean }[] =>
  fs.existsSync(log)
    ? fs
        .readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { how: string; status: number; session: boolean })
    : [];

describe.skipIf(skipped !== null)('another local user polling /proc/*/cmdline', () => {
  it('the host opens the browser through its launcher by default: the other user never signs in', async () => {
    expect(fs.existsSync(path.join(ROOT, 'out/renderer/index.html')), 'build the renderer first').toBe(true);
    const poller = startPoller();
    const host = startHost([]);
    // the stand-in browser, opened by xdg-open with the launcher file, signed this user in
    const results = await until('the browser to sign in', () => {
      const got = browserResults(host.browserLog);
      return got.length > 0 ? got : undefined;
    });
    expect(results).toEqual([{ how: 'launcher', status: 200, session: true }]);
    await new Promise((r) => setTimeout(r, 500));
    const report = await poller.stop();
    expect(report.uid).toBe(NOBODY);
    expect(report.polls).toBeGreaterThan(10);
    // it saw the opener's command line: the launcher file's name, and no key
    const launcher = report.files.find((f) => /\/run\/open-[0-9a-f]+\.html$/.test(f.file));
    expect(launcher, JSON.stringify(report)).toBeDefined();
    expect(report.files.every((f) => !f.read)).toBe(true);
    expect(launcher!.code).toBe('EACCES');
    expect(report.seen.some((s) => s.includes('login='))).toBe(false);
    expect(report.tried.filter((t) => t.session)).toEqual([]);
    // the host said how it opens, and what the printed address is for
    expect(host.output()).toContain('opening Shopdesk in your browser');
    expect(host.output()).toMatch(/do not open it through a command/);
  }, 120_000);

  it('even the printed address opened through xdg-open signs only this user in; the other user’s try spends nothing', async () => {
    const poller = startPoller();
    const host = startHost(['--no-open']);
    const url = await until(
      'the printed address',
      () => /(http:\/\/127\.0\.0\.1:\d+\/#login=\S+)/.exec(host.output())?.[1],
    );
    // the wrong way, as in the review: the whole address on a command line every local user can read
    const opener = spawn('xdg-open', [url], {
      env: {
        ...process.env,
        BROWSER: path.join(dir, 'browser'),
        SHOPDESK_TEST_BROWSER_LOG: host.browserLog,
        DISPLAY: '',
      },
      stdio: 'ignore',
    });
    children.push(opener);
    const results = await until('the browser to sign in', () => {
      const got = browserResults(host.browserLog);
      return got.length > 0 ? got : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    const report = await poller.stop();
    // the poller found the address and tried it first (the browser waits 300 ms), from another user's socket: refused
    const tries = report.tried.filter((t) => t.what === 'address');
    expect(tries.length, JSON.stringify(report)).toBeGreaterThan(0);
    for (const t of tries) expect(t).toMatchObject({ status: 403, session: false });
    // and the key was still good for this user
    expect(results).toEqual([{ how: 'address', status: 200, session: true }]);
  }, 120_000);
});
