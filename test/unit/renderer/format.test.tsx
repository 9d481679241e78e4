// @vitest-environment jsdom
/**
 * Money and dates as every screen shows them (#28.7): renderer/src/components/format.ts and DateText, in the locale the
 * app speaks (set by <Speaking>, as the app sets it) and with the shop's currency; never NaN, never "Invalid Date".
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Speech } from '../../../shared/i18n/languages';
import { browserBits, speechesLoaded } from './jsdom';

vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async () => ({})),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { Speaking } = await import('../../../renderer/src/i18n');
const { asOf, count, dayAndTime, duration, measure, money, setMoneyCurrency, timeOfDay } =
  await import('../../../renderer/src/components/format');
const { DateText, formatDay } = await import('../../../renderer/src/components/DateText');

beforeAll(async () => {
  browserBits();
  await speechesLoaded();
});
afterEach(() => {
  cleanup();
  setMoneyCurrency('');
});

/** Draws `children` in a language, as the app does, and waits until its catalogue is in. */
async function speaking(speech: Speech, children: () => React.ReactNode = () => <p>ready</p>): Promise<void> {
  render(
    <MantineProvider>
      <Speaking speech={speech}>{children}</Speaking>
    </MantineProvider>,
  );
  await screen.findByTestId('spoken');
}
const spoken = (node: React.ReactNode) => () => <div data-testid="spoken">{node}</div>;
/** Intl's narrow and ordinary no-break spaces as plain ones, so a test reads as the screen does. */
const plain = (text: string | null | undefined): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('is exact and in the shop’s currency, in the locale in use', async () => {
    await speaking({ language: 'de', locale: 'de-DE' }, spoken(null));
    setMoneyCurrency('EUR');
    expect(plain(money('1234.50'))).toBe('1.234,50 €');
    // a decimal string is never rounded through a float
    expect(plain(money('0.10'))).toBe('0,10 €');
    expect(plain(money('9007199254740993.01'))).toBe('9.007.199.254.740.993,01 €');
  });

  it('in American English with dollars, and without a currency when the shop has none', async () => {
    await speaking({ language: 'en', locale: 'en-US' }, spoken(null));
    setMoneyCurrency('USD');
    expect(money('1234.5')).toBe('$1,234.50'); // the currency's usual decimals
    setMoneyCurrency('');
    expect(money('1234.50')).toBe('1,234.50'); // as written, with the locale's separators
  });

  it('says "—" for no amount or one that is no number, never NaN', async () => {
    await speaking({ language: 'en', locale: 'en-GB' }, spoken(null));
    setMoneyCurrency('GBP');
    for (const amount of [null, undefined, '', 'abc']) expect(money(amount)).toBe('—');
    expect(count(Number.NaN)).toBe('—');
    expect(count(null)).toBe('—');
    expect(measure(null)).toBe('—');
  });

  it('counts and measures with the locale’s separators', async () => {
    await speaking({ language: 'de', locale: 'de-DE' }, spoken(null));
    expect(count(12345)).toBe('12.345');
    expect(plain(measure(2.3134))).toBe('2,313');
  });
});

describe('dates and times', () => {
  // 20 November 2026, 14:05 in the test's own time zone
  const at = new Date(2026, 10, 20, 14, 5).getTime();

  it('a service day is shown in the locale’s words and order', async () => {
    await speaking(
      { language: 'de', locale: 'de-DE' },
      spoken(<DateText value={{ kind: 'date', iso: '2026-11-20' }} />),
    );
    expect(screen.getByTestId('spoken').textContent).toBe('20.11.2026');
    expect(formatDay('2026-11-20', 'long')).toBe('20. November 2026');
    cleanup();
    await speaking({ language: 'en', locale: 'en-US' }, spoken(null));
    expect(formatDay('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDay('2026-11-20', 'short')).toBe('11/20/26');
  });

  it('an empty day is a dash; one that does not read is shown as written and flagged, never "Invalid Date"', async () => {
    await speaking(
      { language: 'en', locale: 'en-GB' },
      spoken(
        <>
          <DateText value={{ kind: 'empty' }} />
          <span>|</span>
          <DateText value={{ kind: 'invalid', text: '31/02/2026' }} />
        </>,
      ),
    );
    const text = screen.getByTestId('spoken').textContent ?? '';
    expect(text.startsWith('—|31/02/2026')).toBe(true);
    expect(text).toMatch(/unreadable/i);
    expect(text).not.toMatch(/Invalid Date|NaN/);
  });

  it('times of day, days with times, "as of" with its age, and durations in words', async () => {
    await speaking({ language: 'en', locale: 'en-GB' }, spoken(null));
    expect(timeOfDay(at)).toBe('14:05');
    expect(plain(dayAndTime(at))).toBe('20 Nov 2026, 14:05');
    expect(asOf(at, at + 5 * 60_000)).toBe('14:05 (5 min ago)');
    expect(plain(asOf(at, at + 2 * 86_400_000))).toBe('20 Nov 2026, 14:05 (2 days ago)');
    for (const none of [null, Number.NaN]) {
      expect(timeOfDay(none)).toBe('—');
      expect(dayAndTime(none)).toBe('—');
    }
    expect(duration(42)).toMatch(/42/);
    expect(duration(125)).toMatch(/2.*05/);
  });
});
