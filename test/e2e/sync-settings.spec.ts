/**
 * Settings → Sync (#16): the default intervals with the load they cause on the shop's service, a choice that changes
 * both (4 hours for the catalogue is still offered), and no serious or critical axe finding in either theme.
 * Screenshots at 1366×768 and 1024×700, light and dark, go to reports/screens/16-settings-sync-*.png.
 */
import { axeOn } from './axe';
import path from 'node:path';
import { ask } from '../support/ask';
import { expect, REPORTS, test } from './fixtures';

const HOUR = 3_600_000;

test('Settings → Sync shows the defaults and their load, a choice changes both, nothing serious for axe', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced'); // ends on Settings
  const sync = page.getByRole('region', { name: 'Sync' });
  const catalogue = sync.getByRole('combobox', { name: 'Catalogue' });
  await expect(sync.getByRole('combobox', { name: 'New orders' })).toHaveValue('Every minute');
  await expect(sync.getByRole('combobox', { name: 'All orders' })).toHaveValue('Every hour');
  await expect(catalogue).toHaveValue('Every 5 hours');
  // 321 products and 40 orders, 15 to a page: 22 product pages every 5 hours, 3 order pages hourly and the newest
  // page or two every minute
  const load = sync.getByTestId('sync-load');
  await expect(load).toContainText('about 4 product pages and 93 order pages an hour');

  await catalogue.click();
  await page.getByRole('option', { name: 'Every 4 hours' }).click();
  await expect(catalogue).toHaveValue('Every 4 hours');
  await expect(load).toContainText('about 6 product pages and 93 order pages an hour');
  expect((await ask(app.core, 'sync:get', {})).settings.catalogueMs).toBe(4 * HOUR);
  await catalogue.click();
  await page.getByRole('option', { name: 'Every 5 hours' }).click();
  await expect(catalogue).toHaveValue('Every 5 hours');
  expect((await ask(app.core, 'sync:get', {})).settings.catalogueMs).toBe(5 * HOUR);

  const findings: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [width, height] of [
      [1366, 768],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await sync.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await page.waitForTimeout(200); // the theme's transition ends
      await page.screenshot({
        path: path.join(REPORTS, `16-settings-sync-${width}x${height}-${theme}.png`),
        animations: 'disabled',
      });
    }
    for (const open of [false, true]) {
      if (open) await catalogue.click();
      const result = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of result.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          findings.push(`${theme}${open ? ', list open' : ''}: ${v.id} (${v.impact}) ${v.nodes[0]?.target.join(' ')}`);
      if (open) await page.keyboard.press('Escape');
    }
  }
  expect(findings, findings.join('\n')).toEqual([]);
});
