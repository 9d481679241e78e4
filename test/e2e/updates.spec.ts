/**
 * Updates in the window, with the core wired to a stand-in for electron-updater (the browser host itself does not
 * update): Settings → Updates, "Restart to update" in the frame, held back while an order is being entered.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../electron/main/core/index';
import type { Updater } from '../../electron/main/core/updates/index';
import { MemoryVault } from '../../electron/main/core/settings/vault';
import { startWebHost, type WebHost } from '../../electron/web/host';
import { REPORTS } from './fixtures';

let dir: string;
let core: Core;
let host: WebHost;
const installs: number[] = [];
const feedsSet: (string | null)[] = [];

test.beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-e2e-updates-'));
  const updater: Updater = {
    defaultFeed: 'https://updates.shopdesk.example/desktop',
    // a second channel the build allows (#25.7): Settings chooses between the two, and types no address
    otherFeeds: ['https://updates.shopdesk.example/beta'],
    setFeed: (url) => void feedsSet.push(url),
    check: async () => ({ version: '0.2.0' }),
    download: async (progress) => progress(100),
    install: () => void installs.push(Date.now()),
  };
  core = createCore({ dataDir: dir, vault: new MemoryVault(), host: 'browser', version: '0.1.0', updater });
  host = await startWebHost({ core, rendererDir: path.resolve('out/renderer') });
  await core.dispatch('demo:start', {});
});
test.afterEach(async () => {
  await host.close();
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('an update is found in Settings, offered in the frame, held back while an order is entered, then installed', async ({
  page,
}) => {
  installs.length = 0;
  await page.goto(host.loginUrl());
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('heading', { name: 'Updates' }).locator('xpath=../..');
  await expect(section.getByTestId('update-summary')).toHaveText(/Shopdesk 0\.1\.0/);
  await expect(section.getByRole('switch', { name: /Look for updates automatically/ })).toBeChecked();
  await section.getByRole('button', { name: 'Check for updates now' }).click();
  await expect(section.getByTestId('update-summary')).toHaveText(/Version 0\.2\.0 is ready: restart Shopdesk/);
  const restart = page.getByRole('button', { name: 'Restart to update' });
  await expect(restart).toBeVisible();
  fs.mkdirSync(REPORTS, { recursive: true });
  for (const [w, h] of [
    [1366, 768],
    [1024, 700],
  ] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(REPORTS, `updates-settings-${w}x${h}-${scheme}.png`) });
    }
  await page.emulateMedia({ colorScheme: 'light' });

  // staff start an order: the offer steps back and says what it waits for
  await page.keyboard.press('Control+n');
  await expect(page).toHaveURL(/#\/new-order\/[0-9a-f-]{36}/);
  await expect(restart).toBeHidden();
  await expect(page.getByRole('status', { name: 'Update waiting' })).toHaveText('Update ready after this order');
  await page.screenshot({ path: path.join(REPORTS, 'updates-held-back-1366x768-light.png') });
  // a restart asked for meanwhile (another window, a stale button) is refused by main
  expect((await core.dispatch('updates:restart', {})) as { ok: true; value: { holdBack: string } }).toMatchObject({
    ok: true,
    value: { holdBack: 'wizard_open' },
  });
  expect(installs).toEqual([]);

  // the wizard closed: offered again, and pressing it installs
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(restart).toBeVisible();
  await restart.click();
  await expect.poll(() => installs.length).toBe(1);
});

test('checks can be turned off in Settings, and stay off', async ({ page }) => {
  await page.goto(host.loginUrl());
  await page.getByRole('link', { name: 'Settings' }).click();
  const checks = page.getByRole('switch', { name: /Look for updates automatically/ });
  await checks.click();
  await expect(checks).not.toBeChecked();
  await expect
    .poll(
      async () =>
        ((await core.dispatch('updates:status', {})) as { value: { checksEnabled: boolean } }).value.checksEnabled,
    )
    .toBe(false);
  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: /Look for updates automatically/ })).not.toBeChecked();
});

test('the feed is chosen among those the build allows, never typed (#25.7)', async ({ page }) => {
  await page.goto(host.loginUrl());
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  const choice = section.getByRole('radiogroup', { name: 'Where updates come from' });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(
    choice.getByRole('radio', { name: 'https://updates.shopdesk.example/desktop (built in)' }),
  ).toBeChecked();
  // no field to type an address into
  await expect(section.getByRole('textbox')).toHaveCount(0);
  await choice.getByRole('radio', { name: 'https://updates.shopdesk.example/beta' }).check();
  await expect
    .poll(async () => ((await core.dispatch('updates:status', {})) as { value: { feedUrl: string } }).value.feedUrl)
    .toBe('https://updates.shopdesk.example/beta');
  expect(feedsSet.at(-1)).toBe('https://updates.shopdesk.example/beta');
  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(
    page.getByRole('radiogroup', { name: 'Where updates come from' }).getByRole('radio', { name: /beta$/ }),
  ).toBeChecked();
  // an address from outside the build is refused by the core, whoever sends it
  expect(
    await core.dispatch('updates:settings', { checks: true, feedUrl: 'https://updates.elsewhere.example/feed' }),
  ).toMatchObject({ ok: false, error: { facts: { reason: 'feed_not_allowed' } } });
});
