/**
 * Order lists parsed as they stream (api/list-stream.ts): every envelope reads as a whole parse would, however the
 * bytes are cut; a later page past the size a page can have stops the refresh with a clear reason, four at once too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JsonListStream } from '../../../electron/main/core/http/list-stream';
import { ApiFailure, ServiceHttp } from '../../../electron/main/core/http/client';
import { ORDER_LIMITS } from '../../../electron/main/core/limits';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { createTestCore } from '../../support/core';

function streamed(text: string, size: number): unknown {
  const stream = new JsonListStream();
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) stream.push(bytes.subarray(i, i + size));
  return stream.end();
}

const LISTS = [
  '[{"id":1,"name":"a]b}","n":[1,{"y":"\\"}]"}]},{"id":2,"note":"ü€ 𝄞"}]',
  '{"data":[{"id":1},{"id":2,"n":"x"}],"meta":{"last_page":3,"total":40},"links":{"next":"http://x/?page=2"}}',
  '{"meta":{"last_page":2,"total":"17"},"version":"1.0.0","data":[{"id":5}],"author_url":"https://a"}',
  ' \n{ "data" : [ ] , "meta" : { "total" : 0 } } \n',
  '[]',
  '[1, "x", null, true, {"id":3}, "last"]',
  '{"a":1,"data":[{"id":9}],"b":[1,2,{"c":"]"}],"d":"s}"}',
];

describe('parsed as it streams', () => {
  it('reads every envelope as a whole parse would, cut at any byte', () => {
    for (const text of LISTS)
      for (const size of [1, 2, 3, 5, 7, 64, 100_000])
        expect(streamed(text, size), `${size}: ${text}`).toEqual(JSON.parse(text));
  });

  it('refuses what is no whole list', () => {
    for (const text of ['nope', '{"data":[{"id":1}]', '[{"id":1},', '<html>', '"text"'])
      expect(() => streamed(text, 3), text).toThrow();
  });
});

describe('the size of an order-list page', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  it(`a later page past ${ORDER_LIMITS.maxPageBytes / 1024 / 1024} MB stops the refresh with a clear reason`, async () => {
    const svc: RunningService = await startService({ token: 'tok', products: 5, orders: 60, orderPageSize: 15 });
    cleanup.push(() => svc.close());
    const { core, dispose } = createTestCore({ http: new ServiceHttp() });
    cleanup.push(dispose);
    await ask(core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
    svc.faults.add({
      fault: { kind: 'huge', bytes: ORDER_LIMITS.maxPageBytes + 1024 * 1024 },
      path: '/api/order?page=',
    });
    const before = process.memoryUsage().rss;
    await ask(core, 'orders:refresh', {});
    let status = await ask(core, 'orders:status', {});
    for (let i = 0; i < 400 && status.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = await ask(core, 'orders:status', {});
    }
    expect(status.state).toBe('failed');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('the http client gives a streamed answer to its sink, never keeping it', async () => {
    const svc = await startService({ token: 'tok', products: 5, orders: 40, orderList: 'bare' });
    cleanup.push(() => svc.close());
    const http = new ServiceHttp();
    cleanup.push(() => http.destroy());
    let bytes = 0;
    const answer = await http.json({ baseUrl: svc.url, token: 'tok' }, '/api/order', {
      sink: (chunk) => (bytes += chunk.length),
    });
    expect(answer.body).toBeUndefined();
    expect(bytes).toBe(answer.bytes);
    await expect(
      http.json({ baseUrl: svc.url, token: 'tok' }, '/api/order', { sink: () => undefined, maxBytes: 100 }),
    ).rejects.toBeInstanceOf(ApiFailure);
  });
});
