/**
 * Where a date field's calendar opens (the orders list's and Today's days, the wizard's dates): Mantine's calendar hangs
 * from the input, so it is told how far to keep from it on the side Mantine chose.
 */
import type { FloatingPosition } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

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
export function useCalendarOffset(problem: string | null) {
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
