/**
 * Settings → Proxy (#26.4): a proxy typed by hand with its login, checked and kept; the password never shown again;
 * this computer (the service on loopback) is never reached through a proxy. The routes themselves (environment, manual
 * with a login, refusals, the OS certificate store) are proved against a real proxy in test/unit/core/network.test.ts.
 */
import { expect, SettingsPage, test } from './fixtures';

test('a proxy set by hand: checked, saved with its login, the password never shown again', async ({
  page,
  app,
  service,
}) => {
  await app.connect(service);
  const settings = new SettingsPage(page);
  await settings.goto();
  const section = page.getByRole('region', { name: 'Proxy' });
  await expect(section.getByRole('radio', { name: 'This computer’s settings' })).toBeChecked();
  await expect(section).toContainText(/requests go directly|Uses the proxy set for this computer’s programs/);

  await section.getByText('Set by hand').click();
  const address = section.getByRole('textbox', { name: 'Proxy address' });
  await address.fill('http://till:secret@proxy.example:3128');
  await section.getByRole('button', { name: 'Apply proxy setting' }).click();
  await expect(section.getByText('Put the user name and password in their own fields')).toBeVisible();

  await address.fill('127.0.0.1:9');
  await section.getByRole('textbox', { name: 'Proxy user name' }).fill('till');
  await section.getByLabel('Proxy password').fill('pr0xy-Secret-9');
  await section.getByRole('button', { name: 'Apply proxy setting' }).click();
  await expect(section.getByRole('status', { name: 'Proxy setting saved' })).toBeVisible();

  for (const [width, height] of [
    [1366, 768],
    [1024, 700],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: `reports/screens/proxy-${width}x${height}-${scheme}.png`,
        animations: 'disabled',
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // after a reload: kept, the address as checked, the password only said to be there
  await page.reload();
  await settings.goto();
  const again = page.getByRole('region', { name: 'Proxy' });
  await expect(again.getByRole('radio', { name: 'Set by hand' })).toBeChecked();
  await expect(again.getByRole('textbox', { name: 'Proxy address' })).toHaveValue('http://127.0.0.1:9');
  await expect(again.getByRole('textbox', { name: 'Proxy user name' })).toHaveValue('till');
  await expect(again.getByLabel('Proxy password')).toHaveValue('');
  await expect(again.getByLabel('Proxy password')).toHaveAttribute('placeholder', 'Saved — type to replace');
  expect(await page.content()).not.toContain('pr0xy-Secret-9');

  // the service on this computer is reached directly, whatever the proxy
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'connected');
});
