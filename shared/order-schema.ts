/**
 * The order, field by field, written once (#28.1): the service's name, what kind of value it holds, the longest text
 * POST /api/order takes, where the wizard asks for it, where the order's views show it, its CSV column and its words.
 * Everything else that knows an order's fields is derived from this table by types and loops: the draft and the form's
 * rules (order-entry.ts), NewOrder and OrderDetail (domain.ts), the order parser's known fields and its mapping
 * (core/orders/api.ts), the detail mapping and the CSV export (core/orders/service.ts), and the rows of the review,
 * the order view and the order sheet. Zod-free on purpose: the renderer's first screen may read it.
 *
 * Adding a field: one row here and its words in the catalogues (docs/contributing.md, "Recipe: an order field").
 */
import type { SimpleKey } from './i18n/translate';
import type { FieldKind, NoteSpec, OrderFieldSpec, ShowSpec } from './order-field-spec';

export type {
  FieldKind,
  FormSpec,
  NoteSpec,
  OrderFieldKind,
  OrderFieldSpec,
  ReviewNoteKey,
  ShowSpec,
} from './order-field-spec';

/**
 * Every field of the service's order, in the service's order (shared/spec/service-interface.md). The order's lines
 * are one field here (`order_items`, kind `lines`); what a line holds is read by the parser.
 */
export const ORDER_SCHEMA = {
  id: { kind: 'id', show: { detail: 'title', sheet: 'title' } },
  po_number: {
    kind: 'string',
    show: { detail: 'title', sheet: 'title', list: true, csv: { column: 1, header: 'PO number' } },
  },
  tracking_number: { kind: 'string', show: { detail: 'fact', sheet: 'fact' } },
  status: {
    kind: 'string',
    show: { detail: 'status', sheet: 'status', list: true, csv: { column: 6, header: 'Status' } },
  },
  name: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 0, input: 'text', required: 'order.error.name', label: 'wizard.customer.name' },
    copy: 'order.copyName',
    show: {
      detail: 'customer',
      sheet: 'customer',
      review: 'customer',
      list: true,
      csv: { column: 3, header: 'Customer' },
    },
  },
  email: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 0, input: 'email', required: 'order.error.email', label: 'wizard.customer.email', half: true },
    copy: 'order.copyEmail',
    show: {
      detail: 'customer',
      sheet: 'customer',
      review: 'customer',
      list: true,
      csv: { column: 4, header: 'E-mail' },
    },
  },
  phone: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 0, input: 'phone', required: 'order.error.phone', label: 'wizard.customer.phone', half: true },
    copy: 'order.copyPhone',
    show: { detail: 'customer', sheet: 'customer', review: 'customer', list: true },
  },
  address_line_1: {
    kind: 'string',
    personal: true,
    max: 255,
    form: {
      step: 1,
      input: 'text',
      required: 'order.error.address',
      label: 'wizard.address.line1',
      help: 'wizard.address.line1Help',
    },
    show: { detail: 'address', sheet: 'address', review: 'address' },
  },
  address_line_2: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 1, input: 'text', label: 'wizard.address.line2', help: 'wizard.address.line2Help' },
    show: { detail: 'address', sheet: 'address', review: 'address' },
  },
  zip: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 1, input: 'text', required: 'order.error.zip', label: 'wizard.address.zip', half: true },
    show: { detail: 'address', sheet: 'address', review: 'address' },
  },
  city: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 1, input: 'text', required: 'order.error.city', label: 'wizard.address.city', half: true },
    show: { detail: 'address', sheet: 'address', review: 'address', list: true, csv: { column: 5, header: 'City' } },
  },
  province: {
    kind: 'string',
    personal: true,
    max: 255,
    form: { step: 1, input: 'text', required: 'order.error.province', label: 'wizard.address.province', half: true },
    show: { detail: 'address', sheet: 'address', review: 'address' },
  },
  country: {
    kind: 'string',
    personal: true,
    max: 255,
    form: {
      step: 1,
      input: 'country',
      required: 'order.error.country',
      prefilled: true,
      label: 'wizard.address.country',
      half: true,
    },
    show: { detail: 'address', sheet: 'address', review: 'address' },
  },
  remarks: {
    kind: 'string',
    personal: true,
    max: 2000,
    form: { step: 3, input: 'note', label: 'wizard.remarks', help: 'wizard.remarksHelp' },
    note: {
      title: 'order.remarks',
      empty: 'order.noRemarks',
      sheetEmpty: 'sheet.noRemarks',
      review: 'wizard.review.remarks',
    },
    show: { detail: 'note', sheet: 'note', review: 'note' },
  },
  order_date: {
    kind: 'date',
    max: 10,
    form: { step: 3, input: 'date', prefilled: true },
    name: 'order.field.order_date',
    event: 'order.event.ordered',
    review: 'wizard.dates.order',
    show: { detail: 'timeline', sheet: 'fact', review: 'date', list: true, csv: { column: 2, header: 'Order date' } },
  },
  processed_date: {
    kind: 'date',
    max: 10,
    form: { step: 3, input: 'date' },
    name: 'order.field.processed_date',
    event: 'order.event.processed',
    review: 'wizard.review.processed',
    show: { detail: 'timeline', review: 'date' },
  },
  closed_date: {
    kind: 'date',
    max: 10,
    form: { step: 3, input: 'date' },
    name: 'order.field.closed_date',
    event: 'order.event.closed',
    review: 'wizard.review.closed',
    show: { detail: 'timeline', review: 'date' },
  },
  cancelled_date: {
    kind: 'date',
    max: 10,
    form: { step: 3, input: 'date' },
    name: 'order.field.cancelled_date',
    event: 'order.event.cancelled',
    review: 'wizard.review.cancelled',
    show: { detail: 'timeline', review: 'date' },
  },
  cancel_reason: {
    kind: 'string',
    max: 255,
    form: { step: 3, input: 'text' },
    review: 'wizard.dates.cancelReason',
    show: { detail: 'timeline', review: 'row' },
  },
  /** Worked out by the wizard from the lines. */
  subtotal_price: {
    kind: 'decimal',
    max: 20,
    form: { step: 3 },
    show: { detail: 'totals', sheet: 'totals', review: 'totals' },
  },
  /** Prefilled with the shop's default shipping cost (Settings → Shop), when it has one. */
  shipping_cost: {
    kind: 'decimal',
    max: 20,
    form: { step: 3, input: 'money', prefilled: true },
    show: { detail: 'totals', sheet: 'totals', review: 'totals' },
  },
  /** Empty: computed from the shop's tax rate; anything typed is an override. */
  total_tax: {
    kind: 'decimal',
    max: 20,
    form: { step: 3, input: 'money' },
    show: { detail: 'totals', sheet: 'totals', review: 'totals' },
  },
  total_discounts: {
    kind: 'decimal',
    max: 20,
    form: { step: 3, input: 'money' },
    show: { detail: 'totals', sheet: 'totals', review: 'totals' },
  },
  /** Worked out by the wizard. */
  total_price: {
    kind: 'decimal',
    max: 20,
    form: { step: 3 },
    show: { detail: 'totals', sheet: 'totals', review: 'totals', list: true, csv: { column: 8, header: 'Total' } },
  },
  /** The lines: in a POST each is a product id and a quantity; the CSV says how many. */
  order_items: {
    kind: 'lines',
    form: { step: 2 },
    show: { detail: 'lines', sheet: 'lines', review: 'lines', list: true, csv: { column: 7, header: 'Items' } },
  },
} as const satisfies Record<string, OrderFieldSpec>;

