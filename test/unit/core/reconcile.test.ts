/**
 * Finding an order whose answer was lost, with wrong clocks and other time zones: the service stamping its orders
 * 14 h behind, 6 h behind or 3 h ahead of UTC, this computer's clock 20 minutes fast or slow, an older identical order
 * on the service. The order that arrived is found; an older identical one is never taken for it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/domain';
import { ServiceHttp } from '../../../electron/main/core/http/client';
import type { ParsedOrder } from '../../../electron/main/core/orders/api';
import { OutboxRepository } from '../../../electron/main/core/outbox/db';
import { FileVault } from '../../../electron/main/core/settings/vault';
import type { Core } from '../../../electron/main/core/index';
import { systemClock } from '../../../electron/main/core/clock';
import { ServiceClock, stampAsUtc, zoneOf } from '../../../electron/main/core/http/service-clock';
import { reconcileOrder, type ReconcileFacts } from '../../../electron/main/core/outbox/reconcile';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn, ordersOnService } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const HOUR = 3_600_000;
const MIN = 60_000;
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

describe('the decision, on its own', () => {
  const sent = Date.UTC(2026, 5, 1, 12, 0, 0);
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const order = (id: number, createdMs: number, patch: Partial<ParsedOrder> = {}) =>
    ({
      id,
      poNumber: `PO-${id}`,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      totalPrice: '29.15',
      items: [{ productVariantId: 3, quantity: 2, createdAt: stamp(createdMs) }],
      ...patch,
    }) as ParsedOrder;
  const facts = (patch: Partial<ReconcileFacts> = {}): ReconcileFacts => ({
    sentAt: sent,
    serviceSentAt: sent,
    zoneMs: 0,
    orderBookAsOf: sent - MIN,
    claimed: new Set(),
    postDeadlineMs: 20_000,
    ...patch,
  });
  const seen = (o: ParsedOrder, firstSeen = sent + 5_000) => ({ order: o, firstSeen });

  it('one order with the fingerprint, stamped when it was sent: found', () => {
    const r = reconcileOrder(sampleOrder(), [seen(order(9, sent + 3_000))], facts());
    expect(r.outcome).toBe('found');
    expect(r.match?.id).toBe(9);
  });

  it('reads the stamp in the zone learnt, whatever it is', () => {
    for (const zone of [-14 * HOUR, -6 * HOUR, 3 * HOUR, 14 * HOUR]) {
      const r = reconcileOrder(sampleOrder(), [seen(order(9, sent + zone + 1_000))], facts({ zoneMs: zone }));
      expect(r.outcome, String(zone)).toBe('found');
    }
  });

  it('an identical order seen before sending, or answering for another entry, is never taken', () => {
    const older = seen(order(5, sent - 40 * MIN), sent - 30 * MIN);
    const r = reconcileOrder(sampleOrder(), [older], facts());
    expect(r.outcome).toBe('none');
    expect(r.candidates).toEqual([expect.objectContaining({ orderId: 5, seenBeforeSending: true })]);
    const claimed = reconcileOrder(sampleOrder(), [seen(order(9, sent))], facts({ claimed: new Set([9]) }));
    expect(claimed.outcome).toBe('none');
    expect(claimed.candidates).toEqual([]);
  });

  it('with the service’s clock known, one unseen order stamped long before the send is unlike it: staff decide', () => {
    const r = reconcileOrder(sampleOrder(), [seen(order(9, sent - 40 * MIN))], facts());
    expect(r.outcome).toBe('unlike');
    expect(r.match).toBeNull();
    expect(r.candidates[0]?.minutesFromSend).toBe(-40);
  });

  it('with the zone unknown, one candidate is taken only if the order book was read shortly before the send', () => {
    const candidate = [seen(order(9, sent - 6 * HOUR))];
    expect(reconcileOrder(sampleOrder(), candidate, facts({ zoneMs: null })).outcome).toBe('found');
    expect(reconcileOrder(sampleOrder(), candidate, facts({ zoneMs: null, orderBookAsOf: null })).outcome).toBe(
      'unverified',
    );
    expect(
      reconcileOrder(sampleOrder(), candidate, facts({ zoneMs: null, orderBookAsOf: sent - 2 * HOUR })).outcome,
    ).toBe('unverified');
  });

  it('beyond ±14 h an order is no candidate; two candidates are for staff, nearest first', () => {
    expect(reconcileOrder(sampleOrder(), [seen(order(9, sent + 15 * HOUR))], facts()).outcome).toBe('none');
    const r = reconcileOrder(
      sampleOrder(),
      [seen(order(8, sent + 50 * MIN)), seen(order(9, sent + 2_000))],
      facts({ zoneMs: 0 }),
    );
    expect(r.outcome).toBe('several');
    expect(r.candidates.map((c) => c.orderId)).toEqual([9, 8]);
  });

  it('another customer, other lines or quantities, another total: no candidate', () => {
    for (const patch of [
      { email: 'grace@example.com' },
      { name: 'Grace Hopper' },
      { totalPrice: '29.16' },
      { items: [{ productVariantId: 3, quantity: 3, createdAt: stamp(sent) }] },
      { items: [{ productVariantId: 4, quantity: 2, createdAt: stamp(sent) }] },
    ] as Partial<ParsedOrder>[])
      expect(reconcileOrder(sampleOrder(), [seen(order(9, sent, patch))], facts()).outcome).toBe('none');
  });

  it('a zone is learnt only from a stamp and a Date header that make one', () => {
    expect(zoneOf('2026-06-01 06:00:00', Date.UTC(2026, 5, 1, 12, 0, 0))).toBe(-6 * HOUR);
    expect(zoneOf('2026-06-01 06:00:00', null)).toBeNull();
    expect(zoneOf('yesterday', Date.now())).toBeNull();
    expect(zoneOf('2026-06-03 06:00:00', Date.UTC(2026, 5, 1, 12, 0, 0))).toBeNull();
    expect(Number.isNaN(stampAsUtc(''))).toBe(true);
  });
});

/** The real core against the reference service keeping time as told. */
async function setUp(clock: { zoneMinutes: number; skewMs: number }): Promise<{ svc: RunningService; core: Core }> {
  const svc = await startService({ token: 'tok', products: 20, orders: 6, seed: 5, clock });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-reconcile-'));
  const http = new ServiceHttp();
  const core = coreIn(dir, { http });
  cleanup.push(async () => {
    await core.close();
    await svc.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { svc, core };
}

async function settled(core: Core, id: string, done: (e: OutboxEntry) => boolean): Promise<OutboxEntry> {
  for (let i = 0; i < 400; i++) {
    const entry = (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === id);
    if (entry && done(entry)) return entry;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(
    `the entry did not settle: ${JSON.stringify((await ask(core, 'outbox:list', {})).entries.find((e) => e.id === id))}`,
  );
}

/** Another till's order on the service, straight through its API. */
async function otherTill(svc: RunningService, order = sampleOrder()): Promise<number> {
  const res = await fetch(`${svc.url}/api/order`, {
    method: 'POST',
    headers: { authorization: 'Bearer tok', accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(order),
  });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe('through the core, with the service’s stamps in another zone and this computer’s clock off', () => {
  // this computer's clock 20 minutes fast is the service's 20 minutes behind it: the Date header and stamps move
  const cases = [
    { name: 'stamps 14 h behind UTC', zoneMinutes: -14 * 60, skewMs: 0, learnt: true },
    { name: 'stamps 6 h behind UTC', zoneMinutes: -6 * 60, skewMs: 0, learnt: false },
    { name: 'stamps 3 h ahead of UTC', zoneMinutes: 3 * 60, skewMs: 0, learnt: true },
    { name: 'this clock 20 min fast', zoneMinutes: 0, skewMs: -20 * MIN, learnt: true },
    { name: 'this clock 20 min slow', zoneMinutes: 0, skewMs: 20 * MIN, learnt: false },
    { name: 'stamps 6 h behind, this clock 20 min fast', zoneMinutes: -6 * 60, skewMs: -20 * MIN, learnt: true },
  ];
  for (const c of cases) {
    it(`${c.name}${c.learnt ? '' : ' (zone not learnt yet)'}: the order that arrived is found, an older identical one never taken`, async () => {
      const { svc, core } = await setUp({ zoneMinutes: c.zoneMinutes, skewMs: c.skewMs });
      // the same customer ordered the same thing earlier today, at another till
      const older = await otherTill(svc);
      await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
      await ask(core, 'connection:check', {});
      expect((await ask(core, 'orders:refresh', {})).state).toBeDefined();
      for (let i = 0; i < 200 && (await ask(core, 'orders:status', {})).state !== 'complete'; i++)
        await new Promise((r) => setTimeout(r, 25));
      if (c.learnt) {
        const first = await ask(core, 'outbox:submit', {
          draftId: 'reconcile-learn-1',
          order: sampleOrder({ email: 'someone.else@example.com' }),
        });
        expect((await settled(core, first.id, (e) => e.state === 'sent')).state).toBe('sent');
      }

      // it arrives, but the answer is lost
      svc.faults.add({ fault: { kind: 'drop-after-store' }, method: 'POST', path: '/api/order', times: 1 });
      const lost = await ask(core, 'outbox:submit', { draftId: 'reconcile-lost-1', order: sampleOrder() });
      const found = await settled(core, lost.id, (e) => e.state === 'sent' || e.check !== null);
      expect(found.state).toBe('sent');
      expect(found.serverOrderId).not.toBe(older);
      expect(found.serverOrderId).toBeGreaterThan(older);
      expect(ordersOnService(svc, 'ada@example.com')).toBe(2);

      // it does not arrive (500 before storing): neither the older order nor the one just found is taken for it
      svc.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/api/order', times: 1 });
      const failed = await ask(core, 'outbox:submit', { draftId: 'reconcile-failed-1', order: sampleOrder() });
      const doubt = await settled(core, failed.id, (e) => e.check !== null);
      expect(doubt.state).toBe('unknown');
      expect(doubt.check?.outcome).toBe('none');
      expect(doubt.serverOrderId).toBeNull();
      expect(doubt.check?.candidates.map((x) => x.orderId)).toContain(older);
      expect(doubt.check?.candidates.every((x) => x.seenBeforeSending)).toBe(true);
      expect(ordersOnService(svc, 'ada@example.com')).toBe(2);
    });
  }
});

describe('automatically, without a click', () => {
  it('an order left sending by a crash is looked for once the service is reachable at the next start', async () => {
    const svc = await startService({ token: 'tok', products: 20, orders: 6, seed: 5, clock: { zoneMinutes: -6 * 60 } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-reconcile-'));
    cleanup.push(async () => {
      await svc.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const vault = () => new FileVault(path.join(dir, 'vault'));
    const first = coreIn(dir, { vault: vault() });
    await ask(first, 'settings:save', { baseUrl: svc.url, token: 'tok' });
    await ask(first, 'connection:check', {});
    await ask(first, 'orders:refresh', {});
    for (let i = 0; i < 200 && (await ask(first, 'orders:status', {})).state !== 'complete'; i++)
      await new Promise((r) => setTimeout(r, 25));
    await first.close();
    // the crash: the entry was claimed and its POST reached the service, then the app died
    const repo = new OutboxRepository(path.join(dir, 'outbox.sqlite'));
    const key = (await import('../../../electron/main/core/storage/service-scope')).cacheKey({
      mode: 'service',
      baseUrl: svc.url,
      token: 'tok',
    })!;
    const entry = repo.submit('crash-draft-1', key, sampleOrder());
    expect(repo.claim(entry.id, { sentAt: Date.now(), serviceSentAt: null, orderBookAsOf: Date.now() })).toBe(true);
    // a second sender cannot claim it again
    expect(repo.claim(entry.id, { sentAt: Date.now(), serviceSentAt: null, orderBookAsOf: null })).toBe(false);
    await otherTill(svc);
    repo.close();

    const second = coreIn(dir, { vault: vault() });
    cleanup.push(() => second.close());
    expect((await ask(second, 'outbox:list', {})).entries[0]?.state).toBe('unknown');
    await ask(second, 'connection:check', {}); // online: nobody clicks anything
    const done = await settled(second, entry.id, (e) => e.state === 'sent');
    expect(done.check?.outcome).toBe('found');
    expect(ordersOnService(svc, 'ada@example.com')).toBe(1);
  });
});

describe('the PC’s clock steps during the send or just before it (#25)', () => {
  // one PC clock: the schedule's and the wall clock the sender reads both step; the monotonic clock never does
  const steps = [
    { name: 'back 30 s during the send', during: true, ms: -30_000 },
    { name: 'back 10 min during the send', during: true, ms: -10 * MIN },
    { name: 'back 14 h during the send', during: true, ms: -14 * HOUR },
    { name: 'forward 14 h during the send', during: true, ms: 14 * HOUR },
    { name: 'forward 14 h just before the send', during: false, ms: 14 * HOUR },
    { name: 'back 14 h just before the send', during: false, ms: -14 * HOUR },
    { name: 'the time zone changed during the send', during: true, ms: 0, zone: 'Pacific/Kiritimati' },
  ];
  for (const step of steps) {
    for (const learnt of [true, false]) {
      it(`${step.name}${learnt ? '' : ' (zone not learnt yet)'}: the order that arrived is found, an older identical one never taken`, async () => {
        const svc = await startService({
          token: 'tok',
          products: 20,
          orders: 6,
          seed: 5,
          clock: { zoneMinutes: -6 * 60 },
        });
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-clock-step-'));
        const pc = { skew: 0 };
        const wall = { now: () => Date.now() + pc.skew, mono: () => performance.now() };
        const clock = {
          now: () => Date.now() + pc.skew,
          after: (ms: number, fn: () => void) => systemClock.after(ms, fn),
          sleep: (ms: number, signal?: AbortSignal) => systemClock.sleep(ms, signal),
        };
        const http = new ServiceHttp();
        // the step lands while the POST is on its way
        let stepOnPost = false;
        const json = http.json.bind(http);
        http.json = ((...args: Parameters<typeof json>) => {
          const answer = json(...args);
          if (stepOnPost && args[2]?.method === 'POST') {
            stepOnPost = false;
            pc.skew += step.ms;
            if (step.zone) process.env.TZ = step.zone;
          }
          return answer;
        }) as typeof json;
        const tz = process.env.TZ;
        const core = coreIn(dir, { http, wall, clock });
        cleanup.push(async () => {
          if (tz === undefined) delete process.env.TZ;
          else process.env.TZ = tz;
          await core.close();
          await svc.close();
          fs.rmSync(dir, { recursive: true, force: true });
        });
        // the same customer ordered the same thing earlier today, at another till
        const older = await otherTill(svc);
        await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
        await ask(core, 'connection:check', {});
        await ask(core, 'orders:refresh', {});
        for (let i = 0; i < 200 && (await ask(core, 'orders:status', {})).state !== 'complete'; i++)
          await new Promise((r) => setTimeout(r, 25));
        if (learnt) {
          const first = await ask(core, 'outbox:submit', {
            draftId: 'clock-learn-1',
            order: sampleOrder({ email: 'someone.else@example.com' }),
          });
          expect((await settled(core, first.id, (e) => e.state === 'sent')).state).toBe('sent');
        }

        // it arrives, but the answer is lost; the PC's clock steps during the send, or just before it
        svc.faults.add({ fault: { kind: 'drop-after-store' }, method: 'POST', path: '/api/order', times: 1 });
        if (step.during) stepOnPost = true;
        else pc.skew += step.ms;
        const lost = await ask(core, 'outbox:submit', { draftId: 'clock-lost-1', order: sampleOrder() });
        const found = await settled(core, lost.id, (e) => e.state === 'sent' || e.check !== null);
        expect(found.check?.outcome).toBe('found');
        expect(found.state).toBe('sent');
        expect(found.serverOrderId).toBeGreaterThan(older);
        expect(ordersOnService(svc, 'ada@example.com')).toBe(2);

        // it does not arrive (500 before storing), the clock steps again: neither order on the service is taken for it
        // (the one just found answers for the other entry; the older one is shown, seen before the send)
        svc.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/api/order', times: 1 });
        if (step.during) stepOnPost = true;
        else pc.skew += step.ms;
        const failed = await ask(core, 'outbox:submit', { draftId: 'clock-failed-1', order: sampleOrder() });
        const doubt = await settled(core, failed.id, (e) => e.check !== null);
        expect(doubt.state).toBe('unknown');
        expect(doubt.check?.outcome).toBe('none');
        expect(doubt.serverOrderId).toBeNull();
        expect(doubt.check?.candidates.map((x) => x.orderId)).toEqual([older]);
        expect(doubt.check?.candidates.every((x) => x.seenBeforeSending)).toBe(true);
        expect(ordersOnService(svc, 'ada@example.com')).toBe(2);
      });
    }
  }
});

describe('the service’s clock offset after a step of the PC’s clock (#25)', () => {
  it('readings from before a step no longer count; the ones since do', () => {
    const pc = { skew: 0, mono: 0 };
    const service = new ServiceClock({ now: () => 1_000_000 + pc.mono + pc.skew, mono: () => pc.mono });
    for (let i = 0; i < 9; i++) {
      pc.mono += 1_000;
      service.observe('https://s', 1_000_000 + pc.mono + 3_000);
    }
    expect(service.offset('https://s')).toBe(3_500);
    pc.skew = 14 * HOUR; // the PC's clock jumps 14 h ahead: the service is now 14 h behind it
    expect(service.offset('https://s')).toBeNull();
    pc.mono += 1_000;
    service.observe('https://s', 1_000_000 + pc.mono + 3_000);
    expect(service.offset('https://s')).toBe(3_500 - 14 * HOUR);
  });
});
