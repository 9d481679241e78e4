/**
 * A USB barcode scanner as the app meets one: the code's keys and Enter, each stamped a few milliseconds after the one
 * before, as the operating system stamps a real scanner's keys whatever the page is busy with. (Playwright's
 * keyboard.type waits for the page to handle each key before it sends the next, so a page busy drawing a field's
 * change spreads its keys over tens or hundreds of milliseconds: a person's pace, not a scanner's.) The keys go through
 * the browser's input pipeline (CDP Input.dispatchKeyEvent), so they are trusted and typed like any other.
 */
import type { CDPSession, Page } from '@playwright/test';

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

export async function scan(page: Page, code: string): Promise<void> {
  const cdp = await sessionOf(page);
  let at = Date.now() / 1000;
  const next = (): number => (at += KEY_MS / 1000);
  for (const ch of code) {
    const key = { key: ch, text: ch, unmodifiedText: ch, windowsVirtualKeyCode: keyCode(ch) };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, timestamp: next() });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp: at + 0.001 });
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' };
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, timestamp: next() });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: at + 0.001 });
}
