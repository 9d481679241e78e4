/**
 * A USB barcode scanner as the app meets one: the code's keys and Enter, each stamped a few milliseconds after the one
 * before, as the operating system stamps a real scanner's keys whatever the page is busy with. (Playwright's
 * keyboard.type waits for the page to handle each key before it sends the next, so a page busy drawing a field's
 * change spreads its keys over tens or hundreds of milliseconds: a person's pace, not a scanner's.) The keys go through
 * the browser's input pipeline (CDP Input.dispatchKeyEvent), so they are trusted and typed like any other.
 *
 * `scanOn` is a US-layout scanner on a computer with another keyboard layout (issue #29): each key carries the
 * physical key the scanner pressed (`code`, as on a US keyboard, Shift held for a capital) and what that key types on
 * the computer's layout (`key` and the text typed into a field: `&é"'(` for `12345` on AZERTY), and the code may end
 * with Tab, as some scanners are set to. A scanner set to another layout than US (`scanOn`'s `scanner`) presses the
 * keys that type the code on that layout.
 */
import type { CDPSession, Page } from '@playwright/test';
import { scannerKeys, type Layout } from '../support/layouts';

const KEY_MS = 4;
const sessions = new WeakMap<Page, CDPSession>();

async function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

const keyCode = (ch: string): number => (/[0-9A-Z]/i.test(ch) ? ch.toUpperCase().charCodeAt(0) : 0);
/** Windows' virtual key of a physical key (as on a US keyboard). */
const virtualKey = (code: string): number => {
  const digitOrLetter = /^(?:Digit|Key)([0-9A-Z])$/.exec(code);
  if (digitOrLetter) return digitOrLetter[1]!.charCodeAt(0);
  return (
    { ShiftLeft: 16, Minus: 189, Period: 190, Slash: 191, Comma: 188, Semicolon: 186, Equal: 187, BracketRight: 221 }[
      code
    ] ?? 0
  );
};
const SHIFT = 8;
const END_KEYS = {
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' },
  Tab: { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 },
};

export interface ScanOptions {
  /**
   * Keys typed the moment before the scan, stamped on the same clock 4 ms apart (a quantity "2*" then the trigger at
   * once), so that how long the page takes to answer them cannot pull them apart.
   */
  typedBefore?: string;
  /**
   * When the first key is pressed, on the clock press() returns (seconds): a scan begun a set time after a person's
   * key, however long the page took to answer that key. Now when absent.
   */
  at?: number;
}

/** One key pressed now, as a person presses it (a digit: no Shift); returns when, on the clock scan() stamps by. */
export async function press(page: Page, key: string): Promise<number> {
  const cdp = await sessionOf(page);
  const at = Date.now() / 1000;
  const typed = { key, text: key, unmodifiedText: key, windowsVirtualKeyCode: keyCode(key) };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...typed, timestamp: at });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...typed, timestamp: at + 0.08 });
  return at;
}

export async function scan(page: Page, code: string, options: ScanOptions = {}): Promise<void> {
  const cdp = await sessionOf(page);
  let at = options.at ?? Date.now() / 1000;
  const next = (): number => (at += KEY_MS / 1000);
  for (const ch of (options.typedBefore ?? '') + code) {
    const key = { key: ch, text: ch, unmodifiedText: ch, windowsVirtualKeyCode: keyCode(ch) };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp: next() });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp: at + 0.001 });
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, timestamp: next() });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: at + 0.001 });
}

/**
 * A scanner's code on a computer with `layout`, 4 ms a key, ended by `end`; the scanner set to the US layout unless
 * `scanner` names another (a German scanner presses the keys that type the code on a German keyboard).
 */
export async function scanOn(
  page: Page,
  code: string,
  layout: Layout,
  end: 'Enter' | 'Tab' = 'Enter',
  scanner: Layout = 'us',
): Promise<void> {
  const cdp = await sessionOf(page);
  let at = Date.now() / 1000;
  const next = (): number => (at += KEY_MS / 1000);
  for (const k of scannerKeys(code, scanner, layout)) {
    const modifiers = k.shift ? SHIFT : 0;
    const base = { key: k.key, code: k.code, windowsVirtualKeyCode: virtualKey(k.code), modifiers };
    if (k.key === 'Shift') {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...base, timestamp: at + 0.0005 });
      continue;
    }
    const typed = { ...base, text: k.key, unmodifiedText: k.key };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...typed, timestamp: next() });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...typed, timestamp: at + 0.001 });
    if (k.shift) {
      const shift = { key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16, modifiers: 0 };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...shift, timestamp: at + 0.002 });
    }
  }
  const last = END_KEYS[end];
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...last, timestamp: next() });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...last, timestamp: at + 0.001 });
}
