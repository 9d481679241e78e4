import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../shared/contract';
import type { Core } from '../../../electron/main/core/index';
import { coreIn } from '../../support/core';
import { startService, type RunningService } from '../../../server/index';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A core saved against a fresh reference service; both closed afterwards. */
async function withConfiguredCore(
  opts: { serviceToken: string; savedToken: string },
  body: (core: Core, service: RunningService) => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-conn-'));
  dirs.push(dir);
  const service = await startService({ token: opts.serviceToken, products: 1, orders: 0 });
  const core = coreIn(dir);
  try {
    await core.dispatch('settings:save', { baseUrl: service.url, token: opts.savedToken });
    await body(core, service);
  } finally {
    await core.close();
    await service.close();
  }
}

describe('connection monitor', () => {
  it('goes offline when the service stops, says why, and notices when it is back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-conn-'));
    dirs.push(dir);
    let service = await startService({ token: 'tok', products: 16, orders: 1 });
    const port = service.port;
    const core = coreIn(dir);
    const seen: ConnectionState['state'][] = [];
    core.events.on('connection:changed', (state) => seen.push(state.state));
    try {
      await core.dispatch('settings:save', { baseUrl: service.url, token: 'tok' });
      expect(await core.dispatch('connection:check', {})).toMatchObject({
        ok: true,
        value: { state: 'online', mode: 'service', productCount: 16 },
      });

      await service.close();
      const offline = await core.dispatch('connection:check', {});
      expect(offline).toMatchObject({ ok: true, value: { state: 'offline' } });
      expect((offline as { value: ConnectionState }).value.verdict).toMatchObject({ verdict: 'unreachable' });

      service = await startService({ token: 'tok', products: 16, orders: 1, port });
      expect(await core.dispatch('connection:check', {})).toMatchObject({ ok: true, value: { state: 'online' } });
      expect(seen).toEqual(expect.arrayContaining(['online', 'offline']));
      expect(seen.at(-1)).toBe('online');
    } finally {
      await core.close();
      await service.close();
    }
  });

  it('a token the service refuses is its own state, not "offline"', async () => {
    await withConfiguredCore({ serviceToken: 'right', savedToken: 'wrong' }, async (core) => {
      expect(await core.dispatch('connection:check', {})).toMatchObject({ ok: true, value: { state: 'unauthorized' } });
    });
  });

  it('concurrent checks share one probe', async () => {
    await withConfiguredCore({ serviceToken: 'tok', savedToken: 'tok' }, async (core, service) => {
      const before = service.stats().requests;
      await Promise.all([1, 2, 3].map(() => core.dispatch('connection:check', {})));
      // settings:save started one probe of its own; the three checks join it or share one more
      expect(service.stats().requests - before).toBeLessThanOrEqual(2);
    });
  });
});
