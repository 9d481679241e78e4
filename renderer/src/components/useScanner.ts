/**
 * A USB barcode scanner is a keyboard that types a code quickly and ends with Enter (or Tab). The keys are read here,
 * before anything on the screen sees them (scanReader.ts tells a scanner from a person, and reads a scanner's code
 * from the physical keys through the scanner's own layout, whatever this computer's), and a code is handed to `onScan`: its end key is
 * kept from pressing whatever has the focus.
 *
 * Text fields type their keys themselves. By default they are left alone (they handle their own Enter). With
 * `inFields`, a scanner's burst typed into a field is a scan there too: the field gets back the value it had before
 * the burst's first key, so the code is never left in it (nor its Enter acted on). A field made for codes
 * (`data-scan-input`: the Stock search, the wizard's barcode field) looks up what it holds at its own Enter, typed or
 * scanned alike, save a scan whose keys typed something else than its code (`&é"'(` for `12345` on an AZERTY
 * computer), that ends with Tab, or that was typed after text the field held (a code that found nothing): that scan
 * is taken as in any field, and `onScan` hears it came from a field made
 * for codes (which may show the code there).
 *
 * The first scan whose keys typed something else than its code (a US scanner on a French computer) says once that
 * Shopdesk reads it correctly (remembered in the screen preferences).
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import { useStore } from '../store';
import { createScanReader, GS, SILENT_KEYS, type ShortcutFate } from './scanReader';

/** Said on the window when the screen takes the keys typed so far as something else than a code (scanKeysTaken). */
const KEYS_TAKEN = 'shopdesk:scan-keys-taken';

/**
 * The screen took the keys typed so far as something of its own (a quantity before a scan, "5*" or "3×", #29.6): they
 * are no part of a code, so the next key starts a new one. Without this a scan that follows such a quantity within a
 * scanner's pause (FIELD_GAP_MS) was read with the quantity's keys in front ("3" + "4000000000000").
 */
export function scanKeysTaken(): void {
  window.dispatchEvent(new Event(KEYS_TAKEN));
}

/** Said on the window when the screen may take the key just pressed as its own (scanKeyMayBeTaken). */
const KEY_MAY_BE_TAKEN = 'shopdesk:scan-key-may-be-taken';

/**
 * The key being pressed may be the screen's own (a digit on the favourites grid adds a tile, #30.2) unless a scanner's
 * next key follows it at once: if none does, the next code starts without it (ScanReader.mayBeTaken). Called from the
 * key's handler, after the reader has read it.
 */
export function scanKeyMayBeTaken(): void {
  window.dispatchEvent(new Event(KEY_MAY_BE_TAKEN));
}

/** Said on the window when the screen holds a shortcut key (scanShortcut). */
const SHORTCUT = 'shopdesk:scan-shortcut';

interface HeldShortcut {
  /** When its key was pressed (KeyboardEvent.timeStamp). */
  at: number;
  act: () => void;
}

/**
 * How long a held shortcut waits for a scanner's next key before it acts: a scanner's pause (told by the keys' own
 * times) and room for a busy computer to hand that key over late, as the favourites grid's tile keys wait.
 */
const SHORTCUT_WAIT_EXTRA_MS = 150;

/**
 * A shortcut key the screen handles (`+` repeats the last line, #29.6) may be the first key of a scanner's code: a
 * US-layout scanner's `]` (the start of `]E0`, `]C1`) types `+` on a German keyboard. Called from the key's handler
 * (the key kept from the field with preventDefault), it hands `act` to the scanner's reader, which acts on it only if
 * no key follows within a scanner's pause (by the keys' own times): at the next key when that comes later, or after a
 * short wait when none comes; a key at a scanner's pace makes it the start of the code instead, read whole. With no
 * reader listening, it acts at once.
 */
export function scanShortcut(at: number, act: () => void): void {
  const event = new CustomEvent<HeldShortcut>(SHORTCUT, { detail: { at, act }, cancelable: true });
  if (window.dispatchEvent(event)) act();
}

export interface ScanSource {
  /** The scan was typed into a field made for codes (`data-scan-input`). */
  codeField: boolean;
}

export interface ScannerOptions {
  /** Scans typed into a text field are taken too (and taken out of the field). */
  inFields?: boolean;
  /**
   * This reader reads only the keys typed inside an element marked `data-scan-reader` with this name (the palette's
   * dialog); a reader without one leaves such keys to it. A scan typed into the palette is the palette's: it finds
   * the product, as a scan elsewhere does, and is never also added by the screen underneath.
   */
  reader?: string;
}

