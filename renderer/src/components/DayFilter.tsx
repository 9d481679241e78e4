/**
 * A day's From or To (the orders list's filters, Today's days): a day typed as the locale writes it (31/01/2030,
 * 31.01.2030; ISO 2030-01-31 too) or picked from Mantine's calendar, in the language of the screen. A typed day
 * filters once it is whole (a four-digit year), or on Tab / Enter (a two-digit year), so "01/01/2" is never taken for
 * 2002 while staff are still typing; a day that is not one says why and keeps what was typed; the calendar then opens
 * below what it says, never over it (or just above the field's label, where there is no room below).
 */
import { DateInput } from '@mantine/dates';
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { localeDateShape, readLocaleDate } from '../../../shared/dates';
import { currentLocale } from '../i18n';
import { calendarLabels } from './calendarLabels';
import { useCalendarOffset } from './calendarOffset';
import { datePatternOfLocale, dateProblem } from './datePattern';
import type { DayFilterProps } from './DayFilterField';

/** Typed far enough to be meant: ISO with two-digit month and day, or the locale's last part written in full. */
function whole(text: string, locale: string): boolean {
  const clean = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(clean)) return true;
  const groups = clean.split(/[\s./-]+/);
  const last = localeDateShape(locale).parts[2];
  return groups.length === 3 && groups[2]!.length === (last === 'year' ? 4 : 2);
}

export function DayFilter({ label, clearLabel, value, onChange, w }: DayFilterProps) {
  const locale = currentLocale();
  const { pattern, valueFormat } = datePatternOfLocale();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const readable = typed === null || typed.trim() === '' || readLocaleDate(typed, locale).ok;
  const { inputRef, offset, onPositionChange } = useCalendarOffset(problem);

  /** What was typed, taken as it stands (Tab, Enter): a day, nothing, or a problem to show. */
  const settle = (text: string): void => {
    if (text.trim() === '') {
      setProblem(null);
      if (value !== null) onChange(null);
      return;
    }
    const read = readLocaleDate(text, locale);
    setProblem(dateProblem(read, pattern));
    if (read.ok && read.iso !== value) onChange(read.iso);
  };

  return (
    <DateInput
      ref={inputRef}
      label={label}
      placeholder={pattern}
      valueFormat={valueFormat}
      value={value}
      onChange={(day) => {
        setProblem(null);
        setTyped(null);
        onChange(day);
      }}
      dateParser={(text) => {
        const read = readLocaleDate(text, locale);
        return read.ok && whole(text, locale) ? read.iso : null;
      }}
      onInput={(event) => setTyped(event.currentTarget.value)}
      // a readable day is written again as the locale writes it; an unreadable one stays as typed, with the problem
      fixOnBlur={readable}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        if (typed !== null) settle(event.currentTarget.value);
        setTyped(null);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') settle(event.currentTarget.value);
      }}
      error={problem}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      ariaLabels={calendarLabels()}
      autoComplete="off"
      popoverProps={{ withinPortal: true, offset, onPositionChange }}
      w={w}
    />
  );
}
