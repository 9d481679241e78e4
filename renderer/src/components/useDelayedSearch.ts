/**
 * A search as you type: what is typed goes out once typing pauses, and an answer that comes back after the text has
 * changed again is dropped, so a slow answer for "An" never replaces the one for "Ann". The wizard's customer search
 * and product picker use it, and the Ctrl/Cmd+K palette (with a longer pause and two characters at least).
 */
import { useEffect, useEffectEvent } from 'react';

/** How long typing must pause before the search goes out: one search a pause, not one a key. */
export const SEARCH_DELAY_MS = 60;

export interface DelayedSearch<T> {
  /** What is typed. It is searched trimmed; blank text is not searched. */
  text: string;
  /** What the search reads changed (a new catalogue, new orders): the text is searched again. */
  revision: unknown;
  search: (query: string) => Promise<T>;
  /** The answer for `query` (the trimmed text), while it is still what is typed. */
  onAnswer: (query: string, answer: T) => void;
  /** The search failed, while what it was for is still what is typed. */
  onError: (error: unknown) => void;
  /** How long typing must pause before the search goes out (ms); SEARCH_DELAY_MS unless told. */
  delayMs?: number;
  /** The fewest characters of trimmed text that are searched (1 unless told); shorter text is not searched. */
  minLength?: number;
}

export function useDelayedSearch<T>({
  text,
  revision,
  search,
  onAnswer,
  onError,
  delayMs = SEARCH_DELAY_MS,
  minLength = 1,
}: DelayedSearch<T>): void {
  // the latest callbacks, without a new search each time the caller draws
  const send = useEffectEvent(search);
  const answered = useEffectEvent(onAnswer);
  const failed = useEffectEvent(onError);
  useEffect(() => {
    const query = text.trim();
    if (!query || query.length < minLength) return;
    let stale = false;
    const timer = setTimeout(() => {
      send(query).then(
        (answer) => {
          if (!stale) answered(query, answer);
        },
        (e: unknown) => {
          if (!stale) failed(e);
        },
      );
    }, delayMs);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, revision, delayMs, minLength]);
}
