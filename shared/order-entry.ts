/**
 * The order-entry rules, kept pure so the wizard, the tests and main read them the same way: the steps, what each
 * field accepts (in plain words), the order as POST /api/order takes it, and the way back from the service's 422 keys
 * ("order_items.0.quantity") to the wizard's fields; its lines. Exact money and totals are in order-money.ts, dates as
 * typed and as sent in order-dates.ts (both handed on from here).
 *
 * Wizard field keys are the service's own names ("name", "shipping_cost", "order_items.2.quantity"), so a 422
 * message lands on its field without a translation table that could drift.
 */
import { english, type Say } from './i18n/english';
import type { SimpleKey } from './i18n/translate';
import Big from 'big.js';
import { isoDate, parseSlashDate, type DateOrder } from './dates';
import { readDateInput, sendDate, todayIso } from './order-dates';
import { computeTotals, readMoneyInput } from './order-money';
import type { DraftData, DraftLine, LineLabel } from './drafts';
import type { NewOrder } from './outbox';
import type { TaxRule } from './shop-rules';
import {
  emptyFields,
  FIELD_KEYS,
  ORDER_FIELD_NAMES,
  specOf,
  type DraftFields,
  type FieldKey,
  type FieldKind,
} from './order-schema';

export const STEPS = ['Customer', 'Delivery address', 'Items', 'Prices and dates', 'Review and send'] as const;
export type StepName = (typeof STEPS)[number];
/**
 * The steps the wizard's files go by, by their place in STEPS (the one list): a check names the step it means, so a
 * reordered STEPS cannot leave a bare number pointing at another step. Each is its number as a type too (customerRows).
 */
type Place<List extends readonly unknown[], Name> = { [I in keyof List]: List[I] extends Name ? I : never }[number];
const placeOf = <Name extends StepName>(name: Name) =>
  STEPS.indexOf(name) as Place<typeof STEPS, Name> extends `${infer P extends number}` ? P : never;
export const CUSTOMER_STEP = placeOf('Customer');
export const ADDRESS_STEP = placeOf('Delivery address');
export const ITEMS_STEP = placeOf('Items');
export const PRICES_STEP = placeOf('Prices and dates');
/** The first step, whichever it is: Back goes no further back. */
export const FIRST_STEP = 0;
export const REVIEW_STEP = STEPS.length - 1;
export const MAX_LINES = 200;
export const MAX_QUANTITY = 100_000;

export type FieldErrors = Record<string, string>;

export type { DraftFields, FieldKey, FieldKind } from './order-schema';
// money and dates of an order being entered live in their own files; most of the app takes them from here
export * from './order-money';
export { datePattern, readDateInput, showDate, todayIso } from './order-dates';
export { emptyFields, FIELD_KEYS, upgradeDraft } from './order-schema';

export interface FieldSpec {
  /** The wizard step the field is on (0 Customer … 3 Prices and dates). */
  step: number;
  kind: FieldKind;
  /** The service refuses the order without it. */
  required?: boolean;
  /** Longest text the service takes. */
  max: number;
  /**
   * Filled in by the app (default country, today's date, the shop's shipping cost), so it alone does not make a draft
   * worth keeping.
   */
  prefilled?: boolean;
}

/**
 * Every field of an order staff can fill, by the service's own name, as the form reads it: drawn from the order
 * schema (shared/order-schema.ts), where a field is written once. The draft holds these keys; the steps, the required
 * and length rules, isBlank, emptyDraft, toNewOrder and draftFromOrder all read this table.
 */
export const ORDER_FIELDS = Object.fromEntries(
  FIELD_KEYS.map((key) => {
    const { form, max } = specOf(key);
    const spec: FieldSpec = { step: form!.step, kind: form!.input!, max: max! };
    if (form!.required) spec.required = true;
    if (form!.prefilled) spec.prefilled = true;
    return [key, spec];
  }),
) as Record<FieldKey, FieldSpec>;

/** Keys the wizard fills itself (never typed), with their step. */
const COMPUTED_STEPS: Record<string, number> = Object.fromEntries(
  ORDER_FIELD_NAMES.flatMap((name) => {
    const { form } = specOf(name);
    return form && !form.input ? [[name, form.step]] : [];
  }),
);

