/**
 * IPC fuzzing: every contract channel fed hostile payloads answers with a typed error (or a valid value), never
 * throws, never writes, never pollutes prototypes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNELS, contract } from '../../../shared/contract';
import { ERROR_CODES } from '../../../shared/errors';
import { coreIn } from '../../support/core';
import { recordFigures } from '../../support/reliability-report';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-fuzz-'));
const core = coreIn(dir);
afterAll(async () => {
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const HOSTILE: unknown[] = [
  null,
  undefined,
  0,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  'x',
  'x'.repeat(1_000_000),
  true,
  [],
  [1, 2, 3],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  deep(5_000),
  { id: Number.NaN },
  { id: -1 },
  { id: 1e300 },
  { id: '1' },
  { code: { $ne: 1 } },
  { text: 'x'.repeat(100_000) },
  { baseUrl: 'javascript:alert(1)', token: 'x'.repeat(10_000) },
  { draftId: '__proto__', order: {} },
  { draftId: 'draft-fuzz-0001', order: { name: 1, order_items: [{ id: 'x', quantity: -5 }] } },
  { id: 'draft-fuzz-0002', step: 99, data: { lines: [{ productId: -1 }] } },
  { offset: -1, limit: 1e9 },
  { dateOrder: 'ymd' },
];

describe('IPC fuzzing', () => {
  it(`every channel answers ${HOSTILE.length} hostile payloads with typed errors or valid values`, async () => {
    const outboxBefore = core.dispatch('outbox:list', {});
    let fed = 0;
    for (const channel of CHANNELS) {
      for (const payload of HOSTILE) {
        const result = await core.dispatch(channel, payload);
        fed += 1;
        if (result.ok) {
          expect(contract[channel].response.safeParse(result.value).success).toBe(true);
        } else {
          expect(ERROR_CODES).toContain(result.error.code);
          expect(typeof result.error.message).toBe('string');
          expect(result.error.message.length).toBeLessThan(2_000);
        }
      }
    }
    expect(fed).toBe(CHANNELS.length * HOSTILE.length);
    recordFigures('fuzz', { channels: CHANNELS.length, payloadsPerChannel: HOSTILE.length, calls: fed, crashes: 0 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // nothing was queued or drafted by any of it
    expect(await core.dispatch('outbox:list', {})).toEqual(await outboxBefore);
    expect(await core.dispatch('drafts:list', {})).toMatchObject({ ok: true, value: { drafts: [] } });
  });

  it('unknown and prototype channel names are refused', async () => {
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      'settings:get ',
      'SETTINGS:GET',
      42,
      null,
    ]) {
      expect(await core.dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });
});
