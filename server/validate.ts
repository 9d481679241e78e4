/** Laravel-style validation of POST /api/order: {message, errors: {"field": [..], "order_items.0.quantity": [..]}}. */
import { parseSlashDate, type DateOrder } from './dates';

export type FieldErrors = Record<string, string[]>;

/**
 * The fields this service takes, its own list (it stands for someone else's service; test/unit/server/fields.test.ts
 * checks it equals the app's order schema): required text, optional text with its longest length, money, dates.
 */
export const REQUIRED_TEXT = [
  'name',
  'email',
  'phone',
  'address_line_1',
  'zip',
  'city',
  'province',
  'country',
] as const;
export const TEXT_MAX = 255;
export const OPTIONAL_TEXT = { address_line_2: TEXT_MAX, remarks: 2000, cancel_reason: TEXT_MAX } as const;
export const MONEY = ['subtotal_price', 'shipping_cost', 'total_tax', 'total_discounts', 'total_price'] as const;
export const DATES = ['order_date', 'processed_date', 'closed_date', 'cancelled_date'] as const;
const MAX_ITEMS = 200;

const label = (field: string): string => (field.includes('.') ? field : field.replace(/_/g, ' '));

export interface ValidOrderInput {
  fields: Record<string, string>;
  items: { id: number; quantity: number }[];
}

export function validateOrder(
  body: unknown,
  opts: { dateOrder: DateOrder; productExists: (id: number) => boolean },
): { ok: true; value: ValidOrderInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (field: string, message: string): void => {
    (errors[field] ??= []).push(message);
  };
  const input =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string> = {};
  const text = (field: string, required: boolean, max = TEXT_MAX): void => {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      if (required) add(field, `The ${label(field)} field is required.`);
      else fields[field] = '';
      return;
    }
    if (typeof value !== 'string') return add(field, `The ${label(field)} field must be a string.`);
    if (value.length > max) return add(field, `The ${label(field)} field must not be greater than ${max} characters.`);
    fields[field] = value;
  };
  for (const field of REQUIRED_TEXT) text(field, true);
  for (const [field, max] of Object.entries(OPTIONAL_TEXT)) text(field, false, max);
  if (fields.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email)) {
    add('email', 'The email field must be a valid email address.');
  }
  for (const field of MONEY) {
    const value = input[field];
    if (value === undefined || value === null || value === '') add(field, `The ${label(field)} field is required.`);
    else if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value)) {
      add(field, `The ${label(field)} field must have 2 decimal places.`);
    } else fields[field] = value;
  }
  for (const field of DATES) {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      fields[field] = '';
      continue;
    }
    const format = opts.dateOrder === 'dmy' ? 'd/m/Y' : 'm/d/Y';
    if (typeof value !== 'string' || !parseSlashDate(value, opts.dateOrder)) {
      add(field, `The ${label(field)} field must match the format ${format}.`);
    } else fields[field] = value;
  }
  if (fields.cancel_reason && !fields.cancelled_date && !errors.cancelled_date) {
    add('cancel_reason', 'The cancel reason field is prohibited unless cancelled date is present.');
  }
  const items: { id: number; quantity: number }[] = [];
  const rawItems = input.order_items;
  if (rawItems === undefined || rawItems === null) add('order_items', 'The order items field is required.');
  else if (!Array.isArray(rawItems)) add('order_items', 'The order items field must be an array.');
  else if (rawItems.length === 0) add('order_items', 'The order items field must have at least 1 items.');
  else if (rawItems.length > MAX_ITEMS)
    add('order_items', `The order items field must not have more than ${MAX_ITEMS} items.`);
  else {
    rawItems.forEach((raw: unknown, index) => {
      const item = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
      const idKey = `order_items.${index}.id`;
      const qtyKey = `order_items.${index}.quantity`;
      const id = item.id;
      const quantity = item.quantity;
      let ok = true;
      if (id === undefined || id === null || id === '') {
        add(idKey, `The ${idKey} field is required.`);
        ok = false;
      } else if (!Number.isInteger(id)) {
        add(idKey, `The ${idKey} field must be an integer.`);
        ok = false;
      } else if (!opts.productExists(id as number)) {
        add(idKey, `The selected ${idKey} is invalid.`);
        ok = false;
      }
      if (quantity === undefined || quantity === null || quantity === '') {
        add(qtyKey, `The ${qtyKey} field is required.`);
        ok = false;
      } else if (!Number.isInteger(quantity)) {
        add(qtyKey, `The ${qtyKey} field must be an integer.`);
        ok = false;
      } else if ((quantity as number) < 1) {
        add(qtyKey, `The ${qtyKey} field must be at least 1.`);
        ok = false;
      } else if ((quantity as number) > 100_000) {
        add(qtyKey, `The ${qtyKey} field must not be greater than 100000.`);
        ok = false;
      }
      if (ok) items.push({ id: id as number, quantity: quantity as number });
    });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { fields, items } };
}

/** Laravel's summary line: the first message, plus "(and N more errors)". */
export function summaryMessage(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
}
