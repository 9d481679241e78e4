import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed, and since when: the order sheet exists only then (on screen it would be a hidden
 * second copy of the order in the page). The print dialog's `beforeprint` renders it at once, before the page is laid
 * out for paper; print media set by other means (a PDF export) is followed too.
 */
export function usePrinting(): { printing: boolean; printed: number; print(): void } {
  const [state, setState] = useState(() => ({ printing: false, printed: Date.now() }));
  useEffect(() => {
    const media = window.matchMedia('print');
    const start = (): void => flushSync(() => setState({ printing: true, printed: Date.now() }));
    const end = (): void => setState((s) => ({ ...s, printing: false }));
    const follow = (event: MediaQueryListEvent): void => (event.matches ? start() : end());
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    media.addEventListener('change', follow);
    if (media.matches) start();
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
      media.removeEventListener('change', follow);
    };
  }, []);
  const print = (): void => {
    flushSync(() => setState({ printing: true, printed: Date.now() }));
    window.print();
  };
  return { ...state, print };
}
