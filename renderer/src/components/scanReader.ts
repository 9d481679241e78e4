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
 * space), so words typed at machine speed by a text expander or a test are left as typed.
 */

/** Outside a field: a pause longer than this starts a new code. */
export const GAP_MS = 300;
export const MIN_LENGTH = 3;
/** In a field: the longest pause between two of a scanner's keys that counts towards its pace. */
export const FIELD_GAP_MS = 100;
/** In a field: a scanner's pace, the average of those pauses (the Enter's included). */
export const FIELD_AVERAGE_MS = 40;
export const FIELD_MIN_LENGTH = 4;
/**
 * In a field: a longer pause (up to HICCUP_MS) inside a code that began at a pace no person keeps up (three or more
 * keys HICCUP_PACE_MS apart or less) does not end it: a Bluetooth scanner sends its keys in packets, and a busy
 * computer can hold one back. Such pauses are left out of the pace.
 */
export const HICCUP_MS = 1000;
export const HICCUP_PACE_MS = 20;
const MAX_HICCUPS = 3;

export interface ScanKey {
  /** What the key typed (KeyboardEvent.key): one character, 'Enter', or another named key. */
  key: string;
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
  /** The Enter that ends a scan: the code. It is to be kept from the field and from whatever Enter would do. */
  code: string | null;
}

/** Keys a scanner presses around the characters (Shift for a capital letter): they neither add nor break a code. */
const SILENT_KEYS = new Set(['Shift', 'CapsLock', 'NumLock', 'Control', 'Alt', 'AltGraph', 'Meta', 'Unidentified']);
const NOTHING: ScanStep = { starts: false, code: null };

export interface ScanReader {
  read(key: ScanKey): ScanStep;
  reset(): void;
}

export function createScanReader(): ScanReader {
  let code = '';
  /** When the burst's latest character came. */
  let last = 0;
  let inField = false;
  let target: unknown = undefined;
  /** In a field: the pauses that count towards the pace (their sum and number), and the longer ones let pass. */
  let paced = 0;
  let pauses = 0;
  let hiccups = 0;

  const reset = (): void => {
    code = '';
  };

  /** In a field: how a pause after the burst so far counts: towards the pace, let pass, or not part of it at all. */
  const pauseKind = (gap: number): 'paced' | 'hiccup' | 'apart' => {
    if (gap <= FIELD_GAP_MS) return 'paced';
    const machine = pauses >= 3 && paced / pauses <= HICCUP_PACE_MS;
    return machine && gap <= HICCUP_MS && hiccups < MAX_HICCUPS ? 'hiccup' : 'apart';
  };

  const count = (gap: number): void => {
    const kind = pauseKind(gap);
    if (kind === 'paced') {
      paced += gap;
      pauses += 1;
    } else hiccups += 1;
  };

  const isScan = (now: number, picking = false): boolean => {
    const gap = now - last;
    if (!inField) return code.length >= MIN_LENGTH && gap <= GAP_MS;
    if (pauseKind(gap) === 'apart' || (picking && gap > FIELD_GAP_MS)) return false;
    count(gap);
    return (
      code.length >= FIELD_MIN_LENGTH &&
      pauses > 0 &&
      paced / pauses <= FIELD_AVERAGE_MS &&
      /\d/.test(code) &&
      !/\s/.test(code)
    );
  };

  return {
    reset,
    read(key) {
      if (SILENT_KEYS.has(key.key)) return NOTHING;
      if (key.modified || key.repeat) {
        reset();
        return NOTHING;
      }
      if (key.key === 'Enter') {
        const scanned =
          code !== '' && key.inField === inField && key.target === target && isScan(key.time, key.picking === true);
        const result = scanned ? { starts: false, code } : NOTHING;
        reset();
        return result;
      }
      if (key.key.length !== 1) {
        // Tab, Backspace, an arrow: a person at work; a scanner sends none of them inside a code
        reset();
        return NOTHING;
      }
      const gap = key.time - last;
      const starts =
        code === '' ||
        key.inField !== inField ||
        key.target !== target ||
        (key.inField ? pauseKind(gap) === 'apart' : gap > GAP_MS);
      if (starts) {
        reset();
        inField = key.inField;
        target = key.target;
        paced = 0;
        pauses = 0;
        hiccups = 0;
      } else if (inField) count(gap);
      code += key.key;
      last = key.time;
      return starts ? { starts: true, code: null } : NOTHING;
    },
  };
}
