/**
 * The reference service keeps its own list of the order's fields (it stands for someone else's service): it must take
 * exactly what the app's order schema sends, with the same rules, or an order field added to one is silently dropped
 * by the other (#28.1).
 */
import { describe, expect, it } from 'vitest';
import { DATES, MONEY, OPTIONAL_TEXT, REQUIRED_TEXT, TEXT_MAX } from '../../../server/validate';
import { ORDER_SCHEMA, POSTED_FIELDS, specOf } from '../../../shared/order-schema';

const sorted = (names: readonly string[]): string[] => [...names].sort();

describe('the reference service’s order fields', () => {
  it('are the order schema’s: required text, optional text with its length, money and dates', () => {
    const text = POSTED_FIELDS.filter((name) => specOf(name).kind === 'string');
    const required = text.filter((name) => specOf(name).form?.required);
    expect(sorted(REQUIRED_TEXT)).toEqual(sorted(required));
    for (const name of REQUIRED_TEXT) expect(specOf(name).max).toBe(TEXT_MAX);
    expect(OPTIONAL_TEXT).toEqual(
      Object.fromEntries(text.filter((name) => !specOf(name).form?.required).map((name) => [name, specOf(name).max])),
    );
    expect(sorted(MONEY)).toEqual(sorted(POSTED_FIELDS.filter((name) => specOf(name).kind === 'decimal')));
    expect(sorted(DATES)).toEqual(sorted(POSTED_FIELDS.filter((name) => specOf(name).kind === 'date')));
    // and the lines, which every order carries
    expect(ORDER_SCHEMA.order_items.kind).toBe('lines');
  });
});
