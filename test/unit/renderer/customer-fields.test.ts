/**
 * The wizard's Customer and Address steps are drawn from the order schema (#28.1): each customer field of a step, in
 * the schema's order, two half fields to a row — so a field added to the schema is asked for without a step's edit.
 */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS, customerRows, specOf } from '../../../shared/order-schema';

describe("the customer's steps, from the schema", () => {
  it('who: the name on its own row, e-mail and phone side by side', () => {
    expect(customerRows(0)).toEqual([['name'], ['email', 'phone']]);
  });

  it('where: the two address lines, post code and city, province and country', () => {
    expect(customerRows(1)).toEqual([['address_line_1'], ['address_line_2'], ['zip', 'city'], ['province', 'country']]);
  });

  it('every customer field is on one of the two steps, once, with its words', () => {
    const drawn = [...customerRows(0), ...customerRows(1)].flat();
    expect([...drawn].sort()).toEqual([...CUSTOMER_FIELDS].sort());
    for (const key of drawn) expect(specOf(key).form?.label, key).toMatch(/^wizard\./);
  });
});
