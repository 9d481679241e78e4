/**
 * A day's From or To (the orders list's filters, Today's days): a day typed as the locale writes it (31/01/2030,
 * 31.01.2030; ISO 2030-01-31 too) or picked from Mantine's calendar, in the language of the screen. A typed day
 * filters once it is whole (a four-digit year), or on Tab / Enter (a two-digit year), so "01/01/2" is never taken for
 * 2002 while staff are still typing; a day that is not one says why and keeps what was typed; the calendar then opens
 * below what it says, never over it (or just above the field's label, where there is no room below).
 */
import type { FloatingPosition } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { localeDateShape, readLocaleDate } from '../../../shared/dates';
import { currentLocale } from '../i18n';
import { calendarLabels } from './calendarLabels';
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

/** Room between a field and its calendar: Mantine's popovers' own. */
const CALENDAR_GAP = 8;

/**
 * How far from its field the calendar opens. Below the field, below what is said under it (the elements that describe
 * it, a day that is not one), so staff read why while they pick the day that mends it: Mantine's calendar hangs from
 * the input itself, over the words under it. Above the field (no room below), above its label (and what is said
 * between the label and the input): hung from the input, Mantine's 8 px covered the label. The side is Mantine's, told
 * on open (it keeps it while the calendar is open); each side counts only what is on it, so neither leaves a gap as
 * tall as the other's words.
 */
function useCalendarOffset(problem: string | null) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [below, setBelow] = useState(0);
  const [above, setAbove] = useState(0);
  const [side, setSide] = useState<string>('bottom');
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!problem || !input) return;
    const said = (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .flatMap((id) => document.getElementById(id) ?? []);
    // measured as the words are laid out (and again should they wrap anew); fires once as it starts observing
    const observer = new ResizeObserver(() => {
      const bottom = Math.max(...said.map((el) => el.getBoundingClientRect().bottom));
      setBelow(Math.max(0, Math.ceil(bottom - input.getBoundingClientRect().bottom)));
    });
    for (const el of said) observer.observe(el);
    return () => observer.disconnect();
  }, [problem]);
  useLayoutEffect(() => {
    const input = inputRef.current;
    const label = input?.labels?.[0];
    if (!input || !label) return;
    // from the label's top to the input's: the label and anything Mantine puts between them
    const observer = new ResizeObserver(() =>
      setAbove(Math.max(0, Math.ceil(input.getBoundingClientRect().top - label.getBoundingClientRect().top))),
    );
    // the label, and the wrapper (what is said between them may come, go or wrap)
    for (const el of [label, label.parentElement ?? label]) observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const extra = side === 'top' ? above : problem && side === 'bottom' ? below : 0;
  return {
    inputRef,
    offset: CALENDAR_GAP + extra,
    onPositionChange: (position: FloatingPosition) => setSide(position.split('-')[0]!),
  };
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