export const isFieldKey = (key: string): key is FieldKey => Object.hasOwn(ORDER_FIELDS, key);
export const fieldsOfStep = (step: number): FieldKey[] => FIELD_KEYS.filter((k) => ORDER_FIELDS[k].step === step);
export const DATE_FIELDS = FIELD_KEYS.filter((k) => ORDER_FIELDS[k].kind === 'date');

/** The step a field (or a 422 key) belongs to. */
export function stepOf(key: string): number {
  const head = key.split('.')[0] ?? key;
  if (isFieldKey(head)) return ORDER_FIELDS[head].step;
  return COMPUTED_STEPS[head] ?? REVIEW_STEP;
}

/** Steps that have at least one error, for the step list. */
export function stepsWithErrors(errors: FieldErrors): Set<number> {
  return new Set(Object.keys(errors).map(stepOf));
}

export function firstStepWithError(errors: FieldErrors): number | null {
  const steps = [...stepsWithErrors(errors)].sort((a, b) => a - b);
  return steps[0] ?? null;
}

// ---------- validation ----------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]{5,30}$/;

/** A field's name inside a sentence (the dates' messages). */
const nameOf = (key: FieldKey): SimpleKey => specOf(key).name ?? 'order.error.needed';

/** Every problem of a draft, keyed by field, in plain words. An empty object means it can be sent. */
export function validateDraft(
  data: DraftData,
  order: DateOrder,
  countries?: readonly string[],
  tax: TaxRule | null = null,
  /** The words, in the language in use (English unless given). */
  say: Say = english.t,
): FieldErrors {
  const errors: FieldErrors = {};
  const f = data.fields;
  for (const key of FIELD_KEYS) {
    const spec: FieldSpec = ORDER_FIELDS[key];
    const value = f[key];
    if (spec.required && !value.trim()) errors[key] = say(specOf(key).form?.required ?? 'order.error.needed');
    else if (value.length > spec.max) errors[key] = say('order.error.tooLong', { max: spec.max });
  }
  if (!errors.email && !EMAIL.test(f.email.trim())) errors.email = say('order.error.emailShape');
  if (!errors.phone && !PHONE.test(f.phone.trim())) errors.phone = say('order.error.phoneShape');
  if (!errors.country && countries && !countries.includes(f.country.trim()))
    errors.country = say('order.error.countryList');

  if (data.lines.length === 0) errors.order_items = say('order.error.noLines');
  if (data.lines.length > MAX_LINES) errors.order_items = say('order.error.maxLines', { max: MAX_LINES });
  data.lines.forEach((line, i) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY)
      errors[`order_items.${i}.quantity`] = say('order.error.quantity', { max: MAX_QUANTITY });
    if (line.price === null) errors[`order_items.${i}.id`] = say('order.error.noPrice');
  });

  for (const key of FIELD_KEYS.filter((k) => ORDER_FIELDS[k].kind === 'money')) {
    const read = readMoneyInput(f[key], say);
    if (!read.ok) errors[key] = read.message;
  }
  const totals = computeTotals(data.lines, f, tax);
  if (totals.total !== null && new Big(totals.total).lt(0)) errors.total_discounts = say('order.error.negativeTotal');
  if (totals.total !== null && new Big(totals.total).gte('10000000000'))
    errors.total_price = say('order.error.totalTooLarge');

  const isoByKey: Partial<Record<FieldKey, string>> = {};
  for (const key of DATE_FIELDS) {
    const text = f[key];
    if (!text.trim()) continue;
    const iso = readDateInput(text, order);
    if (!iso) errors[key] = say('order.error.notADate', { field: say(nameOf(key)) });
    else isoByKey[key] = iso;
  }
  for (const key of DATE_FIELDS) {
    const iso = isoByKey[key];
    if (key !== 'order_date' && iso && isoByKey.order_date && iso < isoByKey.order_date)
      errors[key] = say('order.error.beforeOrder', { field: say(nameOf(key)) });
  }
  if (f.cancel_reason.trim() && !f.cancelled_date.trim()) errors.cancel_reason = say('order.error.cancelReason');
  return errors;
}

/** Errors of one step only (Enter moves on when this is empty). */
export function errorsForStep(errors: FieldErrors, step: number): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stepOf(key) === step));
}

// ---------- to and from the service ----------

