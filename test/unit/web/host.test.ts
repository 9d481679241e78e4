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
import type { Core } from '../../../electron/main/core/index';
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
