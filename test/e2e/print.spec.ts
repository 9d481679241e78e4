/**
 * The printed order sheet (#14): a document, not the screen — shop name and address from Settings → Shop, print
 * date, PO number with a Code 128 barcode, customer and delivery address, lines, totals with currency, remarks; no app
 * chrome; one page on A4 and on US Letter. Chromium prints it to PDF (reports/print/) to be looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { compact, readPdf } from './pdf';

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

/**
 * #30.6: the till slip. Settings → Printing chooses the paper for this computer; "Print order sheet" opens our own
 * preview on it; the page prints at the paper's size (the @page rule the browser host prints with, and what the
 * desktop app hands webContents.print): 80 mm wide, cut after the content; 58 mm when chosen in the preview.
 */
test('the order sheet prints as an 80 mm and a 58 mm till slip through our own preview', async ({
  page,
  app,
  service,
}) => {
  await app.connect(service, 'synced'); // ends on Settings
  const shop = await app.core.dispatch('shop:save', {
    name: 'Corner Shop Amsterdam',
    address: 'Prinsengracht 1\n1015 DV Amsterdam',
    country: 'Netherlands',
    currency: 'EUR',
    taxRatePercent: '21',
    shippingTaxed: true,
  });
  expect(shop.ok).toBe(true);
  const printing = page.getByRole('region', { name: 'Printing' });
  await printing.getByText('Till slip 80 mm').click();
  await expect
    .poll(
      async () => ((await app.core.dispatch('ui:get', {})) as { value: { printing: { orderSheet: string } } }).value,
    )
    .toMatchObject({ printing: { orderSheet: 'slip-80' } });
  // the browser host has no printers of its own to offer: the browser's dialog chooses
  await expect(printing.getByRole('textbox', { name: /Printer for/ })).toHaveCount(0);

  const order = JSON.parse(service.store.orderJson(12)!) as { id: number; po_number: string; name: string };
  const detail = (await app.core.dispatch('orders:get', { id: order.id })) as {
    value: { order: { items: { productName: string | null }[] } };
  };
  const firstLine = detail.value.order.items[0]!.productName!;
  await page.goto(`${new URL(page.url()).origin}/#/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.po_number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Print order sheet' }).click();
  const preview = page.getByRole('dialog', { name: `Print order ${order.po_number}` });
  await expect(preview).toBeVisible();
  const paper = preview.getByRole('region', { name: 'Print preview' });
  await expect(paper.getByRole('article', { name: 'Order sheet for printing' })).toContainText(order.po_number);
  await expect(paper).toContainText('Corner Shop Amsterdam');
  await expect(paper).toContainText(firstLine);
  await expect(paper.getByRole('img', { name: `Barcode of ${order.po_number}` }).locator('rect')).not.toHaveCount(0);

  fs.mkdirSync(OUT, { recursive: true });
  for (const width of [80, 58]) {
    if (width === 58) await preview.getByText('Till slip 58 mm').click();
    const root = page.locator(`.print-root[data-width-mm="${width}"]`);
    await expect(root).toHaveCount(1);
    await expect(preview.getByTestId('print-page-size')).toContainText(`${width} ×`);
    const heightMm = Number(await root.getAttribute('data-height-mm'));
    expect(heightMm, 'cut after the content').toBeGreaterThan(60);
    expect(heightMm).toBeLessThan(400);
    await page.emulateMedia({ media: 'print' });
    await expect(root.getByRole('article', { name: 'Order sheet for printing' })).toBeVisible();
    await expect(preview).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    // printed at the layout's size; the @page rule says the same
    const pdf = await page.pdf({
      width: `${width}mm`,
      height: `${heightMm}mm`,
      printBackground: true,
      preferCSSPageSize: true,
      path: path.join(OUT, `till-slip-${width}.pdf`),
    });
    await page.emulateMedia({ media: 'screen' });
    const pages = readPdf(pdf);
    expect(pages, `${width} mm: one slip`).toHaveLength(1);
    expect(pages[0]!.widthMm).toBeCloseTo(width, 0);
    expect(pages[0]!.heightMm).toBeCloseTo(heightMm, 0);
    expect(pages[0]!.compact).toContain(compact('Corner Shop Amsterdam'));
    expect(pages[0]!.compact).toContain(compact(order.po_number));
    expect(pages[0]!.compact).toContain(compact(firstLine));
    // the PO barcode's bars, vector rectangles in the PDF
    expect(pages[0]!.rectangles, 'barcode bars').toBeGreaterThan(15);
  }
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('.print-root')).toHaveCount(0);
});
