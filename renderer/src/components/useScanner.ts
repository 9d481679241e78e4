/**
 * A USB barcode scanner is a keyboard that types a code quickly and ends with Enter. The keys are read here, before
 * anything on the screen sees them (scanReader.ts tells a scanner from a person), and a code ended by Enter is handed
 * to `onScan`: the Enter is kept from pressing whatever has the focus.
 *
 * Text fields type their keys themselves. By default they are left alone (they handle their own Enter, as the Stock
 * search does). With `inFields`, a scanner's burst typed into a field is a scan there too: the field gets back the
 * value it had before the burst's first key, so the code is never left in it (nor its Enter acted on). A field made
 * for codes (`data-scan-input`) is still left alone: what it holds at Enter is the code, typed or scanned alike.
 */
import { useEffect, useRef } from 'react';
import { createScanReader } from './scanReader';

export interface ScannerOptions {
  /** Scans typed into a text field are taken too (and taken out of the field). */
  inFields?: boolean;
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const TYPED_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image'];

/** A field that types keys: an input or a text area; null elsewhere (undefined for an editable element of any other kind). */
function textFieldOf(target: EventTarget | null): Field | null | undefined {
  if (!(target instanceof HTMLElement)) return null;
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement) return TYPED_INPUTS.includes(target.type) ? null : target;
  return target.isContentEditable ? undefined : null;
}

interface Before {
  field: Field;
  value: string;
  start: number | null;
  end: number | null;
}

const selectionOf = (field: Field): { start: number | null; end: number | null } => {
  try {
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return { start: null, end: null }; // e-mail and number inputs have no selection
  }
};

/** Puts a field back as it was, the way typing would (so a React field's onChange hears of it). */
function restore(before: Before): void {
  const { field, value, start, end } = before;
  if (field.value === value) return;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    if (start !== null && end !== null) field.setSelectionRange(start, end);
  } catch {
    // a field without a selection: the value is what matters
  }
}

export function useScanner(onScan: (code: string) => void, enabled = true, options: ScannerOptions = {}): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);
  const inFields = options.inFields ?? false;

  useEffect(() => {
    if (!enabled) return;
    const reader = createScanReader();
    let before: Before | null = null;
    const onKey = (event: KeyboardEvent): void => {
      const field = textFieldOf(event.target);
      const ownCodes = field?.dataset.scanInput !== undefined;
      if (field === undefined || (field && (!inFields || ownCodes)) || event.isComposing) {
        reader.reset();
        return;
      }
      const step = reader.read({
        key: event.key,
        time: event.timeStamp || performance.now(),
        inField: field !== null,
        target: field ?? undefined,
        modified: event.ctrlKey || event.altKey || event.metaKey,
        repeat: event.repeat,
        // an open list to pick from: a pause before Enter means the person is picking (#27.2 with the keyboard-only path)
        picking: field?.getAttribute('aria-expanded') === 'true',
      });
      // the key is not typed yet (this runs before the field sees it): the value now is the value before the burst
      if (step.starts) before = field ? { field, value: field.value, ...selectionOf(field) } : null;
      if (step.code === null) return;
      event.preventDefault();
      event.stopPropagation();
      if (field && before?.field === field) restore(before);
      before = null;
      handler.current(step.code);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled, inFields]);
}
