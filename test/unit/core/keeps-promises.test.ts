/**
 * Issue #20 against the reference service: the scheduler keeps its promises through faults (work due while the
 * service failed runs once it is back, a failed refresh is retried in seconds, a reconnect reconciles what is in
 * doubt), and the answer to a POST is in the order book at once. Background time runs on a manual clock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../electron/main/core/clock';
import type { Core } from '../../../electron/main/core/index';
import { CONNECTION_LIMITS } from '../../../electron/main/core/limits';
import { BACKOFF_MS } from '../../../electron/main/core/scheduler';
import { startService, type RunningService, type ServiceOptions } from '../../../server/index';
import type { ServiceOrder } from '../../../server/seed';
import { ask } from '../../support/ask';
import { coreIn, ordersOnService, waitFor } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const MIN = 60_000;

async function setup(service: Partial<ServiceOptions> = {}) {
  const svc = await startService({ token: 'tok', products: 30, orders: 40, seed: 3, ...service });
  cleanup.push(() => svc.close());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-promises-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const clock = new ManualClock(Date.now());
  const core = coreIn(dir, { clock, background: true, catalogueWriter: 'inline' });
  cleanup.push(() => core.close());
  await ask(core, 'sync:set', { catalogueMs: null }); // orders only: the catalogue is not what these tests are about
  await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
  await waitFor(async () => (await ask(core, 'orders:status', {})).cachedOrders === 40);
  return { svc, clock, core };
}

/** An order placed on the service by another desk (straight into its store: it works even while we see faults). */
function otherDesk(svc: RunningService, name: string): number {
  const template = JSON.parse(svc.store.orderJson(1)!) as ServiceOrder;
  return svc.store.insertOrder((id) => ({ ...template, id, name, po_number: `PO-${id}`, order_items: [] })).id;
}

const has = async (core: Core, id: number): Promise<boolean> =>
  (await ask(core, 'orders:query', { sort: 'id', dir: 'desc', limit: 5 })).rows.some((r) => r.id === id);

describe('the scheduler keeps its promises (#20)', () => {
  it('a new order from another desk appears at the next quick refresh, without anyone pressing Refresh', async () => {
    const { svc, clock, core } = await setup();
    const id = otherDesk(svc, 'Ada Desk');
    await clock.advance(MIN);
    await waitFor(() => has(core, id));
  });

  it('a refresh due while the service fails is not lost: retried in seconds, and run as soon as it is back', async () => {
    const { svc, clock, core } = await setup();
    svc.faults.add({ fault: { kind: 'status', status: 500 } });
    const id = otherDesk(svc, 'During The Fault');
    await clock.advance(MIN); // the quick refresh falls due and fails
    await waitFor(async () => (await ask(core, 'connection:status', {})).state === 'failing');
    expect(await has(core, id)).toBe(false);
    svc.faults.clear();
    // the probe looks again within seconds, finds it healthy, and the missed refresh runs at once
    await clock.advance(CONNECTION_LIMITS.failingProbeMs[0]);
    await waitFor(async () => (await ask(core, 'connection:status', {})).state === 'online');
    await clock.advance(0);
    await waitFor(() => has(core, id));
  });

  it('a failed refresh is retried after seconds, not a whole interval', async () => {
    const { svc, clock, core } = await setup();
    // one bad answer for every attempt of one refresh: the refresh fails, the service is not yet "failing"
    svc.faults.add({ fault: { kind: 'malformed' }, path: '/api/order', times: 4 });
    const id = otherDesk(svc, 'Retried Soon');
    await clock.advance(MIN);
    await waitFor(async () => (await ask(core, 'orders:status', {})).state === 'failed');
    await clock.advance(BACKOFF_MS[0]);
    await waitFor(() => has(core, id));
  });

  it('coming back online reconciles every order in doubt (the service could not be asked before)', async () => {
    const { svc, clock, core } = await setup();
    const email = 'doubt@example.com';
    // the order is stored but the answer is lost; then reading the order list fails for a while
    svc.faults.add({ fault: { kind: 'drop-after-store' }, method: 'POST', path: '/api/order', times: 1 });
    svc.faults.add({ fault: { kind: 'status', status: 500 }, method: 'GET' });
    const queued = await ask(core, 'outbox:submit', { draftId: 'promises-doubt-1', order: sampleOrder({ email }) });
    await waitFor(async () =>
      (await ask(core, 'outbox:list', {})).entries.some((e) => e.id === queued.id && e.state === 'unknown'),
    );
    await waitFor(async () => (await ask(core, 'connection:status', {})).state === 'failing');
    svc.faults.clear();
    await clock.advance(CONNECTION_LIMITS.failingProbeMs[0]);
    await waitFor(
      async () => (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === queued.id)?.state === 'sent',
    );
    expect(svc.stats().orderPosts).toBe(1);
    expect(ordersOnService(svc, email)).toBe(1);
  });
});

describe('the answer to a POST is used (#20)', () => {
  it('is in the order book at once, marked as just sent; opens when the live read fails; a refresh meets it once', async () => {
    const { svc, clock, core } = await setup();
    const queued = await ask(core, 'outbox:submit', {
      draftId: 'promises-sent-1',
      order: sampleOrder({ email: 'sent@example.com' }),
    });
    await waitFor(
      async () => (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === queued.id)?.state === 'sent',
    );
    const sent = (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === queued.id)!;
    const id = sent.serverOrderId!;
    const row = (await ask(core, 'orders:query', { sort: 'id', dir: 'desc', limit: 1 })).rows[0]!;
    expect(row).toMatchObject({ id, sentAt: expect.any(Number) });
    expect((await ask(core, 'orders:status', {})).cachedOrders).toBe(41);

    // the live read fails (the service restarts): the order view shows the record the POST answered with
    svc.faults.add({ fault: { kind: 'status', status: 503 }, path: `/api/order/${id}`, times: 1 });
    const read = await ask(core, 'orders:get', { id });
    expect(read).toMatchObject({ source: 'cache', order: { id, sentAt: row.sentAt } });
    // the screen's first, cache-only read says so too (it said nothing of it before the two reads were made one, #28 D3)
    expect(await ask(core, 'orders:get', { id, cacheOnly: true })).toMatchObject({
      source: 'cache',
      order: { id, sentAt: row.sentAt },
    });
    // a live read that works is no read of the list: the mark stays, and so does the book's refresh time
    const bookAsOf = (await ask(core, 'orders:status', {})).updatedAt;
    expect(await ask(core, 'orders:get', { id })).toMatchObject({ source: 'live', order: { id } });
    expect((await ask(core, 'orders:query', { sort: 'id', dir: 'desc', limit: 1 })).rows[0]).toMatchObject({
      id,
      sentAt: row.sentAt,
    });
    expect((await ask(core, 'orders:status', {})).updatedAt).toBe(bookAsOf);

    await clock.advance(MIN); // the next quick refresh reads the same order from the list
    await waitFor(
      async () => (await ask(core, 'orders:query', { sort: 'id', dir: 'desc', limit: 1 })).rows[0]!.sentAt === null,
    );
    expect((await ask(core, 'orders:status', {})).cachedOrders).toBe(41);
    expect(svc.stats().orderPosts).toBe(1);
  });
});
