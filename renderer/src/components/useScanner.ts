/**
 * A USB barcode scanner is a keyboard that types a code quickly and ends with Enter. Keys typed outside a text field
 * (on the list, in an open panel) are collected here, and a code ended by Enter is handed to `onScan` — the Enter is
 * kept from pressing whatever button has the focus. Text fields handle their own Enter.
 */
import { useEffect, useRef } from 'react';

/** A pause longer than this starts a new code (scanners type a key every few milliseconds; people are slower too). */
const GAP_MS = 300;
const MIN_LENGTH = 3;

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target.tagName === 'INPUT' &&
      !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type)));

export function useScanner(onScan: (code: string) => void, enabled = true): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    let code = '';
    let last = 0;
    const onKey = (event: KeyboardEvent): void => {
      if (isTextField(event.target)) {
        code = '';
        return;
      }
      const now = event.timeStamp || performance.now();
      if (now - last > GAP_MS) code = '';
      last = now;
      if (event.key === 'Enter') {
        if (code.length >= MIN_LENGTH) {
          event.preventDefault();
          event.stopPropagation();
          handler.current(code);
        }
        code = '';
        return;
      }
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) code += event.key;
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
