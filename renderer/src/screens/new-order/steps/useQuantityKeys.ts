/**
 * The Items step's quantity keys (#29.6): a quantity typed before a scan or pick ("5*", or "5×") is the next one's,
 * and `+` adds the last line's product again, both in the step's fields (timesKey) and on the step outside any field
 * (useQuantityKeys). The `+` waits for a scanner's pause (scanShortcut): it may be the first key of a scan.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { quantityPrefix } from '../../../../../shared/order-entry';
import { scanKeysTaken, scanShortcut } from '../../../components/useScanner';
import { useStore } from '../../../store';
import type { WizardScans } from '../useWizardScans';

/** The order has a line for `+` to add again. */
const hasLines = (): boolean => (useStore.getState().wizard?.data.lines.length ?? 0) > 0;

/** The key that ends a quantity typed before a scan: `*` (the numpad's too) or `×`. */
const isTimes = (key: string): boolean => key === '*' || key === '×';

/**
 * In the barcode field and "Find a product": `*` after a quantity sets the next scan's or pick's quantity (the field
 * is emptied for the scan), `+` in the empty field adds the last line's product again. True when the key was taken.
 */
export function timesKey(event: KeyboardEvent<HTMLInputElement>, text: string, scans: WizardScans): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  const quantity = isTimes(event.key) ? quantityPrefix(`${text}*`) : null;
  if (quantity !== null) {
    event.preventDefault();
    scanKeysTaken();
    scans.setNext(quantity);
    return true;
  }
  if (event.key === '+' && text.trim() === '' && hasLines()) {
    // held until no scanner's key follows it: it may be the first key of a code (a scanner's `]` on a German keyboard)
    event.preventDefault();
    scanShortcut(event.timeStamp || performance.now(), () => scans.repeatLast());
    return true;
  }
  if (event.key === 'Escape' && text === '' && scans.next !== null) {
    event.preventDefault();
    scans.setNext(null);
    return true;
  }
  return false;
}

/** Keys typed on the step outside any field: digits and `*` set the next quantity, `+` repeats the last line. */
export function useQuantityKeys(scans: WizardScans): void {
  const latest = useRef(scans);
  useEffect(() => {
    latest.current = scans;
  });
  useEffect(() => {
    let digits = '';
    let at = 0;
    const onKey = (event: globalThis.KeyboardEvent): void => {
      const target = event.target;
      const typing =
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        (target instanceof HTMLElement && target.isContentEditable);
      if (typing || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) {
        digits = '';
        return;
      }
      // digits typed more than a few seconds apart are not one number
      if (event.timeStamp - at > 3000) digits = '';
      at = event.timeStamp;
      if (/^\d$/.test(event.key)) {
        digits += event.key;
        return;
      }
      const scans = latest.current;
      const quantity = isTimes(event.key) ? quantityPrefix(`${digits}*`) : null;
      digits = '';
      if (quantity !== null) {
        event.preventDefault();
        scanKeysTaken();
        scans.setNext(quantity);
      } else if (event.key === '+' && hasLines()) {
        // held until no scanner's key follows it, as in the fields (timesKey)
        event.preventDefault();
        scanShortcut(event.timeStamp || performance.now(), () => latest.current.repeatLast());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
