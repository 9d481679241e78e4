/**
 * The printed order sheet (#14): a document, not the screen — shop name and address from Settings → Shop, print
 * date, PO number with a Code 128 barcode, customer and delivery address, lines, totals with currency, remarks; no app
 * chrome; one page on A4 and on US Letter. Chromium prints it to PDF (reports/print/) to be looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const OUT = path.resolve('reports/print');

test('the order sheet prints as a document on A4 and US Letter', async ({ page, app, service }) => {
  await app.connect(service, 'synced');
  // Settings → Shop: what the top of the sheet says, and the currency of its amounts
  const shop = await app.core.dispatch('shop:save', {
    name: 'Corner Shop Amsterdam',
    address: 'Prinsengracht 1\n1015 DV Amsterdam\nNetherlands',
    country: 'Netherlands',
    currency: 'EUR',
    taxRatePercent: '21',
    shippingTaxed: true,
  });
  expect(shop.ok).toBe(true);
  const order = JSON.parse(service.store.orderJson(12)!) as { id: number; po_number: string; name: string };
  await page.reload();
  await page.goto(`${new URL(page.url()).origin}/#/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.po_number}` })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // on screen the sheet is not shown; printed, only the sheet is
  const sheet = page.getByRole('article', { name: 'Order sheet for printing' });
  await expect(sheet).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print order sheet' })).toBeHidden();
  await expect(sheet).toContainText('Corner Shop Amsterdam');
  await expect(sheet).toContainText('1015 DV Amsterdam');
  await expect(sheet).toContainText('€');
  await expect(sheet).toContainText(order.po_number);
  await expect(sheet).toContainText(order.name);
  await expect(sheet).toContainText(/Printed/);
  await expect(sheet).not.toContainText('Live');
  // the barcode: Code 128 bars drawn as SVG under the page's CSP
  const bars = sheet.getByRole('img', { name: `Barcode of ${order.po_number}` }).locator('rect');
  expect(await bars.count()).toBeGreaterThan(10);

  fs.mkdirSync(OUT, { recursive: true });
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format, printBackground: true, path: path.join(OUT, `order-sheet-${format}.pdf`) });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    expect(pages, `${format}: pages`).toBe(1);
  }
  await page.emulateMedia({ media: 'screen' });
});
