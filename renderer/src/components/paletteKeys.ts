/**
 * Keys typed straight after Ctrl/Cmd+K belong to the palette even before its search box is there (its chunk comes on
 * first use, and the dialog fades in): until the box has the focus they are taken from the page and added to the
 * palette's query, so a quick "Ctrl+K 224-6174" never types into the field underneath.
 *
 * The hold ends the moment it is no longer the palette's: the box takes the focus, the palette closes, a key no search
 * types (Escape, an arrow, Tab, a shortcut) is pressed, or five seconds pass. (It once ended only at the next key with
 * the box focused: when every key of a quick search came before the box had the focus, the hold outlived the palette
 * and took the next digit pressed on the favourites grid into a closed palette's query.)
 */
export const PALETTE_SEARCH = '[data-palette-search]';
export const HOLD_MS = 5000;

const MODIFIERS = new Set(['Shift', 'CapsLock', 'AltGraph']);

const isBox = (target: EventTarget | null): boolean => target instanceof Element && target.matches(PALETTE_SEARCH);

/** Starts holding keys for the palette; `edit` changes its query. Returns what ends the hold (safe to call twice). */
export function holdKeysForPalette(edit: (change: (query: string) => string) => void): () => void {
  let held = true;
  const stop = (): void => {
    if (!held) return;
    held = false;
    window.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onFocus, true);
    clearTimeout(timer);
  };
  function onFocus(event: FocusEvent): void {
    if (isBox(event.target)) stop();
  }
  function onKey(event: KeyboardEvent): void {
    if (isBox(document.activeElement)) return stop();
    if (MODIFIERS.has(event.key)) return; // Shift for a capital comes with the character
    if (event.ctrlKey || event.metaKey || event.altKey) return stop(); // a shortcut: the person moved on
    if (event.key === 'Backspace') {
      event.preventDefault();
      event.stopImmediatePropagation();
      edit((query) => query.slice(0, -1));
      return;
    }
    if (event.key.length !== 1) return stop(); // Escape, an arrow, Tab, Enter: not typing a search
    event.preventDefault();
    event.stopImmediatePropagation();
    edit((query) => query + event.key);
  }
  const timer = setTimeout(stop, HOLD_MS);
  window.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocus, true);
  return stop;
}
