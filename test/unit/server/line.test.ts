/**
 * #31.5: the reference service's shared line (--line-mbit). Its answers are the same bytes, compressed or not, and
 * answers fetched at once share the one line: together they take at least what their bytes take over it (a lower
 * bound only, so a busy machine can never fail it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../server/index';
import { Line } from '../../../server/line';

const TOKEN = 'line-token';
const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
const common = { token: TOKEN, products: 300, orders: 0, seed: 7 };
let plain: RunningService;
let slow: RunningService;

beforeAll(async () => {
  plain = await startService(common);
  // 2 Mbit/s: 250,000 bytes a second; compressed as a web server in front would
  slow = await startService({ ...common, lineMbit: 2, compress: 'gzip' });
});
afterAll(async () => {
  await plain.close();
  await slow.close();
});

const text = async (url: string, extra: Record<string, string> = {}) => {
  const res = await fetch(url, { headers: { ...headers, ...extra } });
  return { status: res.status, body: await res.text(), encoding: res.headers.get('content-encoding') };
};

describe('a shared line of a given speed', () => {
  it('carries the same answers, compressed ones too', async () => {
    for (const path of ['/api/product?page=1', '/api/product?page=7', '/api/product/12', '/api/nothing-here']) {
      const over = await text(slow.url + path, { 'accept-encoding': 'gzip' });
      const direct = await text(plain.url + path);
      expect(over.status, path).toBe(direct.status);
      // the same answer (its links name the service it came from)
      expect(over.body.replaceAll(slow.url, 'SERVICE'), path).toBe(direct.body.replaceAll(plain.url, 'SERVICE'));
      if (path.includes('page')) expect(over.encoding, path).toBe('gzip');
    }
  });

  it('answers fetched at once share it: together no faster than their bytes over one line', async () => {
    const paths = Array.from({ length: 6 }, (_, i) => `/api/product?page=${i + 1}`);
    // uncompressed (no Accept-Encoding): the bytes on the line are the bodies' own
    const sizes = await Promise.all(paths.map(async (p) => Buffer.byteLength((await text(plain.url + p)).body)));
    const bytes = sizes.reduce((a, b) => a + b, 0);
    const started = performance.now();
    const bodies = await Promise.all(
      paths.map(async (p) => (await text(slow.url + p, { 'accept-encoding': 'identity' })).body),
    );
    const ms = performance.now() - started;
    expect(bodies.map((b) => Buffer.byteLength(b))).toEqual(sizes);
    // 250 bytes a millisecond on a 2 Mbit/s line (a little slack for the timer's rounding)
    expect(ms).toBeGreaterThanOrEqual((bytes / 250) * 0.9);
  });

  it('takes only a speed above zero', () => {
    expect(() => new Line(0)).toThrow(RangeError);
    expect(() => new Line(Number.NaN)).toThrow(RangeError);
    expect(new Line(16).mbit).toBe(16);
  });
});
