/**
 * A day's From or To until the calendar has come (#31.2): Mantine's date input (@mantine/dates, 41 kB) is
 * a chunk of its own, fetched once the first screen has painted. Meanwhile a read-only field of the same name, width
 * and day holds its place, so the screen does not move when the calendar arrives, marked not usable yet (aria-disabled,
 * the busy pointer) as the other stand-ins are.
 */
import { TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { datePatternOfLocale } from './datePattern';
import { WAITING } from './placeholders';

export interface DayFilterProps {
  label: string;
  clearLabel: string;
  /** The day (ISO), or null for none. */
  value: string | null;
  onChange(day: string | null): void;
  w: number;
}

export function DayFilterField({ label, value, w }: DayFilterProps) {
  const { pattern, valueFormat } = datePatternOfLocale();
  return (
    <TextInput
      label={label}
      placeholder={pattern}
      value={value === null ? '' : dayjs(value).format(valueFormat)}
      readOnly
      // not usable yet, as the other stand-ins (components/placeholders.tsx): said so, and waited for by a test
      aria-disabled
      autoComplete="off"
      w={w}
      styles={{ input: WAITING }}
    />
  );
}