type Schema = typeof ORDER_SCHEMA;

/**
 * The words a row needs where it shows: a note its titles, a customer line its copy button's words, a timeline date
 * its event, a review row its label, a note staff type its label. A row without them does not compile (below).
 */
type WordsFor<S> = (S extends { show: { detail: 'note' } } | { show: { sheet: 'note' } } | { show: { review: 'note' } }
  ? { note: NoteSpec }
  : unknown) &
  (S extends { show: { detail: 'customer' } } ? { copy: SimpleKey } : unknown) &
  (S extends { kind: 'date'; show: { detail: 'timeline' } } ? { event: SimpleKey } : unknown) &
  (S extends { show: { review: 'date' | 'row' } } ? { review: SimpleKey } : unknown) &
  (S extends { form: { input: 'note' } } | { form: { step: 0 | 1; input: FieldKind } }
    ? { form: { label: SimpleKey } }
    : unknown);
const WITH_WORDS: { [K in keyof Schema]: WordsFor<Schema[K]> } = ORDER_SCHEMA;
export type OrderFieldName = keyof Schema;
/** The fields whose value is one value (all but the lines). */
export type ScalarField = { [K in OrderFieldName]: Schema[K]['kind'] extends 'lines' ? never : K }[OrderFieldName];
export type KindOf<K extends OrderFieldName> = Schema[K]['kind'];
/** The fields POST /api/order carries as text (all but the lines). */
export type PostedField = { [K in ScalarField]: Schema[K] extends { max: number } ? K : never }[ScalarField];
/** The fields staff type in the wizard, by the service's own name: the draft holds these. */
export type FieldKey = {
  [K in OrderFieldName]: Schema[K] extends { form: { input: FieldKind } } ? K : never;
}[OrderFieldName];

/** The customer's fields: who they are and where the order goes (the wizard's first two steps). */
export type CustomerField = {
  [K in FieldKey]: Schema[K] extends { form: { step: 0 | 1 } } ? K : never;
}[FieldKey];

