/** The computer the renderer runs on, as far as the keys shown to staff depend on it. */

/** A Mac (its shortcuts use ⌘ where others use Ctrl). */
export const MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The modifier of the app's shortcuts as printed beside them. */
export const MOD = MAC ? '⌘' : 'Ctrl';
