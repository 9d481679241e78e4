/**
 * A scan is a scan everywhere in the order-entry wizard (#27.2): a scanner's burst ending in Enter adds exactly one
 * line whether the focus is in "Find a product", a quantity or the Customer step's fields, and is never typed into the
 * field; on the Customer step it waits (shown, and kept through a reload) until a customer is chosen. A person typing
 * digits at 150 ms a key is typing.
 */
import type { Page } from '@playwright/test';
import type { ProductRow } from '../../shared/domain';
import { ask } from '../support/ask';
import { stockedProducts } from './counter';
import { expect, test } from './fixtures';
import { scan } from './scanner';

const stepTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });
const lines = (page: Page) =>
  page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d+: / });

test('a scan on the Customer step waits for the customer; in the picker and a quantity it adds one line; typing stays typing', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [a, b, c, d] = (await stockedProducts(app, 4)) as [ProductRow, ProductRow, ProductRow, ProductRow];
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');

  // in the customer search: held, not typed, and no empty "New customer" form
  const search = page.getByRole('combobox', { name: 'Find a customer' });
  await expect(search).toBeFocused();
  await scan(page, a.barcode);
  await expect(page.getByRole('status').filter({ hasText: '1 scan waiting' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: a.barcode })).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
  await expect(page.getByLabel('Customer name')).toHaveCount(0);

  // held in the draft: a reload keeps it
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved on this computer' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '1 scan waiting' })).toBeVisible();

  // in a new customer's name field: held too, the name field stays empty
  await page.getByRole('combobox', { name: 'Find a customer' }).focus();
  await page.keyboard.press('Enter'); // "New customer"
  const name = page.getByLabel('Customer name');
  await expect(name).toBeFocused();
  await scan(page, b.barcode);
  await expect(page.getByRole('status').filter({ hasText: '2 scans waiting' })).toBeVisible();
  await expect(name).toHaveValue('');
  await app.screenshot('27-scans-waiting');

  // the customer chosen: both become lines, once each
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Tab');
  await page.keyboard.type('grace@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+1 202 555 0100');
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 2 of 5: Delivery address');
  await expect(page.getByRole('status').filter({ hasText: /scans? waiting/ })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Added ${b.sku}` })).toBeVisible();
  await page.getByLabel('Address line 1').fill('1 Navy Yard');
  await page.getByLabel('Postcode').fill('20374');
  await page.getByLabel('City').fill('Washington');
  await page.getByLabel('Province or state').fill('DC');
  await page.getByRole('combobox', { name: 'Country' }).focus();
  await page.keyboard.type('united states');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(0)).toContainText(a.sku);
  await expect(lines(page).nth(1)).toContainText(b.sku);

  // in "Find a product": one line, and the picker is left empty
  const picker = page.getByRole('combobox', { name: 'Find a product' });
  await picker.focus();
  await scan(page, c.barcode);
  await expect(lines(page)).toHaveCount(3);
  await expect(lines(page).nth(2)).toContainText(c.sku);
  await expect(picker).toHaveValue('');
  await expect(picker).toBeFocused();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');

  // in a quantity field: one line, the quantity untouched and no message under it
  const quantityA = page.getByLabel(`Quantity of ${a.sku}`);
  await quantityA.focus();
  await scan(page, d.barcode);
  await expect(lines(page)).toHaveCount(4);
  await expect(lines(page).nth(3)).toContainText(d.sku);
  await expect(quantityA).toHaveValue('1');
  await expect(quantityA).toBeFocused();
  await expect(page.getByText('Enter a whole number from 1 to')).toHaveCount(0);
  // the same product again from there: its quantity goes up, no new line
  await scan(page, c.barcode);
  await expect(page.getByLabel(`Quantity of ${c.sku}`)).toHaveValue('2');
  await expect(lines(page)).toHaveCount(4);
  await expect(quantityA).toHaveValue('1');
  // an unknown code says so with the code, and types nothing
  await scan(page, '4000000000006');
  await expect(page.getByText('Not in the catalogue: no product with barcode or SKU “4000000000006”')).toBeVisible();
  const misreadCue = page.getByRole('alert', { name: 'Scan again' });
  await expect(misreadCue).toHaveCount(0);
  await expect(page.getByLabel('Scan a barcode')).toHaveAttribute('aria-invalid', 'true');
  await expect(quantityA).toHaveValue('1');
  // a code whose check digit is wrong was misread (#29.3): scan again, never "not in the catalogue", and said with a
  // cue of its own (an alert named "Scan again", the scanner's icon), the barcode field not marked wrong
  await scan(page, '4000000000000');
  await expect(page.getByText('Misread — scan again: “4000000000000” fails its check digit.')).toBeVisible();
  await expect(misreadCue).toContainText('Misread — scan again: “4000000000000” fails its check digit.');
  await expect(misreadCue).toHaveAttribute('data-cue', 'misread');
  await expect(misreadCue.locator('svg').first()).toBeVisible();
  await expect(page.getByLabel('Scan a barcode')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Not in the catalogue')).toHaveCount(0);
  await expect(quantityA).toHaveValue('1');
  await expect(lines(page)).toHaveCount(4);

  // a person typing digits at 150 ms a key is typing: the quantity is what they typed, no line is added
  const quantityD = page.getByLabel(`Quantity of ${d.sku}`);
  await quantityD.selectText();
  await page.keyboard.type('1234', { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 4 of 5: Prices and dates');
  await page.getByRole('button', { name: /^Back/ }).click();
  await expect(page.getByLabel(`Quantity of ${d.sku}`)).toHaveValue('1234');
  await expect(lines(page)).toHaveCount(4);

  // what goes out: each scan once
  await page.keyboard.press('Control+Enter');
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible({ timeout: 20_000 });
  const sent = (await ask(app.core, 'outbox:list', {})).entries[0]!;
  expect(sent.order.order_items).toEqual([
    { id: a.id, quantity: 1 },
    { id: b.id, quantity: 1 },
    { id: c.id, quantity: 2 },
    { id: d.id, quantity: 1234 },
  ]);
});
