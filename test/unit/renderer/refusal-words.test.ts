/** Issue #26.2: each refusal of a single read in its own words, for the record it refused (renderer/src/errors.ts). */
import { describe, expect, it, vi } from 'vitest';
import type { ReadWhy } from '../../../shared/contract';
import type { AppError } from '../../../shared/errors';

vi.mock('../../../renderer/src/store', () => ({ useStore: () => null }));
vi.mock('../../../renderer/src/bridge', () => ({ BridgeError: class extends Error {} }));
// named at run time only: errors.ts is checked with the renderer (tsconfig.web.json)
const ERRORS = '../../../renderer/src/errors';
const { errorWords, readNote, readRefusal } = (await import(/* @vite-ignore */ ERRORS)) as {
  errorWords(error: Pick<AppError, 'code' | 'message' | 'facts'>): string;
  readNote(why: ReadWhy | null, record: 'product' | 'order'): string | null;
  readRefusal(why: ReadWhy | null, record: 'product' | 'order'): { words: string; said: string | null } | null;
};

const ORDER_WORDS: [number, AppError['code'], string][] = [
  [401, 'unauthorized', 'The service did not accept the API token for this order.'],
  [403, 'forbidden', 'The service refused access to this order.'],
  [404, 'not_found', 'The service does not know this order.'],
  [410, 'gone', 'The service says this order has been removed.'],
  [422, 'validation', 'The service rejected the request for this order.'],
  [429, 'rate_limited', 'The service asked Shopdesk to wait before reading this order again.'],
  [500, 'server_error', 'The service had an internal error (500) reading this order.'],
  [503, 'server_error', 'The service had an internal error (503) reading this order.'],
  [405, 'bad_response', 'The service answered 405 when asked for this order.'],
];

describe('a refused read in words', () => {
  it.each(ORDER_WORDS)('%i (%s) on an order not on this computer', (status, code, words) => {
    const facts = { status, serviceMessage: null, what: 'order', where: 'service' };
    expect(errorWords({ code, message: 'English for the log', facts })).toBe(words);
  });

  it.each(ORDER_WORDS)(
    '%i (%s) on an order shown from this computer: a notice above the copy',
    (status, code, words) => {
      const why: ReadWhy = { code: status === 404 ? 'gone' : 'failed', error: { code, facts: { status } } };
      expect(readRefusal(why, 'order')).toEqual({ words, said: null });
    },
  );

  it('a product is named as a product; what the service said follows, labelled', () => {
    const facts = { status: 403, serviceMessage: 'Not for your shop.', what: 'product', where: 'service' };
    expect(errorWords({ code: 'forbidden', message: '', facts })).toBe(
      'The service refused access to this product. The service said: “Not for your shop.”',
    );
    expect(readRefusal({ code: 'failed', error: { code: 'forbidden', facts } }, 'product')).toEqual({
      words: 'The service refused access to this product.',
      said: 'The service said: “Not for your shop.”',
    });
    expect(readNote({ code: 'failed', error: { code: 'forbidden', facts } }, 'product')).toBe(
      'The service refused access to this product. The service said: “Not for your shop.” Showing the copy on this computer.',
    );
  });

  it('a failure without an answer is no refusal: worded as before', () => {
    const why: ReadWhy = { code: 'failed', error: { code: 'timeout', facts: {} } };
    expect(readRefusal(why, 'order')).toBeNull();
    expect(readNote(why, 'order')).toBe('The service did not answer in time. Showing the copy on this computer.');
    expect(readRefusal({ code: 'offline' }, 'order')).toBeNull();
    expect(errorWords({ code: 'not_found', message: '', facts: { what: 'order', where: 'local' } })).toBe(
      'This order is not in the local order book.',
    );
    // a 403 outside a single read (a sync, a send) keeps the general words
    expect(errorWords({ code: 'forbidden', message: '', facts: { status: 403 } })).toBe(
      'The API token is not allowed to do this.',
    );
  });
});
