/**
 * Tells a barcode scanner from a person by its keys alone. A USB scanner is a keyboard that types a whole code in one
 * burst, a few milliseconds a key, and ends it with Enter. Pure (no DOM): fed one key at a time with its time, so
 * recorded key sequences test it, and a reader of physical keys (issue #29, keyboard layouts) can feed it the same way.
 *
 * Outside a text field nothing else could use the keys, so any code of three or more keys ended by Enter is taken, at
 * any pace a person types (Stock: a code typed on the list opens its product). In a text field the keys are typed
 * into the field as they come; only a scanner's pace makes them a scan there: keys FIELD_AVERAGE_MS apart or less on
 * average, none more than FIELD_GAP_MS (a fast typist manages ~80 ms a key; a person at 150 ms never comes near) save
 * the short breaks a scanner's own bursts may have (HICCUP_MS), and a code that looks like one (a digit in it, no
 * space, not an e-mail address), so words typed at machine speed by a text expander or a test are left as typed.
 *
 * Keyboard layouts (issue #29): a scanner types the keys of its own layout (a US one unless set otherwise), so on a
 * French (AZERTY) computer a US scanner's `1234567890` arrives as `&é"'(-è_çà`, on a German (QWERTZ) one its Y and Z
 * swap and its `-` is `ß`. A burst at a scanner's pace is therefore read from the physical keys (KeyboardEvent.code:
 * `Digit0`–`Digit9`, `Numpad0`–`Numpad9`, `KeyA`–`KeyZ`, the punctuation keys) as the scanner's layout places them
 * (Settings → Scanner: US unless set to another, keyboardLayouts.ts; "same as this computer" reads them as typed), and
 * the step says when that differs from what the keys typed. One exception while the US layout is set: digits typed
 * with Shift (AZERTY's way) show a scanner set to this computer's layout, whose keys are then read as typed. A person's keys are always read as
 * typed.
 *
 * The end of a code: Enter; or Tab at a scanner's pace outside a text field and in a field made for codes (a barcode
 * field, a search: `codeField`). In any other field a Tab moves on, so a code typed there by a machine stays typed.
 */
import type { ScannerLayout } from '../../../shared/scanner-prefs';
import { GS, layoutCharacter, typesThisLayout } from './keyboardLayouts';

export { GS };

/**
 * An e-mail address (name@host.domain) is never a product's code, whatever its digits: typed at machine speed (a text
 * expander, a password manager's auto-type, a test) and ended by Enter it stays typed, so the customer search's Enter
 * chooses the customer it found instead of holding the address as a scan.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Outside a field: a pause longer than this starts a new code. */
export const GAP_MS = 300;
export const MIN_LENGTH = 3;
/** In a field: the longest pause between two of a scanner's keys that counts towards its pace. */
export const FIELD_GAP_MS = 100;
/** In a field: a scanner's pace, the average of those pauses (the Enter's included). */
export const FIELD_AVERAGE_MS = 40;
export const FIELD_MIN_LENGTH = 4;
/**
 * In a field and outside one: a longer pause (up to HICCUP_MS) inside a code that began at a pace no person keeps up
 * (three or more keys HICCUP_PACE_MS apart or less) does not end it: a Bluetooth scanner sends its keys in packets,
 * and a busy computer can hold one back. Such pauses are left out of the pace.
 */
export const HICCUP_MS = 1000;
export const HICCUP_PACE_MS = 20;
const MAX_HICCUPS = 3;

export interface ScanKey {
  /** What the key typed (KeyboardEvent.key): one character, 'Enter', or another named key. */
  key: string;
  /** The physical key (KeyboardEvent.code: 'Digit1', 'KeyA', 'Minus' …); absent or '' when not known. */
  code?: string;
  /** Shift held (KeyboardEvent.shiftKey); when absent, a letter's case is taken from what it typed. */
  shift?: boolean;
  /** The field holds codes (a barcode field, a search): a scanner's Tab ends a code there too. */
  codeField?: boolean;
  /** Milliseconds on a steadily rising clock (KeyboardEvent.timeStamp). */
  time: number;
  /** The key goes to a text field, which types it. */
  inField: boolean;
  /** What the key went to (the field); a burst that moves to another target starts again. */
  target?: unknown;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a code. */
  modified?: boolean;
  /** Repeated by holding the key down: a person. */
  repeat?: boolean;
  /**
   * The field shows a list to pick from (a combobox, open): its Enter picks the highlighted option, so only an Enter
   * that follows the last key at once (no pause let pass) ends a scan there.
   */
  picking?: boolean;
}

