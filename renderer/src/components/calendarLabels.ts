/**
 * The names of a date input's calendar controls, in the language in use: Mantine's calendar draws its previous and next
 * buttons (of a month, a year, a decade) as icons without a name, which a screen reader reads as "button" and axe
 * counts as critical (button-name). The wizard's dates and the From and To of the order list and of Today use them.
 * A module of its own: its words come with the chunks of those inputs, not with the first screen's script.
 */
import type { CalendarAriaLabels } from '@mantine/dates';
import { t } from '../i18n';

export function calendarLabels(): CalendarAriaLabels {
  return {
    previousMonth: t('calendar.previousMonth'),
    nextMonth: t('calendar.nextMonth'),
    previousYear: t('calendar.previousYear'),
    nextYear: t('calendar.nextYear'),
    previousDecade: t('calendar.previousDecade'),
    nextDecade: t('calendar.nextDecade'),
  };
}