/** The named reader whose keys these are (the nearest `data-scan-reader` around the target); null: any screen's. */
function readerOf(target: EventTarget | null): string | null {
  return target instanceof Element
    ? (target.closest('[data-scan-reader]')?.getAttribute('data-scan-reader') ?? null)
    : null;
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

/**
 * Text typed into a field (no Enter since) within this long before a burst is the start of the same entry: a scan whose
 * first keys a busy computer handed over late (read as a person's), or a person who goes on with a scanner.
 */
const ENTRY_PAUSE_MS = 1000;

/** The field's text was all selected: the keys typed next replace it. */
const wholeSelected = ({ value, start, end }: Before): boolean => start === 0 && end === value.length;

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

/** A field that holds codes: one made for them, or a search (a combobox's or a search box's). */
function holdsCodes(field: Field): boolean {
  const role = field.getAttribute('role');
  return (
    field.dataset.scanInput !== undefined || role === 'combobox' || role === 'searchbox' || field.type === 'search'
  );
}

/** Says once (ever, on this computer) that the scanner's layout differs and is read correctly anyway. */
function sayLayoutDiffers(): void {
  const { ui, uiLoaded, setUi } = useStore.getState();
  if (!uiLoaded || ui.scannerLayoutNoticed) return;
  setUi({ scannerLayoutNoticed: true });
  notifications.show({
    id: 'scanner-layout',
    color: 'blue',
    message: t('scanner.layoutDiffers'),
    autoClose: 12_000,
  });
}

export function useScanner(
  onScan: (code: string, source: ScanSource) => void,
  enabled = true,
  options: ScannerOptions = {},
): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);
  const inFields = options.inFields ?? false;
  const only = options.reader ?? null;
  // the scanner's pace and end key as Settings → Scanner keeps them (learned by its check)
  const { averageMs, gapMs, end, layout } = useStore((s) => s.ui.scanner);

  useEffect(() => {
    if (!enabled) return;
    const reader = createScanReader({ averageMs, gapMs, tabEnds: end === 'tab', layout });
    let before: Before | null = null;
    /** The last key typed into a field, when, and whether it typed a character (not Enter or Tab). */
    let lastTyped: { field: Field; at: number; char: boolean } | null = null;
    /** The burst began right after characters typed into its field: they are the start of the same entry. */
    let continues = false;
    let held: { act: () => void; timer: ReturnType<typeof setTimeout> } | null = null;
    /** What becomes of a held shortcut: it acts (before the key that told is handled) or is dropped (a scan began). */
    const settle = (fate: ShortcutFate | null | undefined): void => {
      if (!fate || !held) return;
      const { act, timer } = held;
      held = null;
      clearTimeout(timer);
      if (fate === 'acts') act();
    };
    const onKey = (event: KeyboardEvent): void => {
      const field = textFieldOf(event.target);
      const ownCodes = field?.dataset.scanInput !== undefined;
      const another = readerOf(event.target) !== only;
      if (another || field === undefined || (field && !inFields && !ownCodes) || event.isComposing) {
        if (!SILENT_KEYS.has(event.key))
          settle(reader.passed(event.timeStamp || performance.now(), event.ctrlKey || event.altKey || event.metaKey));
        reader.reset();
        return;
      }
      // Ctrl+]: a scanner's GS (a GS1 code's field separator), not a shortcut
      const gs = event.ctrlKey && !event.altKey && !event.metaKey && event.code === 'BracketRight';
      if (gs) event.preventDefault();
      const time = event.timeStamp || performance.now();
      const step = reader.read({
        key: gs ? GS : event.key,
        code: event.code,
        shift: event.shiftKey,
        time,
        inField: field !== null,
        target: field ?? undefined,
        codeField: field ? holdsCodes(field) : undefined,
        modified: !gs && (event.ctrlKey || event.altKey || event.metaKey),
        repeat: event.repeat,
        // an open list to pick from: a pause before Enter means the person is picking (#27.2 with the keyboard-only path)
        picking: field?.getAttribute('aria-expanded') === 'true',
      });
      settle(step.shortcut);
      // the key is not typed yet (this runs before the field sees it): the value now is the value before the burst
      if (step.starts) {
        before = field ? { field, value: field.value, ...selectionOf(field) } : null;
        continues = !!field && lastTyped?.field === field && lastTyped.char && time - lastTyped.at < ENTRY_PAUSE_MS;
      }
      if (field) lastTyped = { field, at: time, char: event.key.length === 1 && !step.code };
      if (step.code === null) return;
      // the field held text the scan's keys were typed after (Stock's box keeps a code that found nothing): its own Enter
      // would look that text and the scan up as one code, so the scan is taken as in any field. Not when that text was
      // typed just before the burst: then it is the scan's own start (its first keys handed over late on a busy
      // computer were read as a person's: taken alone, the rest lost them, "000000006" for "4000000000006")
      const after = before?.field === field && before.value !== '' && !wholeSelected(before) && !continues;
      if (ownCodes && event.key === 'Enter' && !step.layoutDiffers && !step.code.includes(GS) && !after) {
        // the keys typed the code itself: the field's own Enter looks up what it holds, typed or scanned alike
        // (a GS1 code's GS is never typed into a field: such a scan is taken whole, as in any field)
        before = null;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (field && before?.field === field) restore(before);
      before = null;
      if (step.layoutDiffers) sayLayoutDiffers();
      handler.current(step.code, { codeField: ownCodes });
    };
    const onTaken = (): void => {
      reader.reset();
      before = null;
    };
    const onMayBeTaken = (): void => reader.mayBeTaken();
    const onShortcut = (event: Event): void => {
      if (event.defaultPrevented) return; // another reader holds it
      event.preventDefault();
      const { at, act } = (event as CustomEvent<HeldShortcut>).detail;
      if (held) {
        // a shortcut still held when another is pressed: the second key came, so the first acts first
        settle(reader.passed(at, true));
      }
      reader.holdShortcut(at);
      const timer = setTimeout(() => {
        if (held?.act === act && reader.releaseShortcut()) settle('acts');
      }, gapMs + SHORTCUT_WAIT_EXTRA_MS);
      held = { act, timer };
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener(KEYS_TAKEN, onTaken);
    window.addEventListener(KEY_MAY_BE_TAKEN, onMayBeTaken);
    window.addEventListener(SHORTCUT, onShortcut);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener(KEYS_TAKEN, onTaken);
      window.removeEventListener(KEY_MAY_BE_TAKEN, onMayBeTaken);
      window.removeEventListener(SHORTCUT, onShortcut);
      // a shortcut still held when the reader goes acts: it was pressed, and no scan followed it
      if (held) settle('acts');
    };
  }, [enabled, inFields, only, averageMs, gapMs, end, layout]);
}
