/**
 * Quantity before a scan (#29.6): digits and `*` on the Items step set the next scan's or pick's quantity, shown as
 * "next: × 5" until used; a misread leaves it for the next scan; `+` adds the last line's product again; the palette's
 * "Add to order" takes "2* …" the same way. What goes out is one POST with those quantities.
 */
import type { Page } from '@playwright/test';
import { ask } from '../support/ask';
import { counterShop } from './counter';
import { expect, test } from './fixtures';
import { scan } from './scanner';

const stepTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });
const lines = (page: Page) =>
  page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d+: / });
const next = (page: Page) => page.getByRole('status').filter({ hasText: /^next: × / });

test('5* then a scan adds five, in one POST; + repeats the last line; a misread keeps the quantity; the palette takes 2*', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  const { products, customer } = await counterShop(app, service, 'Quantity Shop');
  const [a, b, c, d] = products as [
    (typeof products)[0],
    (typeof products)[0],
    (typeof products)[0],
    (typeof products)[0],
  ];
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
  await page.getByRole('combobox', { name: 'Find a customer' }).fill(customer.name);
  await expect(page.getByRole('listbox', { name: 'Customers' }).getByRole('option').first()).toContainText(
    customer.email,
  );
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 2 of 5: Delivery address');
  await page.keyboard.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  const barcode = page.getByRole('textbox', { name: 'Scan a barcode' });
  await expect(barcode).toBeFocused();

  // 5* in the barcode field: shown until the scan uses it, the field left empty for the scan
  await page.keyboard.type('5*');
  await expect(next(page)).toHaveText('next: × 5');
  await expect(barcode).toHaveValue('');
  await scan(page, a.barcode);
  await expect(lines(page)).toHaveCount(1);
  await expect(page.getByLabel(`Quantity of ${a.sku}`)).toHaveValue('5');
  await expect(next(page)).toHaveCount(0);

  // + adds the last line's product again; 2* then + adds two more of it
  await scan(page, b.barcode);
  await expect(page.getByLabel(`Quantity of ${b.sku}`)).toHaveValue('1');
  await page.keyboard.type('+');
  await expect(page.getByLabel(`Quantity of ${b.sku}`)).toHaveValue('2');
  await page.keyboard.type('2*');
  await expect(next(page)).toHaveText('next: × 2');
  await page.keyboard.type('+');
  await expect(page.getByLabel(`Quantity of ${b.sku}`)).toHaveValue('4');
  await expect(barcode).toHaveValue('');
  await expect(lines(page)).toHaveCount(2);

  // in "Find a product": 3*; a misread scan leaves it for the next scan
  const picker = page.getByRole('combobox', { name: 'Find a product' });
  await picker.focus();
  await page.keyboard.type('3×');
  await expect(next(page)).toHaveText('next: × 3');
  await expect(picker).toHaveValue('');
  await scan(page, '4000000000000');
  await expect(page.getByText('Misread — scan again: “4000000000000” fails its check digit.')).toBeVisible();
  await expect(next(page)).toHaveText('next: × 3');
  await scan(page, c.barcode);
  await expect(page.getByLabel(`Quantity of ${c.sku}`)).toHaveValue('3');
  await expect(next(page)).toHaveCount(0);

  // "2*" and the scan straight after it, a scanner's pause apart: the quantity is taken, the code read whole (a product
  // of its own, so the first line keeps the 5 its "5*" gave, as the POST shows)
  await expect(picker).toBeFocused();
  await scan(page, d.barcode, { typedBefore: '2*' });
  await expect(page.getByLabel(`Quantity of ${d.sku}`)).toHaveValue('2');
  await expect(page.getByLabel(`Quantity of ${a.sku}`)).toHaveValue('5');
  await expect(page.getByText(/^No product with barcode|^Misread/)).toHaveCount(0);
  await expect(picker).toHaveValue('');
  await expect(next(page)).toHaveCount(0);

  // outside any field (a line's button): 9* then its button forgets it
  await page.getByRole('button', { name: `Move ${c.sku} up` }).focus();
  await page.keyboard.type('9*');
  await expect(next(page)).toHaveText('next: × 9');
  await page.getByRole('button', { name: 'Forget the quantity 9 for the next scan' }).click();
  await expect(next(page)).toHaveCount(0);

  // the palette: "2* <sku>" adds two
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('searchbox', { name: 'Go to' }).or(page.getByRole('textbox', { name: 'Go to' }));
  await palette.fill(`2* ${c.sku}`);
  await page.getByRole('button', { name: `Add 2 × to order: ${c.sku} — ${c.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${c.sku}`)).toHaveValue('5');
  await expect(lines(page)).toHaveCount(4);

  // one POST with the quantities: the 5 of "5*" then a scan, exactly
  const postsBefore = service.stats().orderPosts;
  await page.getByRole('textbox', { name: 'Scan a barcode' }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible({ timeout: 20_000 });
  expect(service.stats().orderPosts).toBe(postsBefore + 1);
  const sent = (await ask(app.core, 'outbox:list', {})).entries[0]!;
  expect(sent.order.order_items).toEqual([
    { id: a.id, quantity: 5 },
    { id: b.id, quantity: 4 },
    { id: c.id, quantity: 5 },
    { id: d.id, quantity: 2 },
  ]);
});
