/**
 * Electron itself, through Playwright's _electron: launch with a temporary user data folder, the web preferences
 * of the security checklist, no Node in the page, navigation and window.open blocked, the token round trip through
 * Settings, and the single-instance lock. The binary is obtained as `npm start` obtains it (Playwright's global setup,
 * test/support/electron-setup.ts: Electron's own download where it is missing); they skip only where it truly cannot
 * be had (offline, blocked), and say why.
 */
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService } from '../../server/index';
import { electronForTests } from '../support/electron-setup';

const { binary, reason } = await electronForTests();
const SENTINEL = 'sentinel-token-7f3a9c-never-anywhere';

async function launch(userData: string): Promise<ElectronApplication> {
  return electron.launch({ executablePath: binary!, args: ['.', `--user-data-dir=${userData}`] });
}

/** Every file under a folder, as text, to look for the token. */
function allText(dir: string): string {
  let text = '';
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try {
      text += fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1');
    } catch {
      // locked files (e.g. Chromium's) are skipped
    }
  }
  return text;
}

test.describe('Electron app', () => {
  test.skip(binary === null, `Electron not available here: ${reason}`);
  let userData = '';
  test.beforeEach(() => {
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-electron-'));
  });
  test.afterEach(() => fs.rmSync(userData, { recursive: true, force: true }));

  test('launches with the secure web preferences; no Node in the page; only window.shopdesk', async () => {
    const app = await launch(userData);
    try {
      const window = await app.firstWindow();
      await expect(window.getByText('Shopdesk').first()).toBeVisible();
      // the options themselves are unit-tested (window-options.ts); here their effect in the real page:
      // context isolation keeps the preload's world apart, the sandbox leaves no Node in the page
      expect(await window.evaluate(() => typeof (window as unknown as { shopdesk?: unknown }).shopdesk)).toBe('object');
      expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
      expect(
        await window.evaluate(() => Object.keys((window as unknown as { shopdesk: object }).shopdesk).sort()),
      ).toEqual(['invoke', 'on']);
    } finally {
      await app.close();
    }
  });

  test('navigation away and window.open are blocked', async () => {
    const app = await launch(userData);
    try {
      const page = await app.firstWindow();
      await expect(page.getByText('Shopdesk').first()).toBeVisible();
      const before = page.url();
      await page.evaluate(() => {
        window.location.href = 'https://example.com/';
      });
      await page.waitForTimeout(500);
      expect(page.url()).toBe(before);
      const opened = await page.evaluate(() => window.open('https://example.com/') === null);
      expect(opened).toBe(true);
      await page.evaluate(() => window.open('file:///etc/passwd'));
      await page.waitForTimeout(300);
      expect(app.windows()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  test('the token goes in through Settings, works, and is nowhere in plain text', async () => {
    const service = await startService({ token: SENTINEL, products: 30, orders: 5 });
    const app = await launch(userData);
    try {
      const window = await app.firstWindow();
      await window.getByRole('link', { name: 'Settings' }).click();
      await window.getByLabel('Service address').fill(service.url);
      await window.getByLabel('API token').fill(SENTINEL);
      await window.getByRole('button', { name: 'Save', exact: true }).click();
      const keep = window.getByRole('button', { name: 'Keep it in memory until Shopdesk quits' });
      if (await keep.isVisible().catch(() => false)) await keep.click(); // a Linux box without a keyring
      await expect(window.getByRole('status', { name: /^Connection:/ })).toHaveAccessibleName('Connection: Online');
      expect(await window.content()).not.toContain(SENTINEL);
      const storage = await window.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      );
      expect(storage).not.toContain(SENTINEL);
    } finally {
      await app.close();
      await service.close();
    }
    expect(allText(userData)).not.toContain(SENTINEL);
  });

  test('a second launch focuses the first window instead of opening another app', async () => {
    const first = await launch(userData);
    try {
      await first.firstWindow();
      const second = await launch(userData).catch(() => null);
      if (second) {
        // the second instance quits at once; give it the moment it needs
        await expect.poll(() => second.windows().length, { timeout: 5_000 }).toBe(0);
        await second.close().catch(() => undefined);
      }
      expect(first.windows()).toHaveLength(1);
      const focused = await first.evaluate(({ BrowserWindow }) => BrowserWindow.getFocusedWindow() !== null);
      expect(focused).toBe(true);
    } finally {
      await first.close();
    }
  });
});
