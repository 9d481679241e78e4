/** Small wordings the figures' screen, print and CSV share. */
import type { Coverage, DayFigures, TopProduct } from '../../../../shared/figures';
import { formatDay } from '../../components/DateText';
import { count, dayAndTime } from '../../components/format';
import { currentLocale, t } from '../../i18n';

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** An hour of the day as a span in the locale's clock ("14:00–15:00", "2 PM–3 PM"). */
export function hourText(hour: number): string {
  const locale = currentLocale();
  let format = hourFormats.get(locale);
  if (!format)
    hourFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })),
    );
  const at = (h: number) => format.format(Date.UTC(2026, 0, 1, h));
  return `${at(hour)}–${at((hour + 1) % 24)}`;
}

export const productName = (p: TopProduct): string => p.name ?? t('figures.unknownProduct', { id: p.productId });

/** The days as staff read them: one day, or from – to. */
export const rangeText = (f: Pick<DayFigures, 'from' | 'to'>): string =>
  f.from === f.to
    ? formatDay(f.from, 'long')
    : t('figures.rangeText', { from: formatDay(f.from), to: formatDay(f.to) });

/** What the coverage says, and whether it warns. */
export function coverageText(coverage: Coverage): { text: string; warn: boolean } {
  const time = dayAndTime(coverage.completeAt);
  switch (coverage.state) {
    case 'complete':
      return { text: t('figures.coverage.complete'), warn: false };
    case 'until':
      return { text: t('figures.coverage.until', { time }), warn: false };
    case 'incomplete':
      return coverage.completeAt === null
        ? { text: t('figures.coverage.never'), warn: true }
        : { text: t('figures.coverage.incomplete', { outcome: coverage.outcome ?? 'other', time }), warn: true };
  }
}

/** The notes under the figures: what was left out, and why. */
export function figureNotes(f: DayFigures): string[] {
  const notes: string[] = [];
  const what = {
    subtotal: t('figures.subtotal'),
    shipping: t('figures.shipping'),
    tax: t('figures.tax'),
    discounts: t('figures.discounts'),
    total: t('figures.total'),
  };
  const left = (Object.keys(what) as (keyof typeof what)[])
    .filter((k) => f.unreadable[k] > 0)
    .map((k) => t('figures.unreadableItem', { what: what[k], count: f.unreadable[k] }));
  if (left.length > 0) notes.push(t('figures.unreadable', { list: left.join(', ') }));
  if (f.unreadable.lines > 0) notes.push(t('figures.unreadableLines', { count: f.unreadable.lines }));
  if (f.hoursAsWritten > 0) notes.push(t('figures.hoursAsWritten', { count: f.hoursAsWritten }));
  if (f.undated > 0) notes.push(t('figures.undated', { count: f.undated }));
  return notes;
}

export { count };
