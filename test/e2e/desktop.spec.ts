/** The keyboard layer and themes in the real renderer: shortcuts, the "?" overlay, the Ctrl+K palette, dark mode. */
import { ask } from '../support/ask';
import { expect, test } from './fixtures';

test('shortcuts move between screens, "?" lists them, Ctrl+K jumps to an order or a product', async ({
  page,
  app,
  service,
}) => {
  await app.connect(service, 'synced');

  await page.keyboard.press('Control+3');
  await expect(page.getByLabel('Search products')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).first().click(); // focus away from the search box
  await page.keyboard.press('Control+f');
  await expect(page.getByLabel('Search products')).toBeFocused();
  await page.keyboard.press('Control+1');
  await expect(page.getByLabel('Search orders')).toBeVisible();
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await page.keyboard.press('Control+n');
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Customer' })).toBeVisible();
  // typing "?" in a field is just typing
  await page.keyboard.type('Who?');
  await expect(page.getByRole('combobox', { name: 'Find a customer' })).toHaveValue('Who?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('table', { name: 'Keyboard shortcuts' })).toContainText(
    'Go to a screen, order or product',
  );
  await app.screenshot('50-shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // the palette finds a product from the catalogue on this computer and opens its detail
  const [product] = (await ask(app.core, 'catalogue:query', { sort: 'id', offset: 0, limit: 1 })).rows;
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Go to' }).or(page.getByPlaceholder(/Go to a screen/));
  await expect(search.first()).toBeFocused();
  await page.keyboard.type(product!.sku);
  await expect(page.getByText(`${product!.sku} — ${product!.name}`, { exact: true })).toBeVisible();
  await app.screenshot('51-palette');
  await page.getByText(`${product!.sku} — ${product!.name}`, { exact: true }).click();
  // the product panel itself (the closing palette is a dialog showing the name too, for a moment)
  await expect(page.getByRole('dialog', { name: 'Product' }).getByText(product!.name).first()).toBeVisible();

  // and an order, by its customer's name
  const [order] = (await ask(app.core, 'orders:query', { offset: 0, limit: 1 })).rows;
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Product' })).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(search.first()).toBeFocused();
  await expect(search.first()).toHaveValue('');
  await page.keyboard.type(order!.email);
  await page
    .getByText(new RegExp(`— ${order!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    .first()
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Order ${order!.poNumber}`) })).toBeVisible();
});

test('follows the OS dark theme', async ({ page, app }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(150);
  await app.screenshot('52-dark-welcome');
});