export interface ScanStep {
  /** This key is the first of a new burst: a field's value before it is what the field returns to if it is a scan. */
  starts: boolean;
  /** The Enter (or Tab) that ends a scan: the code. It is to be kept from the field and from whatever it would do. */
  code: string | null;
  /** With a code: it was read from the physical keys, and the keys typed something else (the layouts differ). */
  layoutDiffers?: boolean;
  /**
   * A shortcut the screen held (holdShortcut) is decided by this key: 'acts' (the key came after a scanner's pause, or
   * is no scanner's: a person pressed the shortcut, which acts before this key is handled) or 'dropped' (the key
   * follows at a scanner's pace: the shortcut's key began a code, which is read with it).
   */
  shortcut?: ShortcutFate;
}

export type ShortcutFate = 'acts' | 'dropped';

/**
 * The character a US-layout keyboard (a scanner's usual layout) types with this physical key; what the key typed when
 * that is one of the key's own US characters (the layouts agree on the key); null for a key the US layout does not
 * place (or an unknown code). Without Shift known, a letter's case is what the key typed.
 */
export const usCharacter = (code: string | undefined, typed: string, shift?: boolean): string | null =>
  layoutCharacter('us', code, typed, shift);

/** Keys a scanner presses around the characters (Shift for a capital letter): they neither add nor break a code. */
export const SILENT_KEYS = new Set([
  'Shift',
  'CapsLock',
  'NumLock',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'Unidentified',
]);
const NOTHING: ScanStep = { starts: false, code: null };

export interface ScanReader {
  read(key: ScanKey): ScanStep;
  reset(): void;
  /**
   * The screen may take the latest key as its own (a digit on the favourites grid, #30.2, adds a tile): it stays the
   * start of a code only if the next key follows it within a scanner's pause (FIELD_GAP_MS), as the grid, which then
   * adds no tile, tells too; a later key starts a new code without it. Outside a field a person's code may take its
   * time, so without this a tile's key and a scan begun up to GAP_MS after it were read as one code, a digit too long.
   */
  mayBeTaken(): void;
  /**
   * The key read last (pressed at `at`) is a shortcut of the screen's (`+` repeats the last line, #29.6) that may as
   * well be the first key of a scanner's code: a US-layout scanner's `]` (of `]E0`, `]C1`) types `+` on a German
   * keyboard, `*` on a Dutch one. As mayBeTaken, it stays the start of a code only if the next key follows within a
   * scanner's pause, and that key's step says what becomes of the shortcut (ScanStep.shortcut); keys the reader does not
   * read tell it through `passed`, and with no next key at all the screen lets it act after a while (releaseShortcut).
   */
  holdShortcut(at: number): void;
  /** A key the reader does not read (one typed where scans are not read) came at `time`: the held shortcut's fate. */
  passed(time: number, person?: boolean): ShortcutFate | null;
  /** No key came: the held shortcut acts (true) unless none was held. */
  releaseShortcut(): boolean;
}

export interface ScanReaderOptions {
  /** In a field: a scanner's pace (FIELD_AVERAGE_MS unless Settings → Scanner learned another). */
  averageMs?: number;
  /** In a field: the longest pause inside a scanner's burst (FIELD_GAP_MS unless learned). */
  gapMs?: number;
  /** The scanner ends its codes with Tab: one at its pace ends a code in any text field too. */
  tabEnds?: boolean;
  /** The scanner's keyboard layout, its keys read through at a scanner's pace (US unless set otherwise). */
  layout?: ScannerLayout;
}

/**
 * A burst's pace: the pauses that count towards it (their sum and number), the longer ones let pass (HICCUP_MS), and
 * whether one was longer than a scanner's (outside a field, where such pauses do not end a code).
 */
function createBurstPace(averageMs: number, gapMs: number) {
  let paced = 0;
  let pauses = 0;
  let hiccups = 0;
  let slow = false;

  /** In a field: how a pause after the burst so far counts: towards the pace, let pass, or not part of it at all. */
  const pauseKind = (gap: number): 'paced' | 'hiccup' | 'apart' => {
    if (gap <= gapMs) return 'paced';
    const machine = pauses >= 3 && paced / pauses <= HICCUP_PACE_MS;
    return machine && gap <= HICCUP_MS && hiccups < MAX_HICCUPS ? 'hiccup' : 'apart';
  };

  return {
    /** A new burst: no pause counted yet. */
    restart(): void {
      paced = 0;
      pauses = 0;
      hiccups = 0;
      slow = false;
    },
    pauseKind,
    count: (gap: number): void => {
      const kind = pauseKind(gap);
      if (kind === 'paced') {
        paced += gap;
        pauses += 1;
      } else if (kind === 'hiccup') hiccups += 1;
      else slow = true;
    },
    /** The burst so far (its end key's pause counted) came at a scanner's pace. */
    scannerPace: (): boolean => !slow && pauses > 0 && paced / pauses <= averageMs,
  };
}

