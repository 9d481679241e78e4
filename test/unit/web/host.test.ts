/**
 * The browser host's sign-in, run as the hostile party would: another local process holding a used or an old key, a
 * request that carries only a cookie, a page of another origin, a symbolic link out of the renderer folder.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOGIN_KEY_TTL_MS,
  SESSION_HEADER,
  SESSION_IDLE_MS,
  startWebHost,
  staticFile,
  type WebHost,
} from '../../../electron/web/host';
import { findOwner, loopbackPeer } from '../../../electron/web/peer';
import type { Core } from '../../../electron/main/core/index';
import type { SessionList } from '../../../shared/contract';
import { coreIn } from '../../support/core';

const run = promisify(execFile);

let dir: string;
let rendererDir: string;
let core: Core;
let host: WebHost;
let clock: number;

const keyOf = (url: string): string => /#login=(.+)$/.exec(url)![1]!;

async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const exchange = (key: string) => post(`${host.url}/session`, JSON.stringify({ key }), { origin: host.url });

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-webhost-'));
  rendererDir = path.join(dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  core = coreIn(path.join(dir, 'data'));
  clock = Date.now();
  host = await startWebHost({ core, rendererDir, now: () => clock });
});

afterEach(async () => {
  await host.close();
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('signing in', () => {
  it('a key signs in once; a second process that reuses it is refused', async () => {
    const key = keyOf(host.loginUrl());
    const first = await exchange(key);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const session = (JSON.parse(first.text) as { value: { session: string } }).value.session;
    // the session is a separate secret, not the key
    expect(session).not.toBe(key);
    expect(session.length).toBeGreaterThanOrEqual(40);

    // another process (another local user who read the key) tries the same key
    const script = `fetch(${JSON.stringify(`${host.url}/session`)}, { method: 'POST', headers: { origin: ${JSON.stringify(host.url)}, 'content-type': 'application/json' }, body: JSON.stringify({ key: ${JSON.stringify(key)} }) }).then(async (r) => console.log(r.status, await r.text()))`;
    const { stdout } = await run(process.execPath, ['-e', script]);
    expect(stdout).toMatch(/^403 /);
    expect(stdout).toContain('"code":"signed_out"');
    expect(stdout).toContain('login_key_refused');
    expect(stdout).not.toContain('"session"');
  });

  it('a key expires after two minutes unused', async () => {
    const key = keyOf(host.loginUrl());
    expect(host.pendingKeys()).toBe(1);
    clock += LOGIN_KEY_TTL_MS + 1;
    expect(host.pendingKeys()).toBe(0);
    expect((await exchange(key)).status).toBe(403);
  });

  it('a session unused for eight hours is signed out; one in use goes on (#25.3)', async () => {
    const session = (JSON.parse((await exchange(keyOf(host.loginUrl()))).text) as { value: { session: string } }).value
      .session;
    const call = () => post(`${host.url}/ipc/settings:get`, '{}', { [SESSION_HEADER]: session });
    // used every seven hours: still signed in a day later
    for (let i = 0; i < 4; i++) {
      clock += 7 * 3_600_000;
      expect((await call()).status).toBe(200);
    }
    clock += SESSION_IDLE_MS + 1;
    const ended = await call();
    expect(ended.status).toBe(401);
    expect(JSON.parse(ended.text)).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    // and it stays ended
    clock -= SESSION_IDLE_MS;
    expect((await call()).status).toBe(401);
  });

  it('a made-up or empty key is refused', async () => {
    for (const key of ['', 'x', 'a'.repeat(43), 'a'.repeat(5000)]) expect((await exchange(key)).status).toBe(403);
  });

  it('the bridge answers only calls carrying a session in its header: no cookie, no key, no other origin', async () => {
    const session = (JSON.parse((await exchange(keyOf(host.loginUrl()))).text) as { value: { session: string } }).value
      .session;
    const call = (headers: Record<string, string>) => post(`${host.url}/ipc/settings:get`, '{}', headers);
    const refused = await call({});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(refused.text)).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect((await call({ cookie: `shopdesk_session=${session}` })).status).toBe(401);
    expect((await call({ [SESSION_HEADER]: keyOf(host.loginUrl()) })).status).toBe(401);
    expect((await call({ [SESSION_HEADER]: session, origin: 'http://127.0.0.1:1' })).status).toBe(403);
    const ok = await call({ [SESSION_HEADER]: session });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toMatchObject({ ok: true });
    // no response of the host sets a cookie
    expect(ok.headers.get('set-cookie')).toBeNull();
  });

  it('the launcher page posts its key once; its answer hands the session to the page and is never cached', async () => {
    const launcher = host.launcherPage();
    const key = /name="key" value="([^"]+)"/.exec(launcher)![1]!;
    expect(launcher).toContain(`action="${host.url}/login"`);
    const form = (k: string, origin: string) =>
      post(`${host.url}/login`, `key=${encodeURIComponent(k)}`, {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
      });
    // a page of another origin cannot use even a good key
    expect((await form(key, 'http://127.0.0.1:1')).status).toBe(403);
    const first = await form(key, 'null');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('set-cookie')).toBeNull();
    const session = /name="shopdesk-session" content="([^"]+)"/.exec(first.text)![1]!;
    expect((await post(`${host.url}/ipc/app:info`, '{}', { [SESSION_HEADER]: session, origin: host.url })).status).toBe(
      200,
    );
    const again = await form(key, 'null');
    expect(again.status).toBe(403);
    expect(again.text).not.toContain('shopdesk-session');
  });
});

describe('signed-in tabs (#25.2)', () => {
  const signIn = async (): Promise<string> =>
    (JSON.parse((await exchange(keyOf(host.loginUrl()))).text) as { value: { session: string } }).value.session;
  const ipc = async (session: string, channel: string, body: unknown = {}) => {
    const r = await post(`${host.url}/ipc/${channel}`, JSON.stringify(body), { [SESSION_HEADER]: session });
    return {
      status: r.status,
      body: JSON.parse(r.text) as { ok: boolean; value: SessionList; error?: { code: string } },
    };
  };

  it('lists each tab with when it signed in and was last used, and which one is asking', async () => {
    const wall = 1_780_000_000_000;
    await host.close();
    let wallClock = wall;
    host = await startWebHost({ core, rendererDir, now: () => clock, wallNow: () => wallClock });
    const a = await signIn();
    wallClock += 60_000;
    const b = await signIn();
    wallClock += 60_000;
    const listed = await ipc(a, 'sessions:list');
    expect(listed.status).toBe(200);
    expect(listed.body.value.available).toBe(true);
    const sessions = listed.body.value.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ signedInAt: wall, lastUsedAt: wall + 120_000, current: true });
    expect(sessions[1]).toMatchObject({ signedInAt: wall + 60_000, lastUsedAt: wall + 60_000, current: false });
    // the id is a name, not the secret
    for (const s of sessions) {
      expect(s.id).not.toBe(a);
      expect(s.id).not.toBe(b);
      expect(a.includes(s.id) || b.includes(s.id)).toBe(false);
    }
    expect((await ipc(b, 'sessions:list')).body.value.sessions.map((s) => s.current)).toEqual([false, true]);
  });

  it('ending another tab signs it out at its next request and closes its event stream', async () => {
    const a = await signIn();
    const b = await signIn();
    const events = await fetch(`${host.url}/events`, { headers: { [SESSION_HEADER]: b } });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    await reader.read(); // ': connected'
    const other = (await ipc(a, 'sessions:list')).body.value.sessions.find((s) => !s.current)!;
    const after = await ipc(a, 'sessions:end', { id: other.id });
    expect(after.body.value.sessions).toHaveLength(1);
    expect(after.body.value.sessions[0]!.current).toBe(true);
    // b's stream ends, and b is signed out
    for (;;) if ((await reader.read()).done) break;
    const refused = await ipc(b, 'settings:get');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect((await ipc(a, 'settings:get')).status).toBe(200);
    // ending one that is already gone changes nothing
    expect((await ipc(a, 'sessions:end', { id: other.id })).body.value.sessions).toHaveLength(1);
    expect((await ipc(a, 'sessions:end', {})).body).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('signing out ends this tab’s session on the host, not only in the tab', async () => {
    const a = await signIn();
    const own = (await ipc(a, 'sessions:list')).body.value.sessions[0]!;
    const after = await ipc(a, 'sessions:end', { id: own.id });
    expect(after.body.value.sessions).toEqual([]);
    expect((await ipc(a, 'settings:get')).status).toBe(401);
  });

  it('the desktop app has no tabs: its core says so', async () => {
    expect(await core.dispatch('sessions:list', {})).toEqual({ ok: true, value: { available: false, sessions: [] } });
  });
});

describe('only this user (#25.2)', () => {
  const asRoot = process.platform === 'linux' && process.getuid?.() === 0;

  it('reads the owner of a loopback connection’s client end from the kernel’s table', () => {
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1',
      '   1: 0100007F:1F90 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 2 1',
      '   2: 0100007F:D431 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1001        0 3 1',
      '   3: 0100007F:D432 0100007F:1F90 06 00000000:00000000 00:00000000 00000000     0        0 0 1',
    ].join('\n');
    // the client's socket (port 0xD431 -> 8080), not the server's accepted one, nor a TIME_WAIT left by another
    expect(findOwner(table, 0xd431, 8080)).toBe(1001);
    expect(findOwner(table, 0xd432, 8080)).toBeNull();
    expect(findOwner(table, 0xd431, 8081)).toBeNull();
    const six = [
      '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0000000000000000FFFF00000100007F:D433 0000000000000000FFFF00000100007F:1F90 01 00000000:00000000 00:00000000 00000000  1002        0 4 1',
    ].join('\n');
    expect(findOwner(six, 0xd433, 8080)).toBe(1002);
  });

  it.skipIf(process.platform !== 'linux')('finds this process’s own connection to the host', async () => {
    // a kept-alive fetch from this process: the table names this user as the client end's owner
    const http = await import('node:http');
    const port = Number(new URL(host.url).port);
    const peer = await new Promise<Awaited<ReturnType<typeof loopbackPeer>>>((resolve, reject) => {
      const req = http.get(`${host.url}/`, (res) => {
        res.resume();
        resolve(loopbackPeer(req.socket!.localPort!, port));
      });
      req.on('error', reject);
    });
    expect(peer).toEqual({ told: true, uid: process.getuid!() });
  });

  it('a connection of another user gets nothing, and its try does not spend the key', async () => {
    await host.close();
    host = await startWebHost({
      core,
      rendererDir,
      now: () => clock,
      user: { uid: 1000, peer: async () => ({ told: true, uid: 1001 }) },
    });
    const key = keyOf(host.loginUrl());
    const refused = await exchange(key);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('session');
    expect((await fetch(`${host.url}/`)).status).toBe(403);
    expect(host.pendingKeys()).toBe(1);
  });

  it('where the OS cannot tell, the key is its own proof', async () => {
    await host.close();
    host = await startWebHost({
      core,
      rendererDir,
      now: () => clock,
      user: { uid: 1000, peer: async () => ({ told: false }) },
    });
    expect((await exchange(keyOf(host.loginUrl()))).status).toBe(200);
  });

  it.skipIf(!asRoot)(
    'a second uid on this computer (65534) holding a fresh key is refused; this user then signs in with it',
    async () => {
      const key = keyOf(host.loginUrl());
      const script = `fetch(${JSON.stringify(`${host.url}/session`)}, { method: 'POST', headers: { origin: ${JSON.stringify(host.url)}, 'content-type': 'application/json' }, body: JSON.stringify({ key: ${JSON.stringify(key)} }) }).then(async (r) => console.log(r.status, await r.text()))`;
      const { stdout } = await run('setpriv', [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        '-e',
        script,
      ]);
      expect(stdout).toMatch(/^403 /);
      expect(stdout).not.toContain('session');
      expect((await exchange(key)).status).toBe(200);
    },
  );
});

describe('static files', () => {
  it('serves the renderer and nothing outside it, not through a symbolic link either', async () => {
    const secret = path.join(dir, 'secret.txt');
    fs.writeFileSync(secret, 'customer list');
    fs.symlinkSync(secret, path.join(rendererDir, 'leak.txt'));
    fs.symlinkSync(dir, path.join(rendererDir, 'up'));
    const real = fs.realpathSync(rendererDir);
    expect(staticFile(real, '/')).toBe(path.join(real, 'index.html'));
    expect(staticFile(real, '/leak.txt')).toBeNull();
    expect(staticFile(real, '/up/secret.txt')).toBeNull();
    expect(staticFile(real, '/../secret.txt')).toBeNull();
    expect(staticFile(real, '/%2e%2e/secret.txt')).toBeNull();
    expect(staticFile(real, '/%E0%A4%A')).toBeNull();
    const response = await fetch(`${host.url}/leak.txt`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('customer list');
  });
});
