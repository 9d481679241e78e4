/**
 * The saved token goes only to the origin it was saved for, tested as staff who mistype an address (or a look-alike
 * domain's owner listening there) would meet it: Test and Save with another address, a settings file edited on disk.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/main/core/index';
import { readToken } from '../../../electron/main/core/settings/token';
import { FileVault, MemoryVault } from '../../../electron/main/core/settings/vault';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn } from '../../support/core';

const TOKEN = 'saved-shop-token-0123456789';
let dir: string;
let svc: RunningService;
let core: Core;
let listener: http.Server;
let listenerUrl: string;
let heard: string[];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-origin-'));
  svc = await startService({ token: TOKEN, products: 10, orders: 3 });
  heard = [];
  listener = http.createServer((req, res) => {
    heard.push(JSON.stringify(req.headers));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"meta":{"total":0}}');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  listenerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
  await ask(core, 'settings:save', { baseUrl: svc.url, token: TOKEN });
});
afterEach(async () => {
  await core.close();
  await svc.close();
  listener.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the token bound to its origin', () => {
  it('Test with another address and no token sends no token there, and says why', async () => {
    const verdict = await ask(core, 'connection:test', { baseUrl: listenerUrl });
    expect(verdict.verdict).toBe('token_for_other_address');
    expect(verdict.tokenOrigin).toBe(new URL(svc.url).origin);
    expect(heard).toEqual([]);
    // the saved address itself still tests with the saved token
    expect((await ask(core, 'connection:test', { baseUrl: `${svc.url}/` })).verdict).toBe('connected');
  });

  it('Save with another address and no token is refused, the old settings kept; with its own token it is bound there', async () => {
    const refused = await core.dispatch('settings:save', { baseUrl: listenerUrl });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'token_for_other_address', facts: { tokenOrigin: new URL(svc.url).origin } },
    });
    expect((await ask(core, 'settings:get', {})).baseUrl).toBe(svc.url);
    const saved = await ask(core, 'settings:save', { baseUrl: listenerUrl, token: 'listener-token' });
    expect(saved.tokenOrigin).toBe(listenerUrl);
    await expect.poll(() => heard.join()).toContain('listener-token');
    expect(heard.join()).not.toContain(TOKEN);
  });

  it('an address changed in the settings file on disk gets no token either', async () => {
    await core.close();
    const file = path.join(dir, 'settings.json');
    const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...settings, baseUrl: listenerUrl }));
    core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    const view = await ask(core, 'settings:get', {});
    expect(view.tokenSet).toBe(false);
    await ask(core, 'connection:check', {});
    expect(heard.join()).not.toContain(TOKEN);
    expect(heard.join()).not.toContain('authorization');
  });

  it('a token saved by an older version belongs to the address saved with it', async () => {
    const vault = new MemoryVault();
    await vault.set('bare-old-token');
    expect(await readToken(vault, 'https://shop.example.com/api')).toEqual({
      origin: 'https://shop.example.com',
      token: 'bare-old-token',
    });
    expect(await readToken(vault, null)).toBeNull();
  });
});
