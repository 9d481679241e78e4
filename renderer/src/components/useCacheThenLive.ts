/**
 * A record opens at once from this computer's copy, marked "Checking…", while the service is asked; the live copy
 * (or the cache's, with why the service could not answer) replaces it when the answer comes.
 */
import { useEffect, useState } from 'react';
import type { SimpleKey } from '../../../shared/i18n/translate';
import { errorText } from '../errors';

export function useCacheThenLive<T>(
  id: number | null,
  read: (cacheOnly: boolean) => Promise<T>,
  /** What to say when the record cannot be read and the core gave no reason. */
  failure: SimpleKey,
): { read: T | null; checking: boolean; error: string | null } {
  const [state, setState] = useState<{ id: number | null; read: T | null; checking: boolean; error: string | null }>({
    id,
    read: null,
    checking: true,
    error: null,
  });
  if (state.id !== id) setState({ id, read: null, checking: true, error: null });

  useEffect(() => {
    if (id === null) return;
    let current = true;
    let answered = false;
    read(true).then(
      (cached) => {
        if (current && !answered) setState((s) => ({ ...s, read: cached }));
      },
      () => undefined, // not on this computer: the live read says what there is
    );
    read(false).then(
      (value) => {
        answered = true;
        if (current) setState((s) => ({ ...s, read: value, checking: false, error: null }));
      },
      (e: unknown) => {
        answered = true;
        if (current)
          setState((s) =>
            s.read ? { ...s, checking: false } : { ...s, checking: false, error: errorText(e, failure) },
          );
      },
    );
    return () => {
      current = false;
    };
    // `read` is a new function each render; the id says what to read
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return { read: state.read, checking: state.checking, error: state.error };
}
