import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask } from '../../support/ask';
import { coreIn, ordersOnService as ordersOn } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';
import { ServiceHttp } from '../../../electron/main/core/http/client';
import { parseOrderList } from '../../../electron/main/core/orders/api';
import { DraftRepository } from '../../../electron/main/core/drafts/db';
import { OutboxRepository } from '../../../electron/main/core/outbox/db';
import { OutboxSender } from '../../../electron/main/core/outbox/sender';
import { ServiceClock } from '../../../electron/main/core/http/service-clock';
import { OUTBOX_LIMITS } from '../../../electron/main/core/limits';
import { MemoryVault } from '../../../electron/main/core/settings/vault';
import { startService, type RunningService } from '../../../server/index';

let dir: string;
let svc: RunningService;
let repo: OutboxRepository;
let http: ServiceHttp;
let online = true;

const order = sampleOrder;

/**
 * The sender as the app builds it: the app's own POST deadline (20 s) unless a test is about that deadline. A 300 ms
 * deadline for every test put an ordinary send in doubt whenever the loaded machine took longer than that to answer
 * (the first POST of a file opens the connection and warms the service): it ended 'unknown', as the app rightly says
 * of a POST that got no answer in time.
 */
const sender = (postDeadlineMs?: number) =>
  new OutboxSender({
    repo,
    http,
    target: async () => (online ? { key: 'svc', conn: { baseUrl: svc.url, token: 'tok' } } : null),
    // the order book as the stand-in reads it: every order fetched fresh, first seen now (after any send)
    readOrderBook: async () => true,
    ordersFor: async (_key, email) => {
      const res = await fetch(`${svc.url}/api/order?page=1`, {
        headers: { authorization: 'Bearer tok', accept: 'application/json' },
      });
      const first = parseOrderList(await res.json())!;
      const all = [...first.orders];
      for (let page = 2; page <= (first.lastPage ?? 1); page++) {
        const next = await fetch(`${svc.url}/api/order?page=${page}`, {
          headers: { authorization: 'Bearer tok', accept: 'application/json' },
        });
        all.push(...parseOrderList(await next.json())!.orders);
      }
      const now = Date.now();
      return all.filter((o) => o.email === email).map((o) => ({ order: o, firstSeen: now }));
    },
    orderBookAsOf: async () => Date.now(),
    clock: new ServiceClock(),
    onChange: () => undefined,
    sleep: async () => undefined,
    postDeadlineMs,
  });
const ordersOnService = (email = 'ada@example.com'): number => ordersOn(svc, email);
/**
 * How long the core's background send may take to settle: the app's own POST deadline (an answer after it puts the
 * order in doubt). expect.poll's default second was shorter than a send on the loaded machine.
 */
