/**
 * The order-entry rules, kept pure so the wizard, the tests and main read them the same way: the steps, what each
 * field accepts (in plain words), exact money, slash dates in the service's day/month order, and the way back from
 * the service's 422 keys ("order_items.0.quantity") to the wizard's fields.
 *
 * Wizard field keys are the service's own names ("name", "shipping_cost", "order_items.2.quantity"), so a 422
 * message lands on its field without a translation table that could drift.
 */
import Big from 'big.js';
import { formatSlashDate, isoDate, isRealDate, parseSlashDate, type CalendarDate, type DateOrder } from './dates';
import type { DraftData, DraftLine, NewOrder } from './domain';

export const STEPS = ['Customer', 'Delivery address', 'Items', 'Prices and dates', 'Review and send'] as const;
export const REVIEW_STEP = STEPS.length - 1;
export const MAX_LINES = 200;
export const MAX_QUANTITY = 100_000;

export type FieldErrors = Record<string, string>;

const CUSTOMER = ['name', 'email', 'phone'] as const;
const ADDRESS = ['address_line_1', 'address_line_2', 'zip', 'city', 'province', 'country'] as const;
const PRICES = ['subtotal_price', 'shipping_cost', 'total_tax', 'total_discounts', 'total_price'] as const;
const DATES = ['order_date', 'processed_date', 'closed_date', 'cancelled_date', 'cancel_reason', 'remarks'] as const;

/** The step a field (or a 422 key) belongs to. */
export function stepOf(key: string): number {
  const head = key.split('.')[0] ?? key;
  if ((CUSTOMER as readonly string[]).includes(head)) return 0;
  if ((ADDRESS as readonly string[]).includes(head)) return 1;
  if (head === 'order_items') return 2;
  if ((PRICES as readonly string[]).includes(head) || (DATES as readonly string[]).includes(head)) return 3;
  return REVIEW_STEP;
}

/** Steps that have at least one error, for the step list. */
export function stepsWithErrors(errors: FieldErrors): Set<number> {
  return new Set(Object.keys(errors).map(stepOf));
}

export function firstStepWithError(errors: FieldErrors): number | null {
  const steps = [...stepsWithErrors(errors)].sort((a, b) => a - b);
  return steps[0] ?? null;
}

// ---------- money ----------

const MONEY_INPUT = /^\d{1,10}([.,]\d{0,2})?$/;

export type MoneyRead = { ok: true; value: string } | { ok: false; message: string };

/**
 * Reads an amount typed by staff: "4.95", "4,95", "4" and "" (nothing: 0.00) are fine; more than two decimals,
 * a minus sign, thousands separators or letters get a message instead of a guess.
 */
export function readMoneyInput(text: string): MoneyRead {
  const clean = text.trim().replace(/\s+/g, '');
  if (clean === '') return { ok: true, value: '0.00' };
  if (clean.startsWith('-')) return { ok: false, message: 'Enter a positive amount.' };
  if (/^\d+[.,]\d{3,}$/.test(clean)) return { ok: false, message: 'Use at most two decimals (cents).' };
  if (!MONEY_INPUT.test(clean)) return { ok: false, message: 'Enter an amount such as 4.95.' };
  return { ok: true, value: new Big(clean.replace(',', '.')).toFixed(2) };
}

export interface Totals {
  /** Each line's price × quantity, exact; null when the line has no price. */
  lines: (string | null)[];
  subtotal: string | null;
  shipping: string | null;
  tax: string | null;
  discounts: string | null;
  /** subtotal + shipping + tax − discounts, or null when a figure is missing or unreadable. */
  total: string | null;
}

/**
 * Exact totals. Line amounts keep every decimal the catalogue gave; the subtotal is rounded half-up to cents once,
 * at the end, so many lines or large quantities never drift.
 */