/** The order exactly as POST /api/order takes it. Call only with a draft that validates. */
export function toNewOrder(data: DraftData, order: DateOrder, tax: TaxRule | null = null): NewOrder {
  const totals = computeTotals(data.lines, data.fields, tax);
  const f = data.fields;
  const sent = Object.fromEntries(
    FIELD_KEYS.map((key) => {
      const kind: FieldKind = ORDER_FIELDS[key].kind;
      return [key, kind === 'date' ? sendDate(f[key], order) : f[key].trim()];
    }),
  ) as DraftFields;
  return {
    ...sent,
    cancel_reason: f.cancelled_date.trim() ? sent.cancel_reason : '',
    subtotal_price: totals.subtotal ?? '0.00',
    shipping_cost: totals.shipping ?? '0.00',
    total_tax: totals.tax ?? '0.00',
    total_discounts: totals.discounts ?? '0.00',
    total_price: totals.total ?? '0.00',
    order_items: data.lines.map((line) => ({ id: line.productId, quantity: line.quantity })),
  };
}

/**
 * The service's 422 messages as wizard errors. Keys are the service's field names already; an unknown key (a field
 * the wizard does not have) is kept under its own name and shown on the review step, never dropped.
 */
export function fromServerErrors(fields: Record<string, string[]> | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const text = messages.filter((m) => typeof m === 'string' && m.trim()).join(' ');
    if (text) errors[key] = text;
  }
  return errors;
}

/**
 * Moves the service's messages about lines ("order_items.2.quantity") from the draft onto the lines they are about,
 * so they follow their line through reordering and vanish with it. A message about a line the draft does not have is
 * left where it is (shown on the review step, never blocking by itself).
 */
export function attachLineMessages(data: DraftData): DraftData {
  const serverErrors: DraftData['serverErrors'] = {};
  const lines = data.lines.map((line) => ({ ...line, serviceMessages: { ...line.serviceMessages } }));
  let moved = false;
  for (const [key, messages] of Object.entries(data.serverErrors)) {
    const index = lineOf(key);
    const line = index === null ? undefined : lines[index];
    if (!line) {
      serverErrors[key] = messages;
      continue;
    }
    const sub = key.split('.').slice(2).join('.') || 'id';
    line.serviceMessages[sub] = [...(line.serviceMessages[sub] ?? []), ...messages];
    moved = true;
  }
  if (!moved) return data;
  return {
    ...data,
    serverErrors,
    lines: lines.map(({ serviceMessages, ...line }) =>
      Object.keys(serviceMessages).length ? { ...line, serviceMessages } : line,
    ),
  };
}

/** The service's messages still on the lines, keyed by where each line is now ("order_items.0.quantity"). */
export function lineMessages(lines: readonly DraftLine[]): FieldErrors {
  const errors: FieldErrors = {};
  lines.forEach((line, i) => {
    for (const [sub, messages] of Object.entries(line.serviceMessages ?? {})) {
      const text = messages.filter((m) => m.trim()).join(' ');
      if (text) errors[`order_items.${i}.${sub}`] = text;
    }
  });
  return errors;
}

/** A line with the service's messages about one of its values taken off (staff changed that value). */
export function withoutMessage(line: DraftLine, sub: string): DraftLine {
  if (!line.serviceMessages?.[sub]) return line;
  const rest = Object.fromEntries(Object.entries(line.serviceMessages).filter(([key]) => key !== sub));
  return { ...line, serviceMessages: rest };
}

/** Which line of the order a key such as "order_items.3.quantity" points at (null for other keys). */
export function lineOf(key: string): number | null {
  const m = /^order_items\.(\d+)(\.|$)/.exec(key);
  return m ? Number(m[1]) : null;
}

/**
 * A draft rebuilt from an order that was sent (to correct a rejected one, or to order the same again). Lines get what
 * the catalogue knows of each product; money the wizard computes (subtotal, total) is recomputed from the lines,
 * never copied.
 */
