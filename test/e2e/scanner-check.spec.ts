/**
 * Settings → Scanner's check (#29.2): a US-layout scanner on a French computer, set to end its codes with Tab, scans the
 * test sheet's EAN-13 into the check; Shopdesk shows what arrived (the code read right, the layout differing, Tab, the
 * pace, EAN-13 with a right check digit) and proposes Tab, which is saved; its Tab-ended scans are then read in any
 * field of the wizard. A prefix set by hand is taken off on Stock. The test sheet prints on A4 with one code of each
 * kind, as vector bars.
 */
import type { Page } from '@playwright/test';
import type { ProductRow } from '../../shared/domain';
import { ask } from '../support/ask';
import { typedText, usScannerKeys } from '../support/layouts';
import { stockedProducts } from './counter';
import { expect, test } from './fixtures';
import { compact, printA4 } from './pdf';
import { pseudoText } from './pseudo';
import { scanOn } from './scanner';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const lines = (page: Page) =>
  page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d+: / });
const row = (page: Page, name: string) =>
  page.getByRole('table', { name: 'What the scanner sent' }).getByRole('row', { name: new RegExp(`^${name}`) });

test('the check reads a Tab-ending scanner on AZERTY, proposes Tab and saves it; its scans then end in any field', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  await app.connect(service, 'synced');
  const [a, b] = (await stockedProducts(app, 2)) as [ProductRow, ProductRow];
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  const field = page.getByRole('textbox', { name: 'Scan a barcode here' });
  await field.focus();
  await scanOn(page, '4006381333931', 'azerty', 'Tab');

  await expect(row(page, 'Code')).toContainText('4006381333931');
  await expect(row(page, 'Typed on this computer')).toContainText(typedText(usScannerKeys('4006381333931', 'azerty')));
  await expect(row(page, 'Keyboard layout')).toContainText('differs');
  await expect(row(page, 'End key')).toContainText('Tab');
  await expect(row(page, 'Time between keys')).toContainText('a scanner’s pace');
  await expect(row(page, 'Kind of barcode')).toContainText('EAN-13');
  await expect(row(page, 'Check digit')).toContainText('Right');
  await expect(field).toBeFocused(); // the Tab ended the scan and stayed
  await expect(field).toHaveValue('');

  const proposal = page.getByTestId('scan-check-proposal');
  await expect(proposal).toContainText('Codes end with Tab');
  await proposal.getByRole('button', { name: 'Use these settings' }).click();
  await expect(page.getByText('Saved: scans are read with these settings now.')).toBeVisible();
  await expect.poll(async () => (await ask(app.core, 'ui:get', {})).scanner.end).toBe('tab');
  await expect(page.getByRole('combobox', { name: 'A code ends with' })).toHaveValue(
    pseudoText('Codes end with Tab', true),
  );

  // the wizard: a Tab-ended scan into a quantity field (not made for codes) is a scan now, not digits and a Tab
  await nav(page).getByRole('link', { name: 'New order' }).click();
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
  const barcode = page.getByLabel('Scan a barcode');
  await barcode.focus();
  await scanOn(page, a.barcode, 'azerty', 'Tab');
  await expect(lines(page)).toHaveCount(1);
  const quantityA = page.getByLabel(`Quantity of ${a.sku}`);
  await quantityA.focus();
  await scanOn(page, b.barcode, 'azerty', 'Tab');
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(1)).toContainText(b.sku);
  await expect(quantityA).toHaveValue('1');
  await expect(quantityA).toBeFocused();
});

