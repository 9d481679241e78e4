import { expect, indicator, SettingsPage, test } from './fixtures';

test('fresh start offers demo data, connects, and Settings says demo is in use', async ({ page, app }) => {
  await app.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  await expect(indicator(page)).toHaveAttribute('data-state', 'unconfigured');
  await app.screenshot('01-welcome');

  await page.getByRole('button', { name: 'Try with demo data' }).click();
  await expect(indicator(page)).toHaveAccessibleName('Connection: Demo data');
  await expect(indicator(page)).toHaveAttribute('data-state', 'online');
  await app.screenshot('02-demo-connected');

  const settings = new SettingsPage(page);
  await settings.goto();
  await expect(page.getByRole('note').filter({ hasText: 'Demo data in use' })).toBeVisible();
  await app.screenshot('03-settings-demo');

  // with demo data, a new order can be entered at once
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Customer' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Find a customer' })).toBeFocused();
});

test('a separately started service: test connection, save, online', async ({ page, app, service }) => {
  await app.open();
  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.fill(service.url, service.token);
  await settings.test();
  await expect(settings.result()).toContainText('Connected: 321 products');
  await app.screenshot('04-settings-connected');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Save result' })).toBeVisible();
  await expect(indicator(page)).toHaveAccessibleName('Connection: Online');
  // the token field is emptied and never shown again; the renderer only knows one is set
  await expect(settings.token()).toHaveValue('');
  await expect(settings.token()).toHaveAttribute('placeholder', /token is saved/);
  // where the token is kept is said once: the browser host's own note, without the general line repeating it
  const storage = page.getByRole('heading', { name: 'Token storage' }).locator('..');
  await expect(storage).toContainText('only your user account can read');
  await expect(storage).not.toContainText('The token is kept in a local file.');

  // settings survive a reload (and the core keeps them on disk)
  await page.reload();
  await settings.goto();
  await expect(settings.address()).toHaveValue(service.url);
});

test('a wrong token is named as such', async ({ page, app, service }) => {
  await app.open();
  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.fill(service.url, 'not-the-token');
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'wrong_token');
  await expect(settings.result()).toContainText('Wrong token');
  await app.screenshot('05-settings-wrong-token');
});

test('an unreachable address is named as such', async ({ page, app }) => {
  await app.open();
  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.fill('http://127.0.0.1:9', 'any-token');
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'unreachable');
  await expect(settings.result()).toContainText('Address unreachable');
  await app.screenshot('06-settings-unreachable');
});

test('an insecure address is refused, and something else at the address is not taken for the service', async ({
  page,
  app,
}) => {
  await app.open();
  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.fill('http://shop.example.com', 'any-token');
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'insecure_url');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Plain http:\/\/ would send the token unencrypted/).first()).toBeVisible();
  await app.screenshot('07-settings-insecure');

  // the browser host itself answers HTTP, but it is no Order and Product service
  await settings.fill(app.host.url, 'any-token');
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'not_service');
});
