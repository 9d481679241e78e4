/**
 * Issue #26.2: a single read the service refuses keeps its meaning. 401, 403, 404, 410, 422, 429 and 5xx on opening
 * an order or a product each arrive at the screen as their own code with the status, the record named and the
 * service's message; beside the cached copy when there is one, instead of "not in the local copy" when there is
 * none. The log keeps the status and the service's message, redacted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRead, ProductRead } from '../../../shared/contract';
import type { AppError, ErrorCode } from '../../../shared/errors';
import type { Core } from '../../../electron/main/core/index';
import { startService } from '../../../server/index';
import { createTestCore, syncCatalogue } from '../../support/core';
import { ask } from '../../support/ask';

const TOKEN = 'refusal-secret-token-8731';
/** What the service writes: its own words, with a credential echoed that must not reach the log or the screen. */
const SAID = `Nope: token ${TOKEN} has no access (api_key=zz-secret-99)`;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const CASES: [number, ErrorCode][] = [
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [410, 'gone'],
  [422, 'validation'],
  [429, 'rate_limited'],
  [500, 'server_error'],
  [503, 'server_error'],
];

async function setup(): Promise<{
  core: Core;
  svc: Awaited<ReturnType<typeof startService>>;
  log: string[];
}> {
  const svc = await startService({ token: TOKEN, products: 20, orders: 12, seed: 4 });
  cleanup.push(() => svc.close());
  const log: string[] = [];
  const line = (message: string, detail?: unknown) => log.push(`${message}${detail ? ` ${String(detail)}` : ''}`);
  const { core, dispose } = createTestCore({ log: { info: line, warn: line, error: line } });
  cleanup.push(dispose);
  await ask(core, 'settings:save', { baseUrl: svc.url, token: TOKEN });
  await ask(core, 'connection:check', {});
  return { core, svc, log };
}

async function refreshOrders(core: Core): Promise<void> {
  await ask(core, 'orders:refresh', {});
  while ((await ask(core, 'orders:status', {})).state === 'running') await new Promise((r) => setTimeout(r, 10));
}

const refuse = (svc: Awaited<ReturnType<typeof startService>>, path: string, status: number): void =>
  svc.faults.add({
    fault: { kind: 'status', status, body: JSON.stringify({ message: SAID }), contentType: 'application/json' },
    path,
    times: 1,
  });

/** The log says the status and what the service said, without the token or the echoed key. */
function expectLogged(log: string[], record: string, status: number): void {
  const lines = log.filter((l) => l.startsWith(`${record} 5 read live failed`));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`answered ${status}`);
  expect(lines[0]).toContain('Nope');
  expect(lines[0]).toContain('[redacted]');
  expect(log.join('\n')).not.toContain(TOKEN);
  expect(log.join('\n')).not.toContain('zz-secret-99');
}

describe.each(CASES)('a single read answered %i', (status, code) => {
  it('order not on this computer: the refusal as its own code, the order named, not "not in the local book"', async () => {
    const { core, svc, log } = await setup();
    refuse(svc, '/api/order/5', status);
    const result = await core.dispatch('orders:get', { id: 5 });
    expect(result.ok).toBe(false);
    const error = (result as { error: AppError }).error;
    expect(error.code).toBe(code);
    expect(error.facts).toMatchObject({ status, what: 'order', where: 'service' });
    expect(String(error.facts?.serviceMessage)).toMatch(/^Nope: token \[redacted\]/);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toMatch(/local order book/);
    expectLogged(log, 'order', status);
  });

  it('order on this computer: the cached copy, with the refusal as its own code beside it', async () => {
    const { core, svc, log } = await setup();
    await refreshOrders(core);
    refuse(svc, '/api/order/5', status);
    const read: OrderRead = await ask(core, 'orders:get', { id: 5 });
    expect(read.source).toBe('cache');
    expect(read.order.id).toBe(5);
    expect(read.why?.code).toBe(status === 404 ? 'gone' : 'failed');
    expect(read.why?.error).toMatchObject({ code, facts: { status } });
    expect(JSON.stringify(read)).not.toContain(TOKEN);
    expectLogged(log, 'order', status);
    // the next read is live again (the refusal was one answer): nothing of it stays on the order
    if (status !== 429) expect((await ask(core, 'orders:get', { id: 5 })).source).toBe('live');
  });

  it('product not on this computer: the refusal as its own code, the product named', async () => {
    const { core, svc, log } = await setup();
    refuse(svc, '/api/product/5', status);
    const result = await core.dispatch('catalogue:product', { id: 5 });
    expect(result.ok).toBe(false);
    const error = (result as { error: AppError }).error;
    expect(error.code).toBe(code);
    expect(error.facts).toMatchObject({ status, what: 'product', where: 'service' });
    expect(JSON.stringify(error)).not.toMatch(/local catalogue/);
    expectLogged(log, 'product', status);
  });

  it('product on this computer: the cached copy with the refusal; 404 and 410 mark it missing', async () => {
    const { core, svc, log } = await setup();
    await syncCatalogue(core);
    refuse(svc, '/api/product/5', status);
    const read: ProductRead = await ask(core, 'catalogue:product', { id: 5 });
    expect(read.source).toBe('cache');
    expect(read.missing).toBe(status === 404 || status === 410);
    expect(read.why?.error).toMatchObject({ code, facts: { status } });
    expectLogged(log, 'product', status);
  });
});

describe('a single read that fails without an answer', () => {
  it('an order not on this computer and a service out of reach: still "not in the local order book"', async () => {
    const { core, svc } = await setup();
    await svc.close();
    const result = await core.dispatch('orders:get', { id: 5 });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found', facts: { what: 'order', where: 'local' } } });
  });
});
