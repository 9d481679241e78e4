/**
 * What a row of the order schema (order-schema.ts, #28.1) may say about a field: its kind on the wire, how the wizard
 * asks for it, where the order's views show it, and its words. The table itself, and all that is derived from it, is
 * in order-schema.ts, which hands these types on: importers name that module only.
 */
import type { PlainKey } from './i18n/messages';
import type { ArgsOf, SimpleKey } from './i18n/translate';

/** What a field holds on the wire: text, an amount as a decimal string, a slash date, an id, or the order's lines. */
export type OrderFieldKind = 'string' | 'decimal' | 'date' | 'id' | 'lines';

/** How the wizard asks for a field staff type. */
export type FieldKind = 'text' | 'email' | 'phone' | 'country' | 'money' | 'date' | 'note';

export interface FormSpec {
  /** The wizard step the field is on (0 Customer … 3 Prices and dates). */
  step: number;
  /** How staff type it; without one the wizard fills it itself (the lines, subtotal, total). */
  input?: FieldKind;
  /** The service refuses the order without it: the message when it is empty (order.error.needed if none of its own). */
  required?: SimpleKey;
  /**
   * Filled in by the app (default country, today's date, the shop's shipping cost), so it alone does not make a draft
   * worth keeping.
   */
  prefilled?: boolean;
  /** The field's label and help, for a field the step draws from this table (the customer's, a note). */
  label?: SimpleKey;
  help?: SimpleKey;
  /** Half a row: two such fields one after the other share a row (e-mail and phone, post code and city). */
  half?: boolean;
}

/** A note (remarks, and fields like it): a block of its own on the order view and the sheet, a line in the review. */
export interface NoteSpec {
  /** The block's title on the order view and the sheet. */
  title: SimpleKey;
  /** What the order view says when it is empty. */
  empty: SimpleKey;
  /** What the sheet says when it is empty. */
  sheetEmpty: SimpleKey;
  /** The review's line, "Remarks: {value}". */
  review: ReviewNoteKey;
}

/** Messages that take one value and no other, `{value}` (the review's line for a note). */
export type ReviewNoteKey = {
  [K in PlainKey]: ArgsOf<K> extends [{ value: string | number }]
    ? [{ value: string | number }] extends ArgsOf<K>
      ? K
      : never
    : never;
}[PlainKey];

/**
 * Where the order's views show a field. The order view (`detail`), the sheet and the review draw the blocks a field
 * names; `note` blocks and the customer's lines are drawn by a loop over this table, the rest by their view.
 */
export interface ShowSpec {
  /** customer: a line with a copy button (its words: `copy`). */
  detail?: 'title' | 'fact' | 'status' | 'customer' | 'address' | 'timeline' | 'totals' | 'lines' | 'note';
  sheet?: 'title' | 'fact' | 'status' | 'customer' | 'address' | 'totals' | 'lines' | 'note';
  review?: 'customer' | 'address' | 'totals' | 'lines' | 'date' | 'row' | 'note';
  /** A column of the order list (a column of the orders table: a migration). */
  list?: true;
  /** The CSV export's column: its place and its header (the file's headers are English, as a spreadsheet's are). */
  csv?: { column: number; header: string };
}

export interface OrderFieldSpec {
  kind: OrderFieldKind;
  /** POST /api/order carries it, at most this long (text). Absent: the service sets it (id, PO number, status). */
  max?: number;
  form?: FormSpec;
  show: ShowSpec;
  /** It is the customer's, or may name them: left out of a support file unless staff ask for it. */
  personal?: true;
  /** The field's name inside a sentence ("The processed date is before the order date"). */
  name?: SimpleKey;
  /** The copy button's words on the order view (customer lines). */
  copy?: SimpleKey;
  /** The timeline's word for a date ("Ordered"), and the review's label for it. */
  event?: SimpleKey;
  review?: SimpleKey;
  note?: NoteSpec;
}
