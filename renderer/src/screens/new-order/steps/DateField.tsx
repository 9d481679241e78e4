/**
 * A date of the order, typed and shown in the user's locale (22.11.2026 in German, 11/22/2026 in American English)
 * with Mantine's calendar to pick from. The draft keeps the calendar day (ISO); it becomes the service's slash date only
 * when the order is sent. An impossible date says why ("February 2026 has 28 days") and keeps what was typed.
 */
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { localeDateShape, readLocaleDate, type LocaleDateRead } from '../../../../../shared/dates';
import type { FieldKey } from '../../../../../shared/order-entry';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';

const MONTHS = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The words for a date that is not one. */
export function dateProblem(read: LocaleDateRead, pattern: string): string | null {
  if (read.ok || read.problem === 'empty') return null;
  if (read.problem === 'no-such-day')
    return `${MONTHS.format(Date.UTC(read.year, read.month - 1, 1))} has ${read.days} days.`;
  if (read.problem === 'no-such-month') return `There is no month ${read.month}; write the date as ${pattern}.`;
  return `Write the date as ${pattern}, or pick it from the calendar.`;
}

export function datePatternOfLocale(): { pattern: string; valueFormat: string } {
  const { parts, separator } = localeDateShape();
  return {
    pattern: parts.map((p) => (p === 'day' ? 'dd' : p === 'month' ? 'mm' : 'yyyy')).join(separator),
    valueFormat: parts.map((p) => (p === 'day' ? 'DD' : p === 'month' ? 'MM' : 'YYYY')).join(separator),
  };
}

export function DateField({
  fieldKey,
  label,
  errors,
  description,
}: {
  fieldKey: FieldKey;
  label: string;
  errors: WizardErrors;
  description?: string;
}) {
  const value = useStore((s) => s.wizard!.data.fields[fieldKey]);
  const updateDraft = useStore((s) => s.updateDraft);
  const setLocalError = useStore((s) => s.setLocalError);
  const { pattern, valueFormat } = datePatternOfLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  const set = (next: string): void =>
    updateDraft((d) => ({ ...d, fields: { ...d.fields, [fieldKey]: next } }), [fieldKey]);
  return (
    <DateInput
      label={label}
      description={description}
      placeholder={pattern}
      valueFormat={valueFormat}
      value={iso}
      clearable
      clearButtonProps={{ 'aria-label': `Clear the ${label.toLowerCase()}` }}
      fixOnBlur={false}
      dateParser={(text) => {
        const read = readLocaleDate(text);
        return read.ok ? read.iso : null;
      }}
      onChange={(next) => {
        setTyped(null);
        setLocalError(fieldKey, null);
        set(next ?? '');
      }}
      onBlur={(e) => {
        const text = e.currentTarget.value;
        const read = readLocaleDate(text);
        const problem = dateProblem(read, pattern);
        setTyped(problem ? text : null);
        setLocalError(fieldKey, problem);
        if (!text.trim()) set('');
      }}
      onFocus={() => setTyped(null)}
      // a value the draft holds that is not a day (typed in an older Shopdesk) shows as it was written
      error={errors.shown(fieldKey) ?? (typed ? undefined : !iso && value ? `“${value}” is not a date.` : undefined)}
      autoComplete="off"
      popoverProps={{ withinPortal: true }}
    />
  );
}
