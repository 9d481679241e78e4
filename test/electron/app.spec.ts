/**
 * Electron itself: launch with a temporary user data folder, window opens, preload exposes window.shopdesk,
 * no Node in the page. Skips where the Electron binary cannot be obtained (these development machines).
 */
import { _electron as electron, expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const binary = electronBinary();

test.describe('Electron app', () => {
  test.skip(binary === null, 'Electron binary not available');

  test('launches, opens the window, exposes only window.shopdesk', async () => {
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-electron-'));
    const app = await electron.launch({ executablePath: binary!, args: ['.', `--user-data-dir=${userData}`] });
    try {
      const window = await app.firstWindow();
      await expect(window.getByText('Shopdesk').first()).toBeVisible();
      expect(await window.evaluate(() => typeof (window as unknown as { shopdesk?: unknown }).shopdesk)).toBe('object');
      expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    } finally {
      await app.close();
      fs.rmSync(userData, { recursive: true, force: true });
    }
  });
});
