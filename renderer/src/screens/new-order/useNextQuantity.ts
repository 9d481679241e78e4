/**
 * The quantity typed for the next scan or pick ("5*" on the Items step, #29.6), kept for the step it was typed on
 * (another step forgets it): `next` as rendered, `nextNow` as of now (a scan can come before the render that shows
 * it), and `take` for a scan or pick, which uses it up (one when none was typed).
 */
import { useCallback, useRef, useState } from 'react';

interface Typed {
  quantity: number;
  step: number;
}

export function useNextQuantity(step: number): {
  next: number | null;
  setNext(quantity: number | null): void;
  nextNow(): number | null;
  take(): number;
} {
  /** The quantity typed for the next scan or pick, on the step it was typed on (another step forgets it). */
  const [typed, setTyped] = useState<Typed | null>(null);
  /** The same as of now (a scan can come before the render that shows it). */
  const typedRef = useRef<Typed | null>(null);
  const next = typed?.step === step ? typed.quantity : null;

  const setNext = useCallback(
    (quantity: number | null): void => {
      typedRef.current = quantity === null ? null : { quantity, step };
      setTyped(typedRef.current);
    },
    [step],
  );
  const nextNow = useCallback(
    (): number | null => (typedRef.current?.step === step ? typedRef.current.quantity : null),
    [step],
  );
  /** The quantity for this scan or pick: the one typed before it (then used up), else one. */
  const take = useCallback((): number => {
    const count = nextNow();
    if (count !== null) setNext(null);
    return count ?? 1;
  }, [nextNow, setNext]);
  return { next, setNext, nextNow, take };
}
