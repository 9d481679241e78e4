/**
 * Codes, not prose, where state travels (#28.5): no field the core sends the renderer (a channel's answer, an event)
 * carries a sentence Shopdesk wrote. A text field whose name says it holds words (note, summary, message, reason, text,
 * detail, description …) must be listed here with what it holds instead: what the service or the system itself wrote
 * (data, shown as written), or the words of staff. Anything Shopdesk has to say goes as a code with its facts, and the
 * renderer words it in the language in use (shared/i18n).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract, events } from '../../../shared/contract';

/** Field names that say a text is words. */
const WORDY =
  /^(note|notes|summary|message|messages|reason|text|detail|details|description|explanation|sentence|words|hint|why)$/i;

/**
 * The text fields named like words that are data, each with what it holds. A path is the channel or event, then
 * the fields down to the text (`[]` an array's items, `{}` a record's values, `|` a union's options).
 */
const DATA: Record<string, string> = {
  ...holding(
    'the system’s own words for a failed write (the disk error), for support: a tooltip, never the message',
    ['catalogue:cancel', 'catalogue:progress', 'catalogue:status', 'catalogue:sync'].map((c) => `${c}.outcome.detail`),
  ),
  ...holding('a product flag’s value as the service wrote it', ['catalogue:product.product.flagValues[].text']),
  ...holding('a date the service wrote that does not read as one, shown as written', [
    'orders:get.order.orderDate|.text',
    'orders:query.rows[].orderDate|.text',
  ]),
  ...holding(
    'a reason an older Shopdesk stored in words outbox migration 007 could not read as a code, shown as written',
    ['outbox:discard', 'outbox:list.entries[]', 'outbox:reconcile', 'outbox:send-again', 'outbox:submit'].map(
      (c) => `${c}.reason|.text`,
    ),
  ),
  ...holding('the printing system’s own words for a failed print', ['print:run.reason']),
  ...holding('the search text staff typed for a saved view', [
    'ui:changed.orderViews[].query.text',
    'ui:get.orderViews[].query.text',
    'ui:set.orderViews[].query.text',
  ]),
};

function holding(what: string, paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.map((path) => [path, what]));
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string leaf under `schema`, by path, with the name of the field that holds it. */
function textFields(
  schema: z.ZodType,
  at: string,
  field: string | null,
  seen = new Set<unknown>(),
): [string, string | null][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (s: unknown, path = at, name = field): [string, string | null][] =>
    textFields(s as z.ZodType, path, name, seen);
  switch (def.type) {
    case 'string':
      return [[at, field]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, s]) =>
        inner(s, `${at}.${key}`, key),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'array':
      return inner(def.element, `${at}[]`);
    case 'record':
      return inner(def.valueType, `${at}{}`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((s) => inner(s, `${at}|`));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((s, i) => inner(s, `${at}[${i}]`));
    default:
      return [];
  }
}

const answers = [
  ...Object.entries(contract).map(([name, c]) => [name, c.response] as const),
  ...Object.entries(events).map(([name, s]) => [name, s as z.ZodType] as const),
];
const wordy = answers
  .flatMap(([name, schema]) => textFields(schema, name, null))
  .filter(([, field]) => field !== null && WORDY.test(field))
  .map(([path]) => path);

describe('codes, not prose, in what the core sends', () => {
  it('finds the text fields (the walk reaches into the answers)', () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.flatMap(([name, schema]) => textFields(schema, name, null)).length).toBeGreaterThan(100);
  });

  it('every text field named like words is data, with what it holds said here', () => {
    expect([...new Set(wordy)].sort()).toEqual(Object.keys(DATA).sort());
  });
});
