// @vitest-environment jsdom
/**
 * Keys typed after Ctrl/Cmd+K go to the palette until its search box has the focus, and never after that: the clean-
 * clone run lost a favourites-grid "1" to a hold that had outlived its palette (every key of the search had come before
 * the box had the focus, so nothing ended it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MS, holdKeysForPalette } from '../../../renderer/src/components/paletteKeys';

function press(
  key: string,
  init: KeyboardEventInit = {},
  target: EventTarget = document.activeElement ?? document.body,
) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('keys held for the palette', () => {
  let query = '';
  let field: HTMLInputElement;
  let pageKeys: string[];
  const edit = (change: (q: string) => string): void => {
    query = change(query);
  };
  const onPage = (e: KeyboardEvent): void => void pageKeys.push(e.key);

  beforeEach(() => {
    vi.useFakeTimers();
    query = '';
    pageKeys = [];
    document.body.innerHTML = '<input id="under"><input id="box" data-palette-search>';
    field = document.getElementById('under') as HTMLInputElement;
    field.focus();
    window.addEventListener('keydown', onPage);
  });
  afterEach(() => {
    window.removeEventListener('keydown', onPage);
    vi.useRealTimers();
  });

  it('takes printable keys (and Backspace) into the query while the box is not there, none to the page', () => {
    holdKeysForPalette(edit);
    for (const key of ['1', '0', '2', 'x']) expect(press(key).defaultPrevented).toBe(true);
    press('Backspace');
    press('Shift'); // a capital's Shift neither ends it nor types
    press('A', { shiftKey: true });
    expect(query).toBe('102A');
    expect(pageKeys).toEqual(['Shift']); // a lone Shift does nothing on the page
  });

  it('ends when the box takes the focus, though no key came after', () => {
    holdKeysForPalette(edit);
    press('5');
    (document.getElementById('box') as HTMLInputElement).focus();
    field.focus(); // the palette closed, the focus back on the page
    press('1');
    expect(query).toBe('5');
    expect(pageKeys).toEqual(['1']);
  });

  it('ends when the palette closes (the stop it returns), and a second stop is harmless', () => {
    const stop = holdKeysForPalette(edit);
    press('7');
    stop();
    stop();
    press('1');
    expect(query).toBe('7');
    expect(pageKeys).toEqual(['1']);
  });

  it('ends at a key no search types: Escape, an arrow, a shortcut — which go to the page', () => {
    for (const [key, init] of [
      ['Escape', {}],
      ['ArrowDown', {}],
      ['ArrowRight', { altKey: true }],
      ['s', { ctrlKey: true }],
    ] as const) {
      query = '';
      pageKeys = [];
      holdKeysForPalette(edit);
      press(key, init);
      press('1');
      expect(query, key).toBe('');
      expect(pageKeys, key).toEqual([key, '1']);
    }
  });

  it('ends by itself after five seconds', () => {
    holdKeysForPalette(edit);
    vi.advanceTimersByTime(HOLD_MS + 1);
    press('1');
    expect(query).toBe('');
    expect(pageKeys).toEqual(['1']);
  });
});
