/**
 * The typed face of FormatJS (ICU MessageFormat): t('key', values) for plain messages, rich('key', values) for those
 * with tags. Keys and values are checked against shared/i18n/messages.ts, generated from the English catalogue, so a
 * missing key, a missing value or a misspelt placeholder is a compile error. Used by the renderer and the shell.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { MessageValues, NoValues, PlainKey, RichKey } from './messages';

export type Messages = Record<string, string>;
type ValuesOf<K extends keyof MessageValues, R> = MessageValues<R>[K];
/** No second argument for a message without placeholders; the exact values for one with them. */
export type ArgsOf<K extends PlainKey> =
  ValuesOf<K, never> extends NoValues
    ? NoValues extends ValuesOf<K, never>
      ? []
      : [values: ValuesOf<K, never>]
    : [values: ValuesOf<K, never>];

/** The keys of messages without placeholders (what a fallback or a table of words may name). */
export type SimpleKey = { [K in PlainKey]: ArgsOf<K> extends [] ? K : never }[PlainKey];

export interface Translator {
  /** The BCP 47 locale the numbers and dates inside messages are formatted for. */
  readonly locale: string;
  readonly intl: IntlShape<unknown>;
  t<K extends PlainKey>(key: K, ...values: ArgsOf<K>): string;
  /** A message with tags: each tag's function gets its chunks; the result is the parts in order. */
  rich<K extends RichKey, R>(key: K, values: ValuesOf<K, R>): (string | R)[];
}

const cache = createIntlCache();

/**
 * A translator for a locale and its catalogue; English fills any gap (the completeness test keeps there being
 * none), and a message that cannot be formatted reports through onError rather than throwing into a screen.
 */
export function createTranslator(
  locale: string,
  messages: Messages,
  english: Messages,
  onError: (error: Error) => void = () => undefined,
): Translator {
  const intl = createIntl<unknown>(
    { locale, messages: { ...english, ...messages }, defaultLocale: 'en', onError: (e) => onError(e) },
    cache,
  );
  return {
    locale,
    intl,
    t: (key, ...values) => intl.formatMessage({ id: key }, values[0] as Record<string, string | number>),
    rich: (key, values) => {
      const parts = intl.formatMessage({ id: key }, values as unknown as Record<string, never>) as unknown;
      return Array.isArray(parts) ? (parts as (string | never)[]) : [parts as string];
    },
  };
}