export function draftFromOrder(
  order: NewOrder,
  dateOrder: DateOrder,
  product: (id: number) => Pick<DraftLine, 'sku' | 'name' | 'price' | 'available'> | null,
  now = Date.now(),
): DraftData {
  const fields = Object.fromEntries(
    FIELD_KEYS.map((key) => {
      const text = order[key];
      const kind: FieldKind = ORDER_FIELDS[key].kind;
      const parsed = kind === 'date' ? parseSlashDate(text, dateOrder) : null;
      return [key, parsed ? isoDate(parsed) : text];
    }),
  ) as DraftFields;
  return {
    fields,
    lines: order.order_items.map((item) => {
      const known = product(item.id);
      return {
        productId: item.id,
        sku: known?.sku ?? `#${item.id}`,
        name: known?.name ?? 'Product not in the local catalogue',
        price: known?.price ?? null,
        available: known?.available ?? null,
        addedAt: now,
        quantity: item.quantity,
      };
    }),
    replaces: null,
    serverErrors: {},
  };
}

/**
 * Adds a product to the lines, or `count` more of it when it is already there (a second scan); `count` is one unless
 * a quantity was typed before the scan or pick ("5*", #29.6). A line never holds more than MAX_QUANTITY.
 */
export function addProduct(
  lines: readonly DraftLine[],
  product: Pick<DraftLine, 'productId' | 'sku' | 'name' | 'price' | 'available'>,
  now = Date.now(),
  count = 1,
  label?: LineLabel,
): { lines: DraftLine[]; index: number; quantity: number } {
  const more = Math.max(1, Math.trunc(count));
  const index = lines.findIndex((l) => l.productId === product.productId);
  // what a scanned label said (lot, expiry, weight) stays on the line, one entry per label
  const labelled = (line: DraftLine): DraftLine =>
    label ? { ...line, labels: [...(line.labels ?? []), label].slice(-100) } : line;
  if (index >= 0) {
    const quantity = Math.min(MAX_QUANTITY, lines[index]!.quantity + more);
    return { lines: lines.map((l, i) => (i === index ? labelled({ ...l, quantity }) : l)), index, quantity };
  }
  const quantity = Math.min(MAX_QUANTITY, more);
  return { lines: [...lines, labelled({ ...product, addedAt: now, quantity })], index: lines.length, quantity };
}

/**
 * A quantity typed before a scan or a pick (#29.6): digits ended by `*` or `×` ("5*", "12×"), as on a till. The
 * quantity, or null when the text is not one (no digits, 0, more than MAX_QUANTITY, anything else in it).
 */
export function quantityPrefix(text: string): number | null {
  const match = /^\s*(\d{1,6})\s*[*×]\s*$/.exec(text);
  if (!match) return null;
  const quantity = Number(match[1]);
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
}

/**
 * A search that starts with a quantity ("5* cheese", "3×SKU-1"): the quantity and the search after it; the quantity
 * is null when there is none (the text is then the whole search).
 */
export function splitQuantity(text: string): { quantity: number | null; text: string } {
  const match = /^\s*(\d{1,6})\s*[*×]\s*(.*)$/s.exec(text);
  const quantity = match ? quantityPrefix(`${match[1]}*`) : null;
  return quantity === null || !match ? { quantity: null, text } : { quantity, text: match[2]! };
}

export function moveLine(lines: readonly DraftLine[], from: number, to: number): DraftLine[] {
  if (to < 0 || to >= lines.length || from === to) return [...lines];
  const copy = [...lines];
  const [line] = copy.splice(from, 1);
  copy.splice(to, 0, line!);
  return copy;
}

/** A stock warning for a line, in plain words, or null when there is enough. */
export function stockWarning(line: Pick<DraftLine, 'available' | 'quantity'>, say: Say = english.t): string | null {
  if (line.available === null) return say('wizard.stock.unknown');
  if (line.available <= 0) return say('wizard.stock.out');
  if (line.available < line.quantity) return say('wizard.stock.only', { count: line.available });
  return null;
}

/** Whether a draft holds anything worth keeping (an untouched new order is not saved). */
export function isBlank(data: DraftData, today = todayIso()): boolean {
  return (
    data.lines.length === 0 &&
    (data.heldScans ?? []).length === 0 &&
    FIELD_KEYS.every((key) => {
      const value = data.fields[key];
      if (key === 'order_date') return value === '' || value === today;
      // a field filled in beforehand (the shop's country) is not something staff typed
      const spec: FieldSpec = ORDER_FIELDS[key];
      return spec.prefilled || !value.trim();
    })
  );
}

export function emptyDraft(today = todayIso(), country = '', shipping = ''): DraftData {
  return {
    fields: { ...emptyFields(), country, order_date: today, shipping_cost: shipping },
    lines: [],
    replaces: null,
    serverErrors: {},
  };
}