export function createScanReader(options: ScanReaderOptions = {}): ScanReader {
  const averageMs = options.averageMs ?? FIELD_AVERAGE_MS;
  const gapMs = options.gapMs ?? FIELD_GAP_MS;
  const tabEndsAnywhere = options.tabEnds ?? false;
  const layout = options.layout ?? 'us';
  /** The burst as typed (KeyboardEvent.key). */
  let code = '';
  /** The burst as the scanner meant it (from the physical keys through its layout, else as typed). */
  let physical = '';
  /** A digit typed with Shift as a digit: the scanner types this computer's layout. */
  let sameLayout = false;
  /** When the burst's latest character came. */
  let last = 0;
  let inField = false;
  let target: unknown = undefined;
  const pace = createBurstPace(averageMs, gapMs);
  /** The latest key may be the screen's own (mayBeTaken): when it came; null otherwise. */
  let takenAt: number | null = null;
  /** A shortcut the screen holds (holdShortcut): when its key came; null when none. */
  let shortcutAt: number | null = null;

  const decide = (time: number, person = false): ShortcutFate | null => {
    if (shortcutAt === null) return null;
    const fate: ShortcutFate = person || time - shortcutAt > gapMs ? 'acts' : 'dropped';
    shortcutAt = null;
    return fate;
  };

  const reset = (): void => {
    code = '';
    physical = '';
    takenAt = null;
  };

  /** The key before this one was the screen's: it is not followed at a scanner's pace. */
  const afterTaken = (now: number): boolean => takenAt !== null && now - takenAt > gapMs;

  const { pauseKind, count, scannerPace } = pace;

  /** What the burst is read as: the physical keys at a scanner's pace (unless it types this layout), else as typed. */
  const reading = (): string => (scannerPace() && !sameLayout ? physical : code);

  /** Whether the burst ended by this key (Enter, or a Tab where `byTab`) is a scan. */
  const isScan = (now: number, picking = false, byTab = false): boolean => {
    const gap = now - last;
    if (!inField) {
      if (code.length < MIN_LENGTH || (gap > GAP_MS && pauseKind(gap) !== 'hiccup')) return false;
      count(gap);
      // a person's Tab outside a field moves the focus; only a scanner's ends a code
      return !byTab || scannerPace();
    }
    if (pauseKind(gap) === 'apart' || (picking && gap > gapMs)) return false;
    count(gap);
    const text = reading();
    return (
      text.length >= FIELD_MIN_LENGTH &&
      scannerPace() &&
      /\d/.test(text) &&
      !/\s/.test(text) &&
      !EMAIL.test(code) &&
      !EMAIL.test(text)
    );
  };

  const ends = (key: ScanKey, byTab: boolean): ScanStep => {
    const scanned =
      code !== '' &&
      !afterTaken(key.time) &&
      key.inField === inField &&
      key.target === target &&
      (!byTab || !key.inField || key.codeField === true || tabEndsAnywhere) &&
      isScan(key.time, key.picking === true, byTab);
    const text = reading();
    const result: ScanStep = scanned ? { starts: false, code: text, layoutDiffers: text !== code } : NOTHING;
    reset();
    return result;
  };

  /** The key's step, the held shortcut aside. */
  const readKey = (key: ScanKey): ScanStep => {
    if (key.modified || key.repeat) {
      reset();
      return NOTHING;
    }
    if (key.key === 'Enter') return ends(key, false);
    if (key.key === 'Tab' && !key.shift) return ends(key, true);
    const meant = key.key === GS ? GS : layoutCharacter(layout, key.code, key.key, key.shift);
    // a dead key (a quote on US-International) types nothing yet; a scanner meant the key's character
    const typed = key.key === 'Dead' && meant !== null ? '' : key.key;
    if (typed.length > 1 || (typed === '' && meant === null)) {
      // Tab, Backspace, an arrow: a person at work; a scanner sends none of them inside a code
      reset();
      return NOTHING;
    }
    const gap = key.time - last;
    const starts =
      code === '' ||
      afterTaken(key.time) ||
      key.inField !== inField ||
      key.target !== target ||
      (key.inField ? pauseKind(gap) === 'apart' : gap > GAP_MS && pauseKind(gap) !== 'hiccup');
    if (starts) {
      reset();
      inField = key.inField;
      target = key.target;
      pace.restart();
      sameLayout = false;
    } else count(gap);
    takenAt = null;
    code += typed;
    physical += meant ?? typed;
    if (typesThisLayout(layout, key)) sameLayout = true;
    last = key.time;
    return starts ? { starts: true, code: null } : NOTHING;
  };

  return {
    reset,
    mayBeTaken() {
      if (code !== '') takenAt = last;
    },
    holdShortcut(at) {
      shortcutAt = at;
      if (code !== '' && last === at) takenAt = last;
    },
    passed(time, person = false) {
      return decide(time, person);
    },
    releaseShortcut() {
      const held = shortcutAt !== null;
      shortcutAt = null;
      return held;
    },
    read(key) {
      if (SILENT_KEYS.has(key.key)) return NOTHING;
      const fate = decide(key.time, key.modified === true || key.repeat === true);
      const step = readKey(key);
      return fate === null ? step : { ...step, shortcut: fate };
    },
  };
}
