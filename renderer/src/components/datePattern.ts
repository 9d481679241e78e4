/**
 * How a date is typed in the locale in use and the words for one that is not a day: shared by the wizard's dates and
 * the From and To of the orders list and Today, apart from either's date input (@mantine/dates), which the first screen loads later.
 */
import { localeDateShape, type LocaleDateRead } from '../../../shared/dates';
import { currentLocale, t } from '../i18n';

/** The words for a date that is not one. */
export function dateProblem(read: LocaleDateRead, pattern: string): string | null {
  if (read.ok || read.problem === 'empty') return null;
  if (read.problem === 'no-such-day') {
    const months = new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return t('wizard.date.noSuchDay', {
      month: months.format(Date.UTC(read.year, read.month - 1, 1)),
      days: read.days,
    });
  }
  if (read.problem === 'no-such-month') return t('wizard.date.noSuchMonth', { month: read.month, pattern });
  return t('wizard.date.write', { pattern });
}

/** How a date is typed in the locale in use: "dd/mm/yyyy" in British English, "TT.MM.JJJJ" in German. */
export function datePatternOfLocale(): { pattern: string; valueFormat: string } {
  const { parts, separator } = localeDateShape(currentLocale());
  return {
    pattern: parts.map((part) => t('wizard.date.pattern', { part })).join(separator),
    valueFormat: parts.map((p) => (p === 'day' ? 'DD' : p === 'month' ? 'MM' : 'YYYY')).join(separator),
  };
}
