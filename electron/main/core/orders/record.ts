/**
 * The order record as the book keeps it (#31.4): every field the service sent, each value as sent, without the
 * field names. The names were about 40% of a record (1,088 bytes on average in bench:orders' data), and the bytes
 * of the records are much of a first refresh's writing (encrypted pages, B-tree, WAL).
 *
 * A kept record is a JSON array `[1, values, lines, rest, absent]`:
 *  - `values`: the order's one-value fields (shared/order-schema.ts, SCALAR_FIELDS) in the schema's order, 0 for a
 *    field the record did not have;
 *  - `lines`: `order_items` when it is a list, each line kept the same way (LINE_FIELDS); null when it is not a list
 *    (it is then in `rest` as sent, if it was sent at all);
 *  - `rest`: the record's other fields, as sent (0: none);
 *  - `absent`: the places in `values` of the fields the record did not have.
 * `rest` and `absent` are left off when there are none. A line that is an object is `[values, rest, absent]` flattened
 * the same way (its LINE_FIELDS values, then rest and absent only when needed); a line that is not an object is kept
 * as `{"v": line}`. Records kept before this form are the service's JSON object as sent; both read back the same.
 */
import { SCALAR_FIELDS } from '../../../../shared/order-schema';

const FORM = 1;
/** The fields of an order line in a read (shared/spec/service-interface.md, "Order item"), in the spec's order. */
export const LINE_FIELDS = [
  'id',
  'order_id',
  'product_variant_id',
  'quantity',
  'price',
  'discount',
  'fulfillment_status',
  'created_at',
  'updated_at',
] as const;
const LINES = 'order_items';
const NAMED = new Set<string>(SCALAR_FIELDS);
const LINE_NAMED = new Set<string>(LINE_FIELDS);

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The values of `names` in `record` (0 for one it does not have), what else it holds, and which were absent. */
function split(
  record: Fields,
  names: readonly string[],
  named: ReadonlySet<string>,
  skip: string | null,
): { values: unknown[]; rest: Fields | 0; absent: number[] } {
  const values: unknown[] = [];
  const absent: number[] = [];
  for (let i = 0; i < names.length; i++) {
    const value = Object.hasOwn(record, names[i]!) ? record[names[i]!] : undefined;
    if (value === undefined) {
      values.push(0);
      absent.push(i);
    } else values.push(value);
  }
  let rest: Fields | 0 = 0;
  for (const key of Object.keys(record)) {
    if (key === skip || named.has(key) || record[key] === undefined) continue;
    // defined, not assigned: a field named __proto__ stays a field
    rest ||= {};
    Object.defineProperty(rest, key, { value: record[key], enumerable: true, writable: true, configurable: true });
  }
  return { values, rest, absent };
}

/** Fills `into` with `names`' values (leaving out the absent ones) and returns it. */
function join(into: Fields, names: readonly string[], values: unknown[], absent: unknown): Fields {
  const missing = Array.isArray(absent) ? new Set(absent as number[]) : null;
  for (let i = 0; i < names.length; i++) if (!missing?.has(i)) into[names[i]!] = values[i];
  return into;
}

function keepLine(line: unknown): unknown {
  if (!isObject(line)) return { v: line };
  const { values, rest, absent } = split(line, LINE_FIELDS, LINE_NAMED, null);
  if (rest === 0 && absent.length === 0) return values;
  values.push(rest, absent);
  return values;
}

function readLine(kept: unknown): unknown {
  if (!Array.isArray(kept)) return (kept as { v: unknown }).v;
  const rest = kept[LINE_FIELDS.length];
  return join(isObject(rest) ? rest : {}, LINE_FIELDS, kept, kept[LINE_FIELDS.length + 1]);
}

/** The record as the book keeps it (a JSON text), from the service's order as parsed from its JSON. */
export function keepRecord(record: Fields): string {
  const lines = Array.isArray(record[LINES]) ? (record[LINES] as unknown[]) : null;
  const { values, rest, absent } = split(record, SCALAR_FIELDS, NAMED, lines ? LINES : null);
  const kept: unknown[] = [FORM, values, lines ? lines.map(keepLine) : null];
  if (rest !== 0 || absent.length > 0) kept.push(rest);
  if (absent.length > 0) kept.push(absent);
  return JSON.stringify(kept);
}

/**
 * The service's order, as data, from a kept record: this form or the JSON object kept before it. Its fields come in
 * another order than sent (what the order says is the same).
 */
export function readRecord(text: string): unknown {
  const kept = JSON.parse(text) as unknown;
  if (!Array.isArray(kept) || kept[0] !== FORM) return kept;
  const [, values, lines, rest, absent] = kept as [number, unknown[], unknown[] | null, unknown, unknown];
  // the rest as parsed (a field named __proto__ stays a field), then the named fields into it
  const record = join(isObject(rest) ? rest : {}, SCALAR_FIELDS, values, absent);
  if (lines) record[LINES] = lines.map(readLine);
  return record;
}

/** The same record in the form the book keeps now (a record kept before it is kept again in this form). */
export function keptForm(text: string): string {
  return text.startsWith('[') ? text : keepRecord(JSON.parse(text) as Fields);
}