export function computeTotals(lines: readonly DraftLine[], prices: DraftData['prices']): Totals {
  const lineAmounts = lines.map((line) => {
    if (line.price === null || !/^\d+(\.\d+)?$/.test(line.price)) return null;
    return new Big(line.price).times(line.quantity).toString();
  });
  const subtotal = lineAmounts.every((a) => a !== null)
    ? lineAmounts
        .reduce((sum, a) => sum.plus(a!), new Big(0))
        .round(2, Big.roundHalfUp)
        .toFixed(2)
    : null;
  const read = (text: string): string | null => {
    const r = readMoneyInput(text);
    return r.ok ? r.value : null;
  };
  const shipping = read(prices.shipping);
  const tax = read(prices.tax);
  const discounts = read(prices.discounts);
  const total =
    subtotal !== null && shipping !== null && tax !== null && discounts !== null
      ? new Big(subtotal).plus(shipping).plus(tax).minus(discounts).toFixed(2)
      : null;
  return {
    lines: lineAmounts.map((a) => (a === null ? null : new Big(a).toFixed(Math.max(2, decimals(a))))),
    subtotal,
    shipping,
    tax,
    discounts,
    total,
  };
}

const decimals = (text: string): number => (text.split('.')[1] ?? '').length;

// ---------- dates ----------

export const datePattern = (order: DateOrder): string => (order === 'dmy' ? 'dd/mm/yyyy' : 'mm/dd/yyyy');

export function todayIso(now = new Date()): string {
  return isoDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function fromIso(text: string): CalendarDate | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(date) ? date : null;
}

/**
 * A date as staff type it, read in the service's day/month order: "22/11/2026", "22-11-2026", "22.11.2026", an ISO
 * day, or "t"/"today". Returns the ISO day, or null when it is not a real date in that order.
 */
export function readDateInput(text: string, order: DateOrder, now = new Date()): string | null {
  const clean = text.trim();
  if (/^(t|today)$/i.test(clean)) return todayIso(now);
  const iso = fromIso(clean);
  if (iso) return isoDate(iso);
  const date = parseSlashDate(clean.replace(/[-.]/g, '/'), order);
  return date ? isoDate(date) : null;
}

/** How a stored draft date is shown in the field: ISO days in the service's order, anything else as typed. */
export function showDate(value: string, order: DateOrder): string {
  const iso = fromIso(value);
  return iso ? formatSlashDate(iso, order) : value;
}

/** The slash date the service takes, or "" for an empty field. */
function sendDate(value: string, order: DateOrder): string {
  if (!value.trim()) return '';
  const iso = readDateInput(value, order);
  const date = iso ? fromIso(iso) : null;
  return date ? formatSlashDate(date, order) : value.trim();
}

// ---------- validation ----------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]{5,30}$/;

const REQUIRED: Record<string, string> = {
  name: 'Enter the customer’s name.',
  email: 'Enter the customer’s e-mail address.',
  phone: 'Enter a phone number.',
  address_line_1: 'Enter the street and number.',
  zip: 'Enter the postcode.',
  city: 'Enter the city.',
  province: 'Enter the province or state.',
  country: 'Choose the country.',
};

const DATE_LABELS = {
  order_date: 'order date',
  processed_date: 'processed date',
  closed_date: 'closed date',
  cancelled_date: 'cancelled date',
} as const;