const sendSettles = { timeout: OUTBOX_LIMITS.postDeadlineMs, interval: 50 };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-outbox-'));
  svc = await startService({ token: 'tok', products: 10, orders: 5 });
  repo = new OutboxRepository(path.join(dir, 'outbox.sqlite'));
  http = new ServiceHttp();
  online = true;
});
afterEach(async () => {
  await http.destroy();
  await svc.close();
  repo.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('outbox', () => {
  it('is written with synchronous=FULL before anything is sent', () => {
    expect(repo.db.pragma('synchronous', { simple: true })).toBe(2);
    const entry = repo.submit('draft-0001', 'svc', order());
    expect(entry.state).toBe('queued');
    expect(svc.stats().orderPosts).toBe(0);
  });

  it('sends a queued order once: sent, with the server id; a double submit is one entry and one POST', async () => {
    const a = repo.submit('draft-0002', 'svc', order());
    const b = repo.submit('draft-0002', 'svc', order());
    expect(b.id).toBe(a.id);
    await sender().kick();
    const sent = repo.get(a.id)!;
    expect(sent.state).toBe('sent');
    expect(sent.serverOrderId).toBeGreaterThan(5);
    expect(sent.totalsMismatch).toBe(false);
    expect(svc.stats().orderPosts).toBe(1);
    await sender().kick();
    expect(svc.stats().orderPosts).toBe(1);
  });

  it('the service stores the order, then times out: unknown, then reconciled to sent; exactly one order', async () => {
    svc.faults.add({ fault: { kind: 'stall-after-store', ms: 1500 }, method: 'POST', times: 1 });
    const entry = repo.submit('draft-0003', 'svc', order());
    // this test is about the deadline: shorter than the stall, so the answer never comes in time
    await sender(300).kick();
    const after = repo.get(entry.id)!;
    expect(after.state).toBe('sent');
    expect(after.reason).toMatchObject({ code: 'found_on_service', orderId: after.serverOrderId });
    expect(after.attempts.map((a) => a.outcome)).toEqual(['timeout', 'look_found']);
    expect(svc.stats().orderPosts).toBe(1);
    expect(ordersOnService()).toBe(1);
  });

  it('the service stores the order and drops the connection: reconciled to sent, exactly one order', async () => {
    svc.faults.add({ fault: { kind: 'drop-after-store' }, method: 'POST', times: 1 });
    const entry = repo.submit('draft-0004', 'svc', order());
    await sender().kick();
    expect(repo.get(entry.id)!.state).toBe('sent');
    expect(ordersOnService()).toBe(1);
  });

  it('500: unknown, never a second POST; no match on the service, so staff decide', async () => {
    svc.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', times: 1 });
    const entry = repo.submit('draft-0005', 'svc', order());
    await sender().kick();
    await sender().kick();
    const after = repo.get(entry.id)!;
    expect(after.state).toBe('unknown');
    expect(after.reason).toEqual({ code: 'no_match' });
    expect(svc.stats().orderPosts).toBe(1);
    expect(ordersOnService()).toBe(0);
  });

  it('connection refused: stays queued; sent once when the service is back', async () => {
    const port = svc.port;
    await svc.close();
    const entry = repo.submit('draft-0006', 'svc', order());
    await sender().kick();
    expect(repo.get(entry.id)!.state).toBe('queued');
    svc = await startService({ token: 'tok', products: 10, orders: 5, port });
    await sender().kick();
    expect(repo.get(entry.id)!.state).toBe('sent');
    expect(svc.stats().orderPosts).toBe(1);
    expect(repo.get(entry.id)!.attempts.map((a) => a.outcome)).toEqual(['unreachable', 'created']);
  });

  it('offline (no service set up or reachable): nothing is lost, nothing sent', async () => {
    online = false;
    const entry = repo.submit('draft-0007', 'svc', order());
    await sender().kick();
    expect(repo.get(entry.id)!.state).toBe('queued');
  });

  it('422: rejected, with each message at its field', async () => {
    const entry = repo.submit(
      'draft-0008',
      'svc',
      order({
        email: 'not-an-email',
        order_items: [
          { id: 3, quantity: 2 },
          { id: 999, quantity: 1 },
        ],
      }),
    );
    await sender().kick();
    const after = repo.get(entry.id)!;
    expect(after.state).toBe('rejected');
    expect(after.fieldErrors?.email?.[0]).toMatch(/valid email/);
    expect(after.fieldErrors?.['order_items.1.id']?.[0]).toMatch(/invalid/);
  });

  it('counts every unsent order (queued, paused, in doubt, rejected) for the badge and the quit guard; only those still to go out or be looked for hold the sender and an update', () => {
    const entries = ['queued', 'paused', 'unknown', 'rejected', 'sent', 'discarded'].map((kind, i) => ({
      kind,
      entry: repo.submit(`draft-count-${i}`, 'svc', order()),
    }));
    for (const { kind, entry } of entries) {
      if (kind === 'paused') repo.setPaused('svc', true);
      else if (kind !== 'queued') repo.transition(entry.id, kind as 'unknown' | 'rejected' | 'sent' | 'discarded');
    }
    expect(repo.get(entries[1]!.entry.id)).toMatchObject({ state: 'queued', paused: true });
    expect(repo.unsentCount()).toBe(4);
    expect(repo.awaitingCount()).toBe(3);
  });

  it('401: queued and paused until the token is fixed; nothing dropped', async () => {
    svc.faults.add({
      fault: { kind: 'status', status: 401, body: '{"message":"Unauthenticated."}' },
      method: 'POST',
      times: 1,
    });
    const first = repo.submit('draft-0009', 'svc', order());
    const second = repo.submit('draft-0010', 'svc', order({ name: 'Grace Hopper', email: 'grace@example.com' }));
    await sender().kick();
    expect(repo.get(first.id)).toMatchObject({ state: 'queued', paused: true });
    expect(repo.get(second.id)).toMatchObject({ state: 'queued', paused: true });
    expect(svc.stats().orderPosts).toBe(1);
    repo.setPaused('svc', false);
    await sender().kick();
    expect(repo.get(first.id)!.state).toBe('sent');
    expect(repo.get(second.id)!.state).toBe('sent');
  });

  it('429: waits as told, then sends once', async () => {
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '1' }, method: 'POST', times: 1 });
    const entry = repo.submit('draft-0011', 'svc', order());
    await sender().kick();
    expect(repo.get(entry.id)!.state).toBe('sent');
    expect(ordersOnService()).toBe(1);
  });

  it('an entry left "sending" by a crash becomes unknown on start', () => {
    const entry = repo.submit('draft-0012', 'svc', order());
    repo.transition(entry.id, 'sending');
    repo.close();
    repo = new OutboxRepository(path.join(dir, 'outbox.sqlite'));
    expect(repo.get(entry.id)).toMatchObject({ state: 'unknown' });
    expect(repo.get(entry.id)!.reason).toEqual({ code: 'interrupted' });
  });

  it('reconciliation with several matches leaves the decision to staff', async () => {
    // the same order is already on the service twice (entered elsewhere)
    for (let i = 0; i < 2; i++) {
      await fetch(`${svc.url}/api/order`, {
        method: 'POST',
        headers: { authorization: 'Bearer tok', accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(order()),
      });
    }
    svc.faults.add({ fault: { kind: 'status', status: 502 }, method: 'POST', times: 1 });
    const entry = repo.submit('draft-0013', 'svc', order());
    await sender().kick();
    expect(repo.get(entry.id)).toMatchObject({ state: 'unknown' });
    expect(repo.get(entry.id)!.reason).toEqual({ code: 'possible_matches', count: 2 });
    expect(repo.get(entry.id)!.check).toMatchObject({ outcome: 'several' });
    expect(repo.get(entry.id)!.check!.candidates).toHaveLength(2);
  });

  it('a server total that differs from the one entered is flagged', async () => {
    // the reference service stores totals as sent, so fake an answer with another total
    svc.faults.add({
      fault: {
        kind: 'status',
        status: 201,
        body: JSON.stringify({ data: { id: 77, email: 'ada@example.com', total_price: '30.00', order_items: [] } }),
      },
      method: 'POST',
      times: 1,
    });
    const entry = repo.submit('draft-0014', 'svc', order());
    await sender().kick();
    expect(repo.get(entry.id)).toMatchObject({ state: 'sent', serverOrderId: 77, totalsMismatch: true });
  });
});

