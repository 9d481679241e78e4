/**
 * A US-layout scanner on a French (AZERTY), German (QWERTZ) or Dutch computer (issue #29): its keys type `&é"'(…`
 * for digits, swap Y and Z, turn `-` into `ß` or `/`; Shopdesk reads the code from the physical keys. Scans go in as
 * the browser gets them from such a keyboard (CDP key events with the scanner's `code` and the layout's `key` and
 * text), ended by Enter or by Tab.
 */
import type { Page } from '@playwright/test';
import type { ProductRow } from '../../shared/domain';
import { DEFAULT_SCANNER } from '../../shared/scanner-prefs';
import { ask } from '../support/ask';
import { stockedProducts } from './counter';
import { expect, test } from './fixtures';
import { scanOn } from './scanner';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Product' });
const lines = (page: Page) =>
  page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d+: / });

test('Stock: AZERTY scans open their products, from the search box (Enter) and the list (Tab); said once', async ({
  page,
  app,
  service,
  t,
}) => {
  await app.connect(service, 'synced');
  const [a, b] = (await stockedProducts(app, 2)) as [ProductRow, ProductRow];
  await nav(page).getByRole('link', { name: 'Stock' }).click();
  const search = page.getByLabel('Search products');
  await expect(search).toBeFocused();
  const notice = page.getByText(t('scanner.layoutDiffers'));

  // into the search box: the product opens, the box is left empty (no "&é…"), and the difference is said
  await scanOn(page, a.barcode, 'azerty');
  await expect(panel(page).getByRole('heading', { name: a.name })).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(notice).toBeVisible();
  await expect.poll(async () => (await ask(app.core, 'ui:get', {})).scannerLayoutNoticed).toBe(true);
  await page.getByRole('alert').filter({ has: notice }).getByRole('button').click();
  await expect(notice).toHaveCount(0);

  // on the list, ended by Tab: the next product opens, and nothing is said again
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  const list = page.getByRole('grid', { name: 'Products' });
  await list.focus();
  await expect(list).toBeFocused();
  await scanOn(page, b.barcode, 'azerty', 'Tab');
  await expect(panel(page).getByRole('heading', { name: b.name })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // a code the catalogue does not know: the box holds the code itself, and the answer names it
  await page.keyboard.press('Escape');
  await search.focus();
  await scanOn(page, '4000000000006', 'azerty');
  await expect(search).toHaveValue('4000000000006');
  await expect(page.getByRole('alert').filter({ hasText: '“4000000000006”' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // the next scan into the box that still holds that code opens its own product (it was looked up as one code with
  // the code before it: "40000000000064006…" found nothing)
  await scanOn(page, a.barcode, 'us');
  await expect(panel(page).getByRole('heading', { name: a.name })).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('alert').filter({ hasText: `4000000000006${a.barcode}` })).toHaveCount(0);
});

test('wizard: scans from AZERTY, QWERTZ and Dutch keyboards add the right products, ended by Enter or Tab', async ({
  page,
  app,
  service,
  t,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [a, b, c] = (await stockedProducts(app, 3)) as [ProductRow, ProductRow, ProductRow];
  // the scanner sends its symbology identifier (]E0) first, taken off as Settings → Scanner says
  const scanner = { ...DEFAULT_SCANNER, stripAim: true };
  expect((await app.core.dispatch('ui:set', { scanner })).ok).toBe(true);
  await page.reload();
  await nav(page).getByRole('link', { name: 'New order' }).click();
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
  const barcode = page.getByLabel('Scan a barcode');
  await barcode.focus();

  // into "Scan a barcode" from a French keyboard
  await scanOn(page, a.barcode, 'azerty');
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).nth(0)).toContainText(a.sku);
  await expect(barcode).toHaveValue('');
  await expect(barcode).toBeFocused();
  await expect(page.getByText(t('scanner.layoutDiffers'))).toBeVisible();

  // into "Find a product" from a German keyboard, the scanner ending with Tab: the focus stays
  const picker = page.getByRole('combobox', { name: 'Find a product' });
  await picker.focus();
  await scanOn(page, b.barcode, 'qwertz', 'Tab');
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(1)).toContainText(b.sku);
  await expect(picker).toHaveValue('');
  await expect(picker).toBeFocused();

  // a SKU (its "-" is "/" on a Dutch keyboard, ")" on a French one) into "Scan a barcode", and again into a quantity
  await barcode.focus();
  await scanOn(page, c.sku, 'dutch');
  await expect(lines(page)).toHaveCount(3);
  await expect(lines(page).nth(2)).toContainText(c.sku);
  await expect(barcode).toHaveValue('');
  const quantityA = page.getByLabel(`Quantity of ${a.sku}`);
  await quantityA.focus();
  await scanOn(page, c.sku, 'azerty');
  await expect(page.getByLabel(`Quantity of ${c.sku}`)).toHaveValue('2');
  await expect(quantityA).toHaveValue('1');
  await expect(lines(page)).toHaveCount(3);

  // "]E0" and the code from a German keyboard, whose ] types + (the key that adds the last line again, #29.6): the
  // scan adds its own product, read whole, and the last line is not repeated; into the barcode field and outside one
  await barcode.focus();
  await scanOn(page, `]E0${a.barcode}`, 'qwertz');
  await expect(quantityA).toHaveValue('2');
  await expect(barcode).toHaveValue('');
  await page.getByRole('button', { name: `Move ${c.sku} up` }).focus();
  await scanOn(page, `]E0${a.barcode}`, 'qwertz');
  await expect(quantityA).toHaveValue('3');
  await expect(page.getByLabel(`Quantity of ${c.sku}`)).toHaveValue('2');
  await expect(lines(page)).toHaveCount(3);
  await expect(page.getByText(/^No product with barcode|^Misread/)).toHaveCount(0);
});

test('palette: scans from AZERTY and QWERTZ keyboards find their products, a 5* before one adds five; the screen underneath does not take them', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [a, b] = (await stockedProducts(app, 2)) as [ProductRow, ProductRow];
  const box = page.getByRole('searchbox', { name: 'Go to' }).or(page.getByRole('textbox', { name: 'Go to' }));
  await nav(page).getByRole('link', { name: 'Orders', exact: true }).click();

  // a US scanner on a French keyboard: the box holds the code (not “&é…”), and its product is the one to add
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await scanOn(page, a.barcode, 'azerty');
  await expect(box).toHaveValue(a.barcode);
  await expect(page.getByRole('button', { name: `Add to order: ${a.sku} — ${a.name}` })).toBeVisible();

  // "5*" typed, then a SKU scanned from a German keyboard (its "-" types ß there), ended by Tab: five of it
  await box.fill('');
  await page.keyboard.type('5*');
  await scanOn(page, b.sku, 'qwertz', 'Tab');
  await expect(box).toHaveValue(`5* ${b.sku}`);
  await expect(box).toBeFocused();
  await page.getByRole('button', { name: `Add 5 × to order: ${b.sku} — ${b.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${b.sku}`)).toHaveValue('5');
  await expect(lines(page)).toHaveCount(1);

  // over the Items step: the scan is the palette's (a search), the order gets no line until it is added from there
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await scanOn(page, a.barcode, 'azerty');
  await expect(box).toHaveValue(a.barcode);
  await expect(lines(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Add to order: ${a.sku} — ${a.name}` }).click();
  await expect(lines(page)).toHaveCount(2);
  await expect(page.getByLabel(`Quantity of ${a.sku}`)).toHaveValue('1');

  // a code whose check digit fails: the palette says to scan again
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await scanOn(page, '4006381333932', 'azerty');
  await expect(page.getByRole('alert', { name: 'Scan again' })).toContainText(
    'Misread — scan again: “4006381333932” fails its check digit.',
  );
});
