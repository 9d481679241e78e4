/** The day ranges the figures offer at a click, as ISO days of this computer's calendar. */
import { addIsoDays } from '../../../../shared/zoned-days';

export const PRESETS = ['today', 'yesterday', 'thisWeek', 'last7', 'thisMonth'] as const;
export type Preset = (typeof PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
export const isoToday = (now = new Date()): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** A preset's days; the week starts on Monday, as the Orders summary counts it. */
export function presetRange(preset: Preset, now = new Date()): DayRange {
  const today = isoToday(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addIsoDays(today, -1), to: addIsoDays(today, -1) };
    case 'thisWeek':
      return { from: addIsoDays(today, -((now.getDay() + 6) % 7)), to: today };
    case 'last7':
      return { from: addIsoDays(today, -6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The preset these days are, or null. */
export function presetOf(range: DayRange, now = new Date()): Preset | null {
  return (
    PRESETS.find((p) => {
      const r = presetRange(p, now);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}