test('a prefix set by hand is taken off a scan on Stock; the test sheet prints one code of each kind on A4', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  await app.connect(service, 'synced');
  const [a] = (await stockedProducts(app, 1)) as [ProductRow];
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  // Settings' later English words (shared/i18n/areas.ts) came with its chunk: no key shows in their place
  await expect(page.getByRole('heading', { name: 'Check a scanner' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\b(?:scanCheck|proxy|sessions|support|labels)\.[A-Za-z]/);
  const prefix = page.getByRole('textbox', { name: 'Prefix before each code' });
  await prefix.fill('a b');
  await expect(page.getByText('Up to 8 characters, no spaces')).toBeVisible();
  await prefix.fill('X');
  await expect.poll(async () => (await ask(app.core, 'ui:get', {})).scanner.prefix).toBe('X');

  await page.getByRole('button', { name: 'Print a test sheet' }).click();
  const preview = page.getByRole('dialog', { name: 'Scanner test sheet' });
  await expect(preview).toBeVisible();
  const root = page.locator('.print-root[data-document="lists"]');
  const formats = await root.locator('svg[data-format]').evaluateAll((svgs) => svgs.map((s) => s.dataset.format));
  expect(formats).toEqual(['EAN13', 'EAN8', 'UPC', 'CODE128', 'EAN13', 'GS1_128']);
  const pdf = await printA4(page, 'scanner-test-sheet.pdf');
  expect(pdf).toHaveLength(1);
  expect(pdf[0]!.widthMm).toBeCloseTo(210, 0);
  expect(pdf[0]!.heightMm).toBeCloseTo(297, 0);
  for (const text of ['4006381333931', '96385074', '036000291452', 'SD-Zy/128', '2100123012343', '(10)LOT42'])
    expect(pdf[0]!.compact, text).toContain(compact(text));
  await preview.getByRole('button', { name: 'Close' }).first().click();

  // Stock: the scanner's X in front of the code is taken off, and its product opens
  await nav(page).getByRole('link', { name: 'Stock' }).click();
  const search = page.getByLabel('Search products');
  await expect(search).toBeFocused();
  await scanOn(page, `X${a.barcode}`, 'us');
  await expect(page.getByRole('dialog', { name: 'Product' })).toContainText(a.sku);
});

test('a German-layout scanner on a German computer: the check proposes German from the test sheet, and SKUs read right', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  await app.connect(service, 'synced');
  const [a] = (await stockedProducts(app, 1)) as [ProductRow];
  const barcode = page.getByLabel('Scan a barcode');
  const openItems = async (): Promise<void> => {
    await nav(page).getByRole('link', { name: 'New order' }).click();
    await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
    await barcode.focus();
  };

  // set to US (the default), the scanner's dash (the key US has / on) was read as "/": its SKU found nothing
  await openItems();
  await scanOn(page, a.sku, 'qwertz', 'Enter', 'qwertz');
  await expect(page.getByText(`No product with barcode or SKU “${a.sku.replace('-', '/')}”`)).toBeVisible();
  await expect(lines(page)).toHaveCount(0);

  // the check: the test sheet's Code 128 (SD-Zy/128, letters and signs the layouts move) tells the layout
  await nav(page).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: 'Scan a barcode here' }).focus();
  await scanOn(page, 'SD-Zy/128', 'qwertz', 'Enter', 'qwertz');
  await expect(row(page, 'Code')).toContainText('SD-Zy/128');
  await expect(row(page, 'Scanner’s layout')).toContainText('German (QWERTZ)');
  const proposal = page.getByTestId('scan-check-proposal');
  await expect(proposal).toContainText('Scanner keyboard layout: German (QWERTZ)');
  await proposal.getByRole('button', { name: 'Use these settings' }).click();
  await expect.poll(async () => (await ask(app.core, 'ui:get', {})).scanner.layout).toBe('de');
  await expect(page.getByRole('combobox', { name: 'Scanner keyboard layout' })).toHaveValue(
    pseudoText('German (QWERTZ)', true),
  );

  // now the same scan adds the product
  await openItems();
  await scanOn(page, a.sku, 'qwertz', 'Enter', 'qwertz');
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).nth(0)).toContainText(a.sku);
  await expect(barcode).toHaveValue('');
});
