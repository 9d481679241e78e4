import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_CHANNEL_NAMES } from '../../../shared/channels';
import { CHANNELS, EVENT_NAMES, contract } from '../../../shared/contract';
import { coreIn } from '../../support/core';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-contract-'));
const core = coreIn(dir);
afterAll(async () => {
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the IPC contract', () => {
  it('every channel has exactly one core handler, and no handler lacks a channel', () => {
    const handlerNames = Object.keys(core.handlers).sort();
    expect(handlerNames).toEqual([...CHANNELS].sort());
    expect(new Set(handlerNames).size).toBe(handlerNames.length);
  });

  it('the preload’s plain name lists equal the contract', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual([...CHANNELS].sort());
    expect([...EVENT_CHANNEL_NAMES].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('every channel has a request and a response schema', () => {
    for (const channel of CHANNELS) {
      expect(contract[channel].request.safeParse).toBeTypeOf('function');
      expect(contract[channel].response.safeParse).toBeTypeOf('function');
    }
  });

  it('the dispatcher refuses unknown channels and bad payloads with typed errors', async () => {
    expect(await core.dispatch('settings:delete-everything', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect(await core.dispatch('__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await core.dispatch('settings:save', { baseUrl: 42 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await core.dispatch('settings:get', { extra: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(
      await core.dispatch('settings:save', JSON.parse('{"baseUrl":"https://a.example","__proto__":{"polluted":1}}')),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await core.dispatch('settings:save', { baseUrl: 'x'.repeat(100_000) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
  });

  it('responses match their schemas', async () => {
    for (const channel of ['app:info', 'settings:get', 'connection:status'] as const) {
      const result = await core.dispatch(channel, {});
      expect(result.ok).toBe(true);
      if (result.ok) expect(contract[channel].response.safeParse(result.value).success).toBe(true);
    }
  });
});