/** A wire name as the app's records spell it ("address_line_1" → "addressLine1"). */
export type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
export const camel = <S extends string>(name: S): Camel<S> =>
  name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as Camel<S>;

/** A value of each kind as the order parser keeps it: dates as written, amounts exact (null when unreadable). */
export interface ParsedValue {
  string: string;
  decimal: string | null;
  date: string;
  id: number;
}
/** The one-value fields of an order as the parser reads them, by their record names (ParsedOrder's scalars). */
export type ParsedScalars = { [K in ScalarField as Camel<K>]: ParsedValue[KindOf<K>] };

/** The spec of a field, widened (for loops over the table). */
export const specOf = (name: OrderFieldName): OrderFieldSpec => ORDER_SCHEMA[name];
const ENTRIES = Object.entries(WITH_WORDS) as [OrderFieldName, OrderFieldSpec][];
const namesWhere = (keep: (spec: OrderFieldSpec) => boolean): OrderFieldName[] =>
  ENTRIES.filter(([, spec]) => keep(spec)).map(([name]) => name);

export const ORDER_FIELD_NAMES = Object.keys(ORDER_SCHEMA) as OrderFieldName[];
export const SCALAR_FIELDS = namesWhere((s) => s.kind !== 'lines') as ScalarField[];
export const POSTED_FIELDS = namesWhere((s) => s.max !== undefined) as PostedField[];
export const FIELD_KEYS = namesWhere((s) => s.form?.input !== undefined) as FieldKey[];
/** The customer's fields, as a customer found in the order book brings them to a new order. */
export const CUSTOMER_FIELDS = FIELD_KEYS.filter((key) => specOf(key).form!.step <= 1) as CustomerField[];
/** The customer's fields of a wizard step in the table's order, two half fields in a row: [[name], [email, phone]]. */
export function customerRows(step: 0 | 1): CustomerField[][] {
  const rows: CustomerField[][] = [];
  for (const key of CUSTOMER_FIELDS.filter((k) => specOf(k).form!.step === step)) {
    const last = rows.at(-1);
    if (specOf(key).form!.half && last?.length === 1 && specOf(last[0]!).form!.half) last.push(key);
    else rows.push([key]);
  }
  return rows;
}
/** What of an order is the customer's (or may name them: the remarks). */
export const PERSONAL_FIELDS = namesWhere((s) => s.personal === true);
/** The fields a view draws in one of its blocks, in the table's order. */
export const fieldsShown = <V extends keyof ShowSpec>(view: V, block: NonNullable<ShowSpec[V]>): OrderFieldName[] =>
  namesWhere((s) => s.show[view] === block);

/** The CSV export's columns, in their order. */
export const CSV_COLUMNS = ENTRIES.flatMap(([name, spec]) => (spec.show.csv ? [{ name, ...spec.show.csv }] : [])).sort(
  (a, b) => a.column - b.column,
);

// ---------- the draft ----------

export type DraftFields = Record<FieldKey, string>;

export const emptyFields = (): DraftFields => Object.fromEntries(FIELD_KEYS.map((key) => [key, ''])) as DraftFields;

/**
 * A draft saved by an older Shopdesk, in its own names (customer.name, address.line1, prices.shipping, dates.order),
 * moved to the service's names. Anything else passes through unchanged for the schema to check.
 */
export function upgradeDraft(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || 'fields' in raw) return raw;
  const old = raw as Record<string, Record<string, unknown> | undefined>;
  const pick = (group: string, key: string): unknown => old[group]?.[key];
  const fields: Record<string, unknown> = {
    name: pick('customer', 'name'),
    email: pick('customer', 'email'),
    phone: pick('customer', 'phone'),
    address_line_1: pick('address', 'line1'),
    address_line_2: pick('address', 'line2'),
    zip: pick('address', 'zip'),
    city: pick('address', 'city'),
    province: pick('address', 'province'),
    country: pick('address', 'country'),
    shipping_cost: pick('prices', 'shipping'),
    total_tax: pick('prices', 'tax'),
    total_discounts: pick('prices', 'discounts'),
    order_date: pick('dates', 'order'),
    processed_date: pick('dates', 'processed'),
    closed_date: pick('dates', 'closed'),
    cancelled_date: pick('dates', 'cancelled'),
    cancel_reason: pick('dates', 'cancelReason'),
    remarks: (raw as Record<string, unknown>).remarks,
  };
  const rest = Object.fromEntries(
    Object.entries(raw).filter(([key]) => !['customer', 'address', 'prices', 'dates', 'remarks'].includes(key)),
  );
  return {
    ...rest,
    fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => typeof v === 'string')),
  };
}