/** Every problem of a draft, keyed by field, in plain words. An empty object means it can be sent. */
export function validateDraft(data: DraftData, order: DateOrder, countries?: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  const values: Record<string, string> = {
    name: data.customer.name,
    email: data.customer.email,
    phone: data.customer.phone,
    address_line_1: data.address.line1,
    address_line_2: data.address.line2,
    zip: data.address.zip,
    city: data.address.city,
    province: data.address.province,
    country: data.address.country,
  };
  for (const [key, message] of Object.entries(REQUIRED)) {
    if (!values[key]!.trim()) errors[key] = message;
  }
  for (const [key, value] of Object.entries(values)) {
    if (value.length > 255) errors[key] = 'This is too long (255 characters at most).';
  }
  if (!errors.email && !EMAIL.test(data.customer.email.trim()))
    errors.email = 'This does not look like an e-mail address (name@example.com).';
  if (!errors.phone && !PHONE.test(data.customer.phone.trim())) errors.phone = 'Use digits, spaces and + ( ) - only.';
  if (!errors.country && countries && !countries.includes(data.address.country.trim()))
    errors.country = 'Choose the country from the list.';

  if (data.lines.length === 0) errors.order_items = 'Add at least one product.';
  if (data.lines.length > MAX_LINES) errors.order_items = `An order holds at most ${MAX_LINES} lines.`;
  data.lines.forEach((line, i) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY)
      errors[`order_items.${i}.quantity`] = `Enter a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en')}.`;
    if (line.price === null)
      errors[`order_items.${i}.id`] = 'No price is known for this product; refresh the catalogue or remove the line.';
  });

  const money = { shipping_cost: data.prices.shipping, total_tax: data.prices.tax };
  for (const [key, text] of Object.entries({ ...money, total_discounts: data.prices.discounts })) {
    const read = readMoneyInput(text);
    if (!read.ok) errors[key] = read.message;
  }
  const totals = computeTotals(data.lines, data.prices);
  if (totals.total !== null && new Big(totals.total).lt(0))
    errors.total_discounts = 'The discounts are larger than the order; the total cannot be below 0.00.';
  if (totals.total !== null && new Big(totals.total).gte('10000000000'))
    errors.total_price = 'The total is larger than the service accepts.';

  const dates = {
    order_date: data.dates.order,
    processed_date: data.dates.processed,
    closed_date: data.dates.closed,
    cancelled_date: data.dates.cancelled,
  };
  const isoByKey: Partial<Record<keyof typeof dates, string>> = {};
  for (const [key, text] of Object.entries(dates) as [keyof typeof dates, string][]) {
    if (!text.trim()) continue;
    const iso = readDateInput(text, order);
    if (!iso) errors[key] = `Write the ${DATE_LABELS[key]} as ${datePattern(order)}, or leave it empty.`;
    else isoByKey[key] = iso;
  }
  for (const key of ['processed_date', 'closed_date', 'cancelled_date'] as const) {
    const iso = isoByKey[key];
    if (iso && isoByKey.order_date && iso < isoByKey.order_date)
      errors[key] = `The ${DATE_LABELS[key]} is before the order date.`;
  }
  if (data.dates.cancelReason.trim() && !data.dates.cancelled.trim())
    errors.cancel_reason = 'A cancel reason needs a cancelled date; enter the date or clear the reason.';
  if (data.dates.cancelReason.length > 255) errors.cancel_reason = 'This is too long (255 characters at most).';
  if (data.remarks.length > 2000) errors.remarks = 'This is too long (2,000 characters at most).';
  return errors;
}

/** Errors of one step only (Enter moves on when this is empty). */
export function errorsForStep(errors: FieldErrors, step: number): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => stepOf(key) === step));
}

// ---------- to and from the service ----------

