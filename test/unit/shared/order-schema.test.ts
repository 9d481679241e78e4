/** The order schema's own rules (#28.1): what the compiler cannot see in the table is checked here. */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS } from '../../../shared/customers';
import { NewOrder, OrderDetail, OrderRow } from '../../../shared/domain';
import {
  camel,
  CSV_COLUMNS,
  FIELD_KEYS,
  ORDER_FIELD_NAMES,
  PERSONAL_FIELDS,
  POSTED_FIELDS,
  SCALAR_FIELDS,
  specOf,
} from '../../../shared/order-schema';

describe('the order schema', () => {
  it('names every field once, in the service’s spelling, and the record names follow from it', () => {
    expect(new Set(ORDER_FIELD_NAMES).size).toBe(ORDER_FIELD_NAMES.length);
    for (const name of ORDER_FIELD_NAMES) expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(camel('address_line_1')).toBe('addressLine1');
    expect(camel('po_number')).toBe('poNumber');
    for (const name of SCALAR_FIELDS) expect(OrderDetail.shape).toHaveProperty(camel(name));
  });

  it('POST /api/order carries every field staff type, and the lines', () => {
    expect(Object.keys(NewOrder.shape).sort()).toEqual([...POSTED_FIELDS, 'order_items'].sort());
    for (const key of FIELD_KEYS) expect(POSTED_FIELDS).toContain(key);
  });

  it('numbers the CSV columns 1…n, each once', () => {
    expect(CSV_COLUMNS.map((c) => c.column)).toEqual(CSV_COLUMNS.map((_, i) => i + 1));
    expect(new Set(CSV_COLUMNS.map((c) => c.header)).size).toBe(CSV_COLUMNS.length);
  });

  it('the order list has a column for each field the schema lists (a list column is a migration)', () => {
    const listed = ORDER_FIELD_NAMES.filter((name) => specOf(name).show.list);
    for (const name of listed) expect(OrderRow.shape).toHaveProperty(name === 'order_items' ? 'items' : camel(name));
  });

  it('leaves the customer out of a support file: every customer field is personal', () => {
    for (const name of CUSTOMER_FIELDS) expect(PERSONAL_FIELDS).toContain(name);
    expect(PERSONAL_FIELDS).toContain('remarks');
  });
});
