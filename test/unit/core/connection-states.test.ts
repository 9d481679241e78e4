/**
 * The connection states besides online and offline: a service answering with errors for a while is 'failing', one
 * answering 429 is 'busy'; each says when the app tries again, and the probe follows that (time runs on a manual clock).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../shared/contract';
import { ManualClock } from '../../../electron/main/core/clock';
import { CONNECTION_LIMITS } from '../../../electron/main/core/limits';
import { startService } from '../../../server/index';
import { ask } from '../../support/ask';
import { sampleOrder } from '../../support/sample-order';
import { createTestCore, waitFor } from '../../support/core';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup() {
  const svc = await startService({ token: 'tok', products: 30, orders: 5 });
  cleanup.push(() => svc.close());
  const clock = new ManualClock(Date.now());
  const { core, dispose } = createTestCore({ clock });
  cleanup.push(dispose);
  const seen: ConnectionState[] = [];
  core.events.on('connection:changed', (s) => seen.push(s));
  await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
  await waitFor(async () => (await ask(core, 'connection:status', {})).state === 'online');
  return { svc, clock, core, seen };
}

const state = async (core: Awaited<ReturnType<typeof setup>>['core']) => ask(core, 'connection:status', {});

describe('connection states', () => {
  it('5xx answers make the service "failing" with a retry time; probes back off; it is online again once it answers', async () => {
    const { svc, clock, core } = await setup();
    svc.faults.add({ fault: { kind: 'status', status: 500 } });
    const failing = await ask(core, 'connection:check', {});
    expect(failing).toMatchObject({ state: 'failing', since: expect.any(Number) });
    expect(failing.retryAt).toBe(clock.now() + CONNECTION_LIMITS.failingProbeMs[0]);
    // the renderer words it from the state and the times: no verdict, and no English beside them (#28.5)
    expect(failing.verdict ?? null).toBeNull();
    expect(failing).not.toHaveProperty('message');

    // the next probe comes at retryAt, finds it still failing, and waits longer
    const requests = svc.stats().requests;
    await clock.advance(CONNECTION_LIMITS.failingProbeMs[0]);
    await waitFor(async () => svc.stats().requests > requests && (await state(core)).retryAt !== failing.retryAt);
    const again = await state(core);
    expect(again.state).toBe('failing');
    expect(again.since).toBe(failing.since);
    expect(again.retryAt! - clock.now()).toBe(CONNECTION_LIMITS.failingProbeMs[1]);

    svc.faults.clear();
    await clock.advance(CONNECTION_LIMITS.failingProbeMs[1]);
    await waitFor(async () => (await state(core)).state === 'online');
    expect(await state(core)).toMatchObject({ retryAt: null, since: null });
  });

  it('a 429 makes it "busy" until the time the service named; then the probe finds it online', async () => {
    const { svc, clock, core, seen } = await setup();
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '30' }, times: 1 });
    const busy = await ask(core, 'connection:check', {});
    expect(busy.state).toBe('busy');
    expect(busy.retryAt).toBe(clock.now() + 30_000);
    const requests = svc.stats().requests;
    await clock.advance(29_000);
    expect(svc.stats().requests).toBe(requests); // nothing asked before the time named
    await clock.advance(1_000);
    await waitFor(async () => (await state(core)).state === 'online');
    expect(seen.map((s) => s.state)).toEqual(expect.arrayContaining(['online', 'busy']));
  });

  it('busy after offline says nothing of why it was offline (no stale "cannot be reached" behind the busy bar)', async () => {
    const { svc, core } = await setup();
    svc.faults.add({ fault: { kind: 'drop' } });
    const offline = await ask(core, 'connection:check', {});
    expect(offline.state).toBe('offline');
    expect(offline.verdict).not.toBeNull();
    svc.faults.clear();
    svc.faults.add({ fault: { kind: 'rate-limit', retryAfter: '30' }, times: 1 });
    const busy = await ask(core, 'connection:check', {});
    expect(busy).toMatchObject({ state: 'busy', verdict: null });
    expect(busy).not.toHaveProperty('message');
  });

  it('the app’s own requests tell it: a few failing answers in a row make it failing, a good one online again', async () => {
    const { svc, core } = await setup();
    svc.faults.add({ fault: { kind: 'status', status: 503 }, path: '/api/product/' });
    for (let i = 0; i < CONNECTION_LIMITS.failingAfterAnswers; i++)
      await ask(core, 'catalogue:product', { id: 1 }).catch(() => null);
    expect((await state(core)).state).toBe('failing');
    svc.faults.clear();
    await ask(core, 'catalogue:product', { id: 1 }).catch(() => null);
    expect((await state(core)).state).toBe('online');
  });
  it('an order entered while the service is failing is held, not posted into the 5xx (no doubt), and goes out once when it answers', async () => {
    const { svc, clock, core } = await setup();
    svc.faults.add({ fault: { kind: 'status', status: 500 } });
    expect((await ask(core, 'connection:check', {})).state).toBe('failing');
    const posts = svc.stats().orderPosts;
    const entry = await ask(core, 'outbox:submit', {
      draftId: 'held-while-failing',
      order: sampleOrder({ email: 'held@example.com' }),
    });
    await clock.advance(1_000);
    expect(svc.stats().orderPosts).toBe(posts);
    expect((await ask(core, 'outbox:list', {})).entries.find((e) => e.id === entry.id)?.state).toBe('queued');

    svc.faults.clear();
    await clock.advance(CONNECTION_LIMITS.failingProbeMs[0]);
    await waitFor(
      async () => (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === entry.id)?.state === 'sent',
    );
    expect(svc.stats().orderPosts).toBe(posts + 1);
  });
});
