/**
 * The wizard's one rule for "the draft has a customer" (the Customer step opens on the fields rather than the search,
 * and scans held on the Customer step are released once it is left): a name, an e-mail or a phone that is not blank;
 * the country alone, filled in from the shop's settings, is not one. And the steps the wizard's files go by, named
 * once in shared/order-entry.ts beside STEPS (wizard-steps-source.test.ts: no renderer file works out one of its own).
 */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_STEP, ITEMS_STEP, REVIEW_STEP, STEPS } from '../../../shared/order-entry';
import { emptyFields } from '../../../shared/order-schema';
import { hasCustomer } from '../../../renderer/src/screens/new-order/hasCustomer';
import type { Store } from '../../../renderer/src/store';

const withFields = (fields: Record<string, string>): Store =>
  ({ wizard: { data: { fields: { ...emptyFields(), ...fields } } } }) as unknown as Store;

describe('the wizard steps', () => {
  it('Customer is the first step and Items the third', () => {
    expect(STEPS[CUSTOMER_STEP]).toBe('Customer');
    expect(STEPS[ITEMS_STEP]).toBe('Items');
    expect([CUSTOMER_STEP, ITEMS_STEP]).toEqual([0, 2]);
    expect(STEPS[REVIEW_STEP]).toBe('Review and send');
  });

  it('a name, an e-mail or a phone names a customer', () => {
    expect(hasCustomer(withFields({ name: 'Ann Lee' }))).toBe(true);
    expect(hasCustomer(withFields({ email: 'ann@example.com' }))).toBe(true);
    expect(hasCustomer(withFields({ phone: '0123 456' }))).toBe(true);
  });

  it('blank fields, the country alone or no open draft do not', () => {
    expect(hasCustomer(withFields({}))).toBe(false);
    expect(hasCustomer(withFields({ name: '  ', email: '\t', phone: ' ' }))).toBe(false);
    expect(hasCustomer(withFields({ country: 'GB', address_line_1: '1 High Street' }))).toBe(false);
    expect(hasCustomer({ wizard: null } as unknown as Store)).toBe(false);
  });
});
