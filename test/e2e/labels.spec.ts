/**
 * #30.5 shelf labels and #30.4 the reorder list, from Stock. Labels for 10 products (one of them 3 times) on an A4
 * sheet of 3 × 8 from place 20 of a half-used sheet, and on a 58 mm roll, printed to PDF at the layout's size: the
 * PDF's pages, sizes and text (each name, each price with its currency, SKUs) and the barcodes' vector bars checked.
 * The reorder list ("Low or out" at the threshold from Settings → Stock) exported as CSV and read back against the
 * catalogue, and printed on A4.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ask } from '../support/ask';
import { parseCsv } from '../support/csv-parse';
import { expect, test } from './fixtures';
import { compact, printA4, readPdf } from './pdf';

const OUT = path.resolve('reports/print');

const shopInEuro = {
  name: 'Corner Shop Amsterdam',
  address: 'Prinsengracht 1',
  country: 'Netherlands',
  currency: 'EUR',
  taxRatePercent: '21',
  shippingTaxed: true,
};

test('shelf labels for 10 products print on an A4 sheet from a start place and on a 58 mm roll', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  await app.connect(service, 'synced');
  await ask(app.core, 'shop:save', shopInEuro);
  const { rows } = await ask(app.core, 'catalogue:query', { sort: 'name', dir: 'asc', offset: 0, limit: 10 });
  expect(rows).toHaveLength(10);
  await page.reload();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Stock' }).click();
  await page.getByRole('button', { name: 'Print labels' }).click();
  const preview = page.getByRole('dialog', { name: 'Shelf labels' });
  await expect(preview).toBeVisible();
  // every filtered product to begin with; none, then the first ten, the first of them three times
  await preview.getByRole('checkbox', { name: /^All / }).uncheck();
  for (const p of rows) await preview.getByRole('checkbox', { name: `Labels for ${p.name}`, exact: true }).check();
  await preview.getByRole('textbox', { name: `Labels of ${rows[0]!.name}`, exact: true }).fill('3');
  await expect(preview.getByTestId('labels-count')).toContainText('12');
  await preview.getByRole('textbox', { name: 'Start at place' }).fill('20');
  // places 20–24 of this sheet, then 7 on the next
  const root = page.locator('.print-root[data-document="labels"]');
  await expect(root.locator('.label-page')).toHaveCount(2);
  await expect(root.locator('.label-page').first().locator('.shelf-label')).toHaveCount(5);
  await expect(root.locator('.shelf-label')).toHaveCount(12);
  // on screen: each label with a barcode's vector bars
  const shown = preview.getByRole('region', { name: 'Print preview' });
  await expect(shown.locator('.shelf-label svg[role="img"]')).toHaveCount(12);
  const prices = await root.locator('.label-price').allTextContents();
  expect(
    prices.every((p) => p.includes('€')),
    prices.join(' | '),
  ).toBe(true);

  fs.mkdirSync(OUT, { recursive: true });
  const pdfOf = async (file: string): Promise<ReturnType<typeof readPdf>> => {
    const widthMm = await root.getAttribute('data-width-mm');
    const heightMm = await root.getAttribute('data-height-mm');
    await page.emulateMedia({ media: 'print' });
    await expect(preview).toBeHidden();
    const pdf = await page.pdf({
      width: `${widthMm}mm`,
      height: `${heightMm}mm`,
      printBackground: true,
      preferCSSPageSize: true,
      path: path.join(OUT, file),
    });
    await page.emulateMedia({ media: 'screen' });
    return readPdf(pdf);
  };

  const sheet = await pdfOf('labels-a4-3x8.pdf');
  expect(sheet, 'two A4 sheets').toHaveLength(2);
  for (const p of sheet) {
    expect(p.widthMm).toBeCloseTo(210, 0);
    expect(p.heightMm).toBeCloseTo(297, 0);
  }
  const text = sheet.map((p) => p.compact).join('');
  for (const p of rows) {
    expect(text, p.name).toContain(compact(p.name));
    if (p.sku) expect(text, p.sku).toContain(compact(p.sku));
  }
  for (const price of prices) expect(text, price).toContain(compact(price));
  // 12 barcodes of about 30 bars or more each, drawn as rectangles
  expect(sheet[0]!.rectangles + sheet[1]!.rectangles).toBeGreaterThan(12 * 20);

  // a roll: one label a page, 58 × 40 mm, the start place does not apply
  await preview.getByRole('combobox', { name: 'Labels on' }).click();
  await page.getByRole('option', { name: 'Label roll 58 mm' }).click();
  await expect(root).toHaveAttribute('data-width-mm', '58');
  await expect(root.locator('.label-page')).toHaveCount(12);
  const roll = await pdfOf('labels-roll-58.pdf');
  expect(roll).toHaveLength(12);
  for (const p of roll) {
    expect(p.widthMm).toBeCloseTo(58, 0);
    expect(p.heightMm).toBeCloseTo(40, 0);
    expect(p.rectangles).toBeGreaterThan(20);
  }
  expect(roll[3]!.compact).toContain(compact(rows[1]!.name));
  // the layout is remembered for this computer
  expect((await ask(app.core, 'ui:get', {})).printing.labels).toBe('roll-58');
});

test('the reorder list: low or out at the threshold from Settings, exported as CSV and printed', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  await app.connect(service, 'synced'); // ends on Settings
  await ask(app.core, 'shop:save', shopInEuro);
  await page.getByRole('textbox', { name: 'Low stock at' }).fill('12');
  await expect.poll(async () => (await ask(app.core, 'ui:get', {})).lowStock).toBe(12);
  const expected = await ask(app.core, 'catalogue:query', {
    stock: 'low-or-out',
    lowStock: 12,
    sort: 'name',
    dir: 'asc',
    offset: 0,
    limit: 500,
  });
  expect(expected.total).toBeGreaterThan(3);
  expect(expected.rows.every((p) => p.available !== null && p.available <= 12)).toBe(true);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Stock' }).click();
  // the segmented control's radio is drawn over by its label: clicked as a keyboard or screen reader would
  await page.getByRole('radio', { name: 'Low or out' }).dispatchEvent('click');
  await expect(page.getByTestId('stock-count')).toContainText(`${expected.total} of 321 products`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shopdesk-reorder-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const back = parseCsv(csv);
  expect(back[0]).toEqual(['SKU', 'Name', 'Available', 'Physical', 'Price']);
  const cell = (v: string | number | null): string => (v === null ? '' : String(v));
  expect(back.slice(1)).toEqual(
    expected.rows.map((p) => [
      /^[=+\-@\t\r]/.test(p.sku) ? `'${p.sku}` : p.sku,
      p.name,
      cell(p.available),
      cell(p.physical),
      cell(p.price),
    ]),
  );

  await page.getByRole('button', { name: 'Print list' }).click();
  const preview = page.getByRole('dialog', { name: 'Reorder list' });
  await expect(preview).toBeVisible();
  const root = page.locator('.print-root[data-document="lists"]');
  await expect(root.locator('tbody tr')).toHaveCount(expected.total);
  const pdf = await printA4(page, 'reorder-list.pdf');
  expect(pdf.length).toBeGreaterThanOrEqual(1);
  expect(pdf[0]!.widthMm).toBeCloseTo(210, 0);
  expect(pdf[0]!.heightMm).toBeCloseTo(297, 0);
  const text = pdf.map((p) => p.compact).join('');
  for (const p of expected.rows) expect(text, p.name).toContain(compact(p.name));
});
