/**
 * A date of the order, typed and shown in the user's locale (22.11.2026 in German, 11/22/2026 in American English)
 * with Mantine's calendar to pick from. The draft keeps the calendar day (ISO); it becomes the service's slash date only
 * when the order is sent. An impossible date says why ("February 2026 has 28 days") and keeps what was typed.
 */
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { readLocaleDate } from '../../../../../shared/dates';
import type { FieldKey } from '../../../../../shared/order-entry';
import { calendarLabels } from '../../../components/calendarLabels';
import { useCalendarOffset } from '../../../components/calendarOffset';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import { datePatternOfLocale, dateProblem } from '../../../components/datePattern';

/** A field's label inside a sentence: English writes "the order date"; the others keep their label's case. */
const inSentence = (label: string): string =>
  currentLocale().startsWith('en') ? label.toLocaleLowerCase('en') : label;

export function DateField({
  fieldKey,
  label,
  errors,
  description,
}: {
  fieldKey: FieldKey;
  label: string;
  errors: WizardErrors;
  /** Help under the field: one text while it is empty, another once it holds a date (never "empty: …" over a date). */
  description?: { empty: string; filled: string };
}) {
  const value = useStore((s) => s.wizard!.data.fields[fieldKey]);
  const updateDraft = useStore((s) => s.updateDraft);
  const setLocalError = useStore((s) => s.setLocalError);
  const { pattern, valueFormat } = datePatternOfLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  // a value the draft holds that is not a day (typed in an older Shopdesk) shows as it was written
  const error =
    errors.shown(fieldKey) ?? (typed ? undefined : !iso && value ? t('wizard.date.notADate', { value }) : undefined);
  // the calendar below the problem, or above the label and its help (it covered them, 8 px above the input)
  const { inputRef, offset, onPositionChange } = useCalendarOffset(error ?? null);
  const set = (next: string): void =>
    updateDraft((d) => ({ ...d, fields: { ...d.fields, [fieldKey]: next } }), [fieldKey]);
  return (
    <DateInput
      ref={inputRef}
      label={label}
      description={description && (value || typed ? description.filled : description.empty)}
      placeholder={pattern}
      valueFormat={valueFormat}
      value={iso}
      clearable
      clearButtonProps={{ 'aria-label': t('wizard.date.clear', { label: inSentence(label) }) }}
      ariaLabels={calendarLabels()}
      fixOnBlur={false}
      dateParser={(text) => {
        const read = readLocaleDate(text, currentLocale());
        return read.ok ? read.iso : null;
      }}
      onChange={(next) => {
        setTyped(null);
        setLocalError(fieldKey, null);
        set(next ?? '');
      }}
      onBlur={(e) => {
        const text = e.currentTarget.value;
        const read = readLocaleDate(text, currentLocale());
        const problem = dateProblem(read, pattern);
        setTyped(problem ? text : null);
        setLocalError(fieldKey, problem);
        if (!text.trim()) set('');
      }}
      onFocus={() => setTyped(null)}
      error={error}
      autoComplete="off"
      popoverProps={{ withinPortal: true, offset, onPositionChange }}
    />
  );
}
