/**
 * The e2e suite in the pseudo-locale (issue #18). Tests name controls and texts in English; in the `pseudo` project
 * (playwright.config.ts) each such name becomes a pattern that matches the English words and their pseudo-locale form
 * — every letter accented by the same table the catalogue generator uses (scripts/i18n.ts), vowels possibly doubled,
 * brackets and tilde padding around each message. Data the app shows as it is (customer names, PO numbers, amounts)
 * is never transformed by the app, and still matches: the patterns accept the plain letters too.
 *
 * What this checks is that every flow works in a locale whose words are all different and ~35 % longer; words that
 * did not come from a catalogue are caught by the languages spec, which looks at every screen for them.
 */
import type { Locator, Page } from '@playwright/test';
import { ACCENTED } from '../../scripts/i18n';

const VOWELS = new Set([...'aeiouyAEIOUY']);
/** What the pseudo-locale adds around a message: "[" before, "~…]" after. */
const WRAP = '[\\[\\]~]*';
const escape = (ch: string): string => ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One English letter as a pattern of itself or its accented form (a vowel once or twice). */
function letter(ch: string): string | null {
  const accented = ACCENTED[ch];
  if (!accented) return null;
  return VOWELS.has(ch) ? `(?:[${ch}${accented}]{1,2})` : `[${ch}${accented}]`;
}

/** A pattern source matching an English text and its pseudo-locale form. */
function textSource(text: string): string {
  let out = WRAP;
  // a message may begin or end at any character: "Subtotal599.54" is "[Šûûƀţöţåļ]599.54" in the pseudo-locale
  for (const ch of text.replace(/\s+/g, ' ').trim())
    out += `${ch === ' ' ? '\\s+' : (letter(ch) ?? escape(ch))}${WRAP}`;
  return out;
}

/** An English text as the pseudo project looks for it: whole (exact) or anywhere, any case (as Playwright does). */
export function pseudoText(text: string, exact = false, ignoreCase = !exact): RegExp {
  const flags = ignoreCase ? 'i' : '';
  return exact ? new RegExp(`^\\s*${textSource(text)}\\s*$`, flags) : new RegExp(textSource(text), flags);
}

/** A regular expression of English words, widened the same way (classes, escapes and group names kept as written). */
export function pseudoPattern(pattern: RegExp): RegExp {
  const src = pattern.source;
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\') {
      out += src.slice(i, i + 2);
      i += 1;
    } else if (ch === '[') {
      let end = i + 1;
      while (end < src.length && !(src[end] === ']' && src[end - 1] !== '\\')) end++;
      out += src.slice(i, end + 1);
      i = end;
    } else if (ch === '{' && /^\{\d+(,\d*)?\}/.test(src.slice(i))) {
      const quantifier = /^\{\d+(,\d*)?\}/.exec(src.slice(i))![0];
      out += quantifier;
      i += quantifier.length - 1;
    } else if (ch === '(' && src[i + 1] === '?') {
      const opener = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_]\w*>)/.exec(src.slice(i))?.[0] ?? '(?';
      out += opener;
      i += opener.length - 1;
    } else if (ch === '^') out += `^${WRAP}`;
    else if (ch === '$') out += `${WRAP}$`;
    else if (ch === ' ') out += `${WRAP} ${WRAP}`;
    else out += letter(ch) ?? ch;
  }
  return new RegExp(out, pattern.flags);
}

const widen = (value: unknown, exact?: boolean, ignoreCase?: boolean): unknown =>
  typeof value === 'string'
    ? pseudoText(value, exact, ignoreCase)
    : value instanceof RegExp
      ? pseudoPattern(value)
      : value;

type Options = { name?: unknown; exact?: boolean; hasText?: unknown; hasNotText?: unknown } | undefined;
const widenOptions = (options: Options): Options =>
  options && {
    ...options,
    ...('name' in options ? { name: widen(options.name, options.exact) } : {}),
    ...('hasText' in options ? { hasText: widen(options.hasText) } : {}),
    ...('hasNotText' in options ? { hasNotText: widen(options.hasNotText) } : {}),
  };

let patched = false;

/** From now on in this worker, the page's and locators' look-ups by text take English and pseudo-locale words alike. */
export function lookUpInPseudo(page: Page): void {
  if (patched) return;
  patched = true;
  for (const proto of [Object.getPrototypeOf(page), Object.getPrototypeOf(page.locator('body'))] as Record<
    string,
    (...args: unknown[]) => unknown
  >[]) {
    const wrap = (name: string, change: (args: unknown[]) => unknown[]): void => {
      const original = proto[name];
      if (typeof original !== 'function') return;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        return original.apply(this, change(args));
      };
    };
    wrap('getByRole', ([role, options]) => [role, widenOptions(options as Options)]);
    for (const name of ['getByText', 'getByLabel', 'getByPlaceholder', 'getByTitle', 'getByAltText'])
      wrap(name, ([text, options]) => [widen(text, (options as Options)?.exact), options]);
    wrap('locator', ([selector, options]) => [selector, widenOptions(options as Options)]);
    wrap('filter', ([options]) => [widenOptions(options as Options)]);
  }
}

/** A matcher's text(s), case-sensitive as Playwright's matchers are unless told `ignoreCase`. */
const each = (expected: unknown, exact: boolean, options: unknown): unknown => {
  const ignoreCase = (options as { ignoreCase?: boolean } | undefined)?.ignoreCase === true;
  return Array.isArray(expected)
    ? expected.map((e) => widen(e, exact, ignoreCase))
    : widen(expected, exact, ignoreCase);
};

/** The matchers whose expected texts are words, and how to widen their arguments. */
const TEXT_MATCHERS: Record<string, (args: unknown[]) => unknown[]> = {
  toHaveText: ([expected, ...rest]) => [each(expected, true, rest[0]), ...rest],
  toContainText: ([expected, ...rest]) => [each(expected, false, rest[0]), ...rest],
  toHaveAccessibleName: ([expected, ...rest]) => [widen(expected, true), ...rest],
  toHaveAccessibleDescription: ([expected, ...rest]) => [widen(expected, true), ...rest],
  // an attribute that holds words (placeholder, title, aria-label …)
  toHaveAttribute: ([name, expected, ...rest]) => [
    name,
    typeof expected === 'string' || expected instanceof RegExp ? widen(expected, true) : expected,
    ...rest,
  ],
};

/** expect() whose text matchers on locators take English and pseudo-locale words alike. */
export function widenExpect<E extends (...args: never[]) => unknown>(base: E): E {
  const wrapMatchers = (matchers: Record<string | symbol, unknown>): unknown =>
    new Proxy(matchers, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property === 'not' && value && typeof value === 'object')
          return wrapMatchers(value as Record<string | symbol, unknown>);
        const change = typeof property === 'string' ? TEXT_MATCHERS[property] : undefined;
        if (change && typeof value === 'function')
          return (...args: unknown[]) => (value as (...args: unknown[]) => unknown).apply(target, change(args));
        return value;
      },
    });
  return new Proxy(base, {
    apply(target, thisArg, args: unknown[]) {
      const matchers = Reflect.apply(target, thisArg, args) as Record<string | symbol, unknown>;
      if (!patched) return matchers;
      // only locators: a plain value compared with English text is the test's own business
      const actual = args[0] as Partial<Locator> | undefined;
      return actual && typeof actual === 'object' && typeof actual.getByRole === 'function'
        ? wrapMatchers(matchers)
        : matchers;
    },
  }) as E;
}