describe('outbox through the core', () => {
  it('submit over the contract, offline it waits, online it goes out once; staff actions', async () => {
    const dataDir = path.join(dir, 'core');
    const core = coreIn(dataDir);
    try {
      const port = svc.port;
      expect((await core.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' })).ok).toBe(true);
      await svc.close();
      const submitted = await core.dispatch('outbox:submit', { draftId: 'draft-core-1', order: order() });
      expect(submitted).toMatchObject({ ok: true, value: { state: 'queued' } });
      // a bad order never reaches the queue: the contract refuses it with field paths
      const bad = await core.dispatch('outbox:submit', {
        draftId: 'draft-core-2',
        order: { ...order(), order_items: [] },
      });
      expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      let list = await core.dispatch('outbox:list', {});
      expect(list).toMatchObject({ ok: true, value: { unsent: 1 } });
      svc = await startService({ token: 'tok', products: 10, orders: 5, port });
      await core.dispatch('connection:check', {});
      for (let i = 0; i < 100; i++) {
        list = await core.dispatch('outbox:list', {});
        if ((list as { value: { unsent: number } }).value.unsent === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(list).toMatchObject({ ok: true, value: { unsent: 0, entries: [{ state: 'sent' }] } });
      expect(svc.stats().orderPosts).toBe(1);
      const id = (list as { value: { entries: { id: string }[] } }).value.entries[0]!.id;
      expect(await core.dispatch('outbox:discard', { id })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
      expect(await core.dispatch('outbox:send-again', { id })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    } finally {
      await core.close();
    }
  });

  it('quitting as the service comes back starts no send and leaves no work behind its closed files', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', note);
    const dataDir = path.join(dir, 'core');
    const port = svc.port;
    const vault = new MemoryVault(); // the token, kept across the three starts
    try {
      let core = coreIn(dataDir, { vault });
      await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
      await svc.close();
      await ask(core, 'outbox:submit', { draftId: 'draft-quit-1', order: order() });
      await core.close();
      svc = await startService({ token: 'tok', products: 10, orders: 5, port });
      // the app quits the moment the service is seen again: the outbox's resume is under way as it closes
      const quitting = coreIn(dataDir, { vault });
      let closed: Promise<void> | null = null;
      quitting.events.on('connection:changed', (state) => {
        if (state.state === 'online') closed ??= quitting.close();
      });
      await quitting.dispatch('connection:check', {});
      expect(closed).not.toBeNull();
      await closed;
      await new Promise((r) => setTimeout(r, 100)); // time for a send left running to fail on the closed outbox
      expect(svc.stats().orderPosts).toBe(0);
      core = coreIn(dataDir, { vault });
      try {
        expect(await ask(core, 'outbox:list', {})).toMatchObject({ unsent: 1, entries: [{ state: 'queued' }] });
      } finally {
        await core.close();
      }
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });
});

describe('drafts', () => {
  it('a draft saved by an older Shopdesk (its own field names) opens with the service’s names', () => {
    const file = path.join(dir, 'old-drafts.db');
    const repo = new DraftRepository(file);
    try {
      const old = {
        customer: { name: 'Grace Hopper', email: 'grace@example.com', phone: '555 0100' },
        address: { line1: '1 Navy Yard', line2: '', zip: '20374', city: 'Washington', province: 'DC', country: 'US' },
        lines: [],
        prices: { shipping: '4.95', tax: '', discounts: '1' },
        dates: { order: '2026-11-22', processed: '', closed: '', cancelled: '', cancelReason: '' },
        remarks: 'Leave at the door',
      };
      repo.db
        .prepare('INSERT INTO drafts (id, service_key, step, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)')
        .run('old-1', 'svc', 1, 1, 1, JSON.stringify(old));
      const [draft] = repo.list('svc');
      expect(draft!.data.fields).toMatchObject({
        name: 'Grace Hopper',
        address_line_1: '1 Navy Yard',
        zip: '20374',
        shipping_cost: '4.95',
        total_discounts: '1',
        order_date: '2026-11-22',
        remarks: 'Leave at the door',
      });
      expect(draft!.step).toBe(1);
    } finally {
      repo.close();
    }
  });

  it('save, list, survive a restart, and are done once the order is in the outbox', async () => {
    const dataDir = path.join(dir, 'drafts-core');
    let core = coreIn(dataDir, { vault: new MemoryVault(null) });
    const data = { fields: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '' } };
    try {
      expect((await core.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' })).ok).toBe(true);
      const saved = await core.dispatch('drafts:save', { id: 'draft-keep-1', step: 1, data });
      expect(saved).toMatchObject({
        ok: true,
        value: { id: 'draft-keep-1', step: 1, data: { fields: { name: 'Ada Lovelace' }, lines: [] } },
      });
      expect(
        await core.dispatch('drafts:save', {
          id: 'draft-keep-1',
          step: 2,
          data: { fields: { ...data.fields, remarks: 'x'.repeat(5000) } },
        }),
      ).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    } finally {
      await core.close();
    }
    core = coreIn(dataDir, { vault: new MemoryVault(null) });
    try {
      // the vault was memory-only: the token is set again, the drafts are still there
      await core.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' });
      expect(await core.dispatch('drafts:list', {})).toMatchObject({
        ok: true,
        value: { drafts: [{ id: 'draft-keep-1', step: 1 }] },
      });
      expect((await core.dispatch('outbox:submit', { draftId: 'draft-keep-1', order: order() })).ok).toBe(true);
      expect(await core.dispatch('drafts:list', {})).toMatchObject({ ok: true, value: { drafts: [] } });
      // a save still on its way from the wizard does not bring the submitted draft back
      expect(await core.dispatch('drafts:save', { id: 'draft-keep-1', step: 4, data })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request', message: expect.stringMatching(/already been submitted/) },
      });
      expect(await core.dispatch('drafts:list', {})).toMatchObject({ ok: true, value: { drafts: [] } });
    } finally {
      await core.close();
    }
  });

  it('a corrected draft replaces the rejected entry it came from: one rejected becomes discarded, one order sent', async () => {
    const core = coreIn(path.join(dir, 'drafts-correct'), { vault: new MemoryVault(null) });
    try {
      expect((await core.dispatch('settings:save', { baseUrl: svc.url, token: 'tok' })).ok).toBe(true);
      const before = ordersOnService('fix@example.com');
      const bad = await core.dispatch('outbox:submit', {
        draftId: 'draft-bad-1',
        order: order({
          email: 'fix@example.com',
          order_items: [
            { id: 3, quantity: 1 },
            { id: 999_999, quantity: 1 },
          ],
        }),
      });
      expect(bad.ok).toBe(true);
      const badId = bad.ok ? (bad.value as { id: string }).id : '';
      await expect
        .poll(async () => {
          const list = await ask(core, 'outbox:list', {});
          return list.entries.find((e) => e.id === badId);
        }, sendSettles)
        .toMatchObject({ state: 'rejected', fieldErrors: { 'order_items.1.id': [expect.any(String)] } });
      // the rejected order is not sent: the badge and the quit guard count it (and the event says so)
      const said: number[] = [];
      const stop = core.events.on('outbox:changed', ({ unsent }) => void said.push(unsent));
      expect((await ask(core, 'outbox:list', {})).unsent).toBe(1);

      await core.dispatch('drafts:save', {
        id: 'draft-fix-1',
        step: 2,
        data: { replaces: badId, serverErrors: { 'order_items.1.id': ['The selected order_items.1.id is invalid.'] } },
      });
      const fixed = await core.dispatch('outbox:submit', {
        draftId: 'draft-fix-1',
        order: order({ email: 'fix@example.com' }),
      });
      expect(fixed.ok).toBe(true);
      await expect
        .poll(async () => {
          const list = await ask(core, 'outbox:list', {});
          return list.entries.map((e) => [e.draftId, e.state]);
        }, sendSettles)
        .toEqual([['draft-fix-1', 'sent']]);
      expect(ordersOnService('fix@example.com')).toBe(before + 1);
      expect((await ask(core, 'outbox:list', {})).unsent).toBe(0);
      // the corrected order queued while the rejected one was set aside: never counted twice, and none left at the end
      expect(Math.max(...said)).toBe(1);
      expect(said.at(-1)).toBe(0);
      stop();
    } finally {
      await core.close();
    }
  });
});