/** The order exactly as POST /api/order takes it. Call only with a draft that validates. */
export function toNewOrder(data: DraftData, order: DateOrder): NewOrder {
  const totals = computeTotals(data.lines, data.prices);
  const t = (s: string): string => s.trim();
  return {
    name: t(data.customer.name),
    email: t(data.customer.email),
    phone: t(data.customer.phone),
    address_line_1: t(data.address.line1),
    address_line_2: t(data.address.line2),
    zip: t(data.address.zip),
    city: t(data.address.city),
    province: t(data.address.province),
    country: t(data.address.country),
    remarks: data.remarks.trim(),
    order_date: sendDate(data.dates.order, order),
    processed_date: sendDate(data.dates.processed, order),
    closed_date: sendDate(data.dates.closed, order),
    cancelled_date: sendDate(data.dates.cancelled, order),
    cancel_reason: data.dates.cancelled.trim() ? t(data.dates.cancelReason) : '',
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

/** Which line of the order a key such as "order_items.3.quantity" points at (null for other keys). */
export function lineOf(key: string): number | null {
  const m = /^order_items\.(\d+)(\.|$)/.exec(key);
  return m ? Number(m[1]) : null;
}

/**
 * A draft rebuilt from an order that was sent (to correct a rejected one). Lines get what the catalogue knows of
 * each product; money the wizard computes (subtotal, total) is recomputed from the lines, never copied.
 */
export function draftFromOrder(
  order: NewOrder,
  dateOrder: DateOrder,
  product: (id: number) => Pick<DraftLine, 'sku' | 'name' | 'price' | 'available'> | null,
  now = Date.now(),
): DraftData {
  const date = (text: string): string => {
    const parsed = parseSlashDate(text, dateOrder);
    return parsed ? isoDate(parsed) : text;
  };
  return {
    customer: { name: order.name, email: order.email, phone: order.phone },
    address: {
      line1: order.address_line_1,
      line2: order.address_line_2,
      zip: order.zip,
      city: order.city,
      province: order.province,
      country: order.country,
    },
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
    prices: { shipping: order.shipping_cost, tax: order.total_tax, discounts: order.total_discounts },
    dates: {
      order: date(order.order_date),
      processed: date(order.processed_date),
      closed: date(order.closed_date),
      cancelled: date(order.cancelled_date),
      cancelReason: order.cancel_reason,
    },
    remarks: order.remarks,
    replaces: null,
    serverErrors: {},
  };
}

/** Adds a product to the lines, or one more of it when it is already there (a second scan). */
export function addProduct(
  lines: readonly DraftLine[],
  product: Pick<DraftLine, 'productId' | 'sku' | 'name' | 'price' | 'available'>,
  now = Date.now(),
): { lines: DraftLine[]; index: number; quantity: number } {
  const index = lines.findIndex((l) => l.productId === product.productId);
  if (index >= 0) {
    const quantity = Math.min(MAX_QUANTITY, lines[index]!.quantity + 1);
    return { lines: lines.map((l, i) => (i === index ? { ...l, quantity } : l)), index, quantity };
  }
  return { lines: [...lines, { ...product, addedAt: now, quantity: 1 }], index: lines.length, quantity: 1 };
}

export function moveLine(lines: readonly DraftLine[], from: number, to: number): DraftLine[] {
  if (to < 0 || to >= lines.length || from === to) return [...lines];
  const copy = [...lines];
  const [line] = copy.splice(from, 1);
  copy.splice(to, 0, line!);
  return copy;
}

/** A stock warning for a line, in plain words, or null when there is enough. */
export function stockWarning(line: Pick<DraftLine, 'available' | 'quantity'>): string | null {
  if (line.available === null) return 'Stock unknown';
  if (line.available <= 0) return 'Out of stock';
  if (line.available < line.quantity) return `Only ${line.available.toLocaleString('en')} available`;
  return null;
}

/** Whether a draft holds anything worth keeping (an untouched new order is not saved). */
export function isBlank(data: DraftData, today = todayIso()): boolean {
  const texts = [
    ...Object.values(data.customer),
    // a country filled in beforehand is not something staff typed
    data.address.line1,
    data.address.line2,
    data.address.zip,
    data.address.city,
    data.address.province,
    ...Object.values(data.prices),
    data.dates.processed,
    data.dates.closed,
    data.dates.cancelled,
    data.dates.cancelReason,
    data.remarks,
  ];
  return (
    data.lines.length === 0 && texts.every((t) => !t.trim()) && (data.dates.order === '' || data.dates.order === today)
  );
}

export function emptyDraft(today = todayIso(), country = ''): DraftData {
  return {
    customer: { name: '', email: '', phone: '' },
    address: { line1: '', line2: '', zip: '', city: '', province: '', country },
    lines: [],
    prices: { shipping: '', tax: '', discounts: '' },
    dates: { order: today, processed: '', closed: '', cancelled: '', cancelReason: '' },
    remarks: '',
    replaces: null,
    serverErrors: {},
  };
}
