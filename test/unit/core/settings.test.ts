import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/main/core/index';
import { createSettingsStore } from '../../../electron/main/core/settings/settings';
import { FileVault, MemoryVault, type TokenVault } from '../../../electron/main/core/settings/vault';
import { DEFAULT_SYNC } from '../../../shared/sync';
import { startService, type RunningService } from '../../../server/index';

const SENTINEL = 'SENTINEL-7f3a9c-token-never-leaves-main';
let dir: string;
let service: RunningService;
const cores: Core[] = [];
const open = (vault: TokenVault = new FileVault(path.join(dir, 'vault'))) => {
  const core = createCore({ dataDir: dir, vault, host: 'browser', version: 't', background: false });
  cores.push(core);
  return core;
};

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-settings-'));
  service = await startService({ token: SENTINEL, products: 30, orders: 5 });
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('connection settings', () => {
  it('persist across restarts; the token lives only in the vault', async () => {
    const first = open();
    const saved = await first.dispatch('settings:save', { baseUrl: `${service.url}/`, token: SENTINEL });
    expect(saved).toMatchObject({ ok: true, value: { mode: 'service', baseUrl: service.url, tokenSet: true } });
    await first.close();

    const second = open();
    const view = await second.dispatch('settings:get', {});
    expect(view).toMatchObject({ ok: true, value: { mode: 'service', baseUrl: service.url, tokenSet: true } });
    const test = await second.dispatch('connection:test', {});
    expect(test).toMatchObject({ ok: true, value: { verdict: 'connected', productCount: 30 } });
    const settingsFile = fs.readFileSync(second.settings.path, 'utf8');
    expect(settingsFile).toContain(service.url);
    expect(settingsFile).not.toContain(SENTINEL);
  });

  it('refuses insecure addresses when saving, with the message at the field', async () => {
    const core = open();
    for (const bad of [
      'http://shop.example.com',
      'file:///etc',
      'javascript:alert(1)',
      'https://u:p@shop.example.com',
    ]) {
      const result = await core.dispatch('settings:save', { baseUrl: bad, token: 'x' });
      expect(result).toMatchObject({ ok: false, error: { code: 'insecure_url' } });
      if (!result.ok) expect(result.error.fields?.baseUrl?.[0]).toBeTruthy();
    }
    expect((await core.dispatch('settings:get', {})) as unknown).toMatchObject({
      ok: true,
      value: { mode: 'unconfigured', tokenSet: false },
    });
  });

  it('a token with spaces or an empty token is refused, the old one kept', async () => {
    const core = open();
    await core.dispatch('settings:save', { baseUrl: service.url, token: SENTINEL });
    expect(await core.dispatch('settings:save', { baseUrl: service.url, token: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await core.dispatch('settings:save', { baseUrl: service.url, token: 'two words' })).toMatchObject({
      ok: false,
    });
    expect(await core.dispatch('connection:test', {})).toMatchObject({ ok: true, value: { verdict: 'connected' } });
  });

  it('the token never comes back through any channel', async () => {
    const core = open(new MemoryVault());
    const responses: unknown[] = [];
    responses.push(await core.dispatch('settings:save', { baseUrl: service.url, token: SENTINEL }));
    responses.push(await core.dispatch('settings:get', {}));
    responses.push(await core.dispatch('connection:test', {}));
    responses.push(await core.dispatch('connection:test', { baseUrl: service.url, token: 'wrong' }));
    responses.push(await core.dispatch('connection:check', {}));
    responses.push(await core.dispatch('connection:status', {}));
    responses.push(await core.dispatch('app:info', {}));
    responses.push(await core.dispatch('demo:start', {}));
    responses.push(await core.dispatch('settings:get', {}));
    const events: unknown[] = [];
    core.events.onAny((event, payload) => events.push({ event, payload }));
    responses.push(await core.dispatch('connection:check', {}));
    const everything = JSON.stringify([responses, events]);
    expect(everything).not.toContain(SENTINEL);
    expect(responses.every((r) => (r as { ok: boolean }).ok)).toBe(true);
  });
});

describe('connection verdicts', () => {
  it('connected, wrong token, unreachable, not this kind of service, insecure, no token', async () => {
    const core = open();
    const verdict = async (baseUrl: string, token?: string) => {
      const result = await core.dispatch('connection:test', { baseUrl, token });
      if (!result.ok) throw new Error(result.error.message);
      return (result.value as { verdict: string }).verdict;
    };
    expect(await verdict(service.url, SENTINEL)).toBe('connected');
    expect(await verdict(service.url, 'nope')).toBe('wrong_token');
    expect(await verdict('http://127.0.0.1:9', 'x')).toBe('unreachable');
    expect(await verdict('http://shop.example.com', 'x')).toBe('insecure_url');
    expect(await verdict(service.url)).toBe('no_token');
    const html = await startService({ token: 't', products: 1, orders: 0, faults: [{ fault: { kind: 'html' } }] });
    try {
      expect(await verdict(html.url, 't')).toBe('not_service');
    } finally {
      await html.close();
    }
  });
});

describe('demo mode', () => {
  it('says starting and failing as codes, never with the verdict of the connection before', async () => {
    const core = open();
    await core.dispatch('settings:save', { baseUrl: 'http://127.0.0.1:9', token: 'x' });
    expect(await core.dispatch('connection:check', {})).toMatchObject({
      ok: true,
      value: { state: 'offline', verdict: { verdict: 'unreachable', why: { reason: 'refused' } } },
    });
    // the demo service cannot open its data file: a folder stands where the file would be
    fs.mkdirSync(path.join(dir, 'demo-service.sqlite', 'in-the-way'), { recursive: true });
    const seen: unknown[] = [];
    core.events.on('connection:changed', (state) => seen.push(state));
    expect(await core.dispatch('demo:start', {})).toMatchObject({ ok: false, error: { code: 'demo_failed' } });
    expect(seen).toEqual([
      expect.objectContaining({ state: 'checking', mode: 'demo', note: 'demo_starting', verdict: null }),
      expect.objectContaining({ state: 'offline', note: 'demo_failed', verdict: null, retryAt: null }),
    ]);
    // the next probe speaks for itself again
    expect(await core.dispatch('connection:check', {})).toMatchObject({
      ok: true,
      value: { state: 'offline', verdict: { why: { reason: 'refused' } } },
    });
    const after = await core.dispatch('connection:status', {});
    expect(after.ok && (after.value as { note?: unknown }).note).toBeFalsy();
  });

  it('starts the reference service on loopback with a random token and survives a restart', async () => {
    const core = open();
    const started = await core.dispatch('demo:start', {});
    expect(started).toMatchObject({ ok: true, value: { mode: 'demo', tokenSet: true, demo: { running: true } } });
    const url = (started as { value: { baseUrl: string } }).value.baseUrl;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await core.dispatch('connection:status', {})).toMatchObject({
      ok: true,
      value: { state: 'online', mode: 'demo' },
    });
    await core.close();

    const again = open();
    await again.ready;
    expect(await again.dispatch('settings:get', {})).toMatchObject({
      ok: true,
      value: { mode: 'demo', demo: { running: true } },
    });
    expect(await again.dispatch('connection:check', {})).toMatchObject({ ok: true, value: { state: 'online' } });
    // leaving demo for a real service stops the demo
    expect(await again.dispatch('settings:save', { baseUrl: service.url, token: SENTINEL })).toMatchObject({
      ok: true,
      value: { mode: 'service', demo: { running: false } },
    });
  });
});

describe('the settings file, read key by key', () => {
  const write = (stored: object) => fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(stored));
  const shop = {
    name: 'Corner Shop',
    address: '1 High Street',
    country: 'Germany',
    currency: 'EUR',
    taxRatePercent: '19',
    shippingTaxed: true,
    defaultShipping: '4.95',
  };

  it('a key missing from a group (a file older than the key) takes its default and keeps the others', () => {
    const olderShop: Partial<typeof shop> = { ...shop };
    delete olderShop.defaultShipping;
    write({
      mode: 'service',
      baseUrl: 'https://shop.example',
      shop: olderShop,
      sync: { ordersQuickMs: 120_000, ordersFullMs: 7_200_000 },
      proxy: { mode: 'manual' },
    });
    const settings = createSettingsStore(dir).get();
    expect(settings.shop).toEqual({ ...shop, defaultShipping: '' });
    expect(settings.sync).toEqual({ ordersQuickMs: 120_000, ordersFullMs: 7_200_000, catalogueMs: 5 * 3_600_000 });
    expect(settings.proxy).toEqual({ mode: 'manual', url: null });
    expect(settings).toMatchObject({ mode: 'service', baseUrl: 'https://shop.example' });
  });

  it('a key no longer valid takes its default alone; a group that is not an object takes the defaults', () => {
    write({ shop: { ...shop, currency: 'QQQ', taxRatePercent: 'lots' }, sync: 'hourly' });
    const settings = createSettingsStore(dir).get();
    expect(settings.shop).toEqual({ ...shop, currency: '', taxRatePercent: '' });
    expect(settings.sync).toEqual(DEFAULT_SYNC);
  });

  it('what staff save is still checked whole and refused with its reason, never quietly defaulted', async () => {
    const core = open();
    const refused = await core.dispatch('shop:save', { ...shop, currency: 'QQQ' });
    expect(refused.ok).toBe(false);
    const kept = await core.dispatch('shop:get', {});
    expect(kept).toMatchObject({ ok: true, value: { currency: '' } });
  });
});
