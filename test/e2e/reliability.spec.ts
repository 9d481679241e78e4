/**
 * The reliability suite where a person would see it: hostile content shown as inert text without breaking layouts,
 * and a sentinel token that appears nowhere after a full working run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startService } from '../../server/index';
import { ask } from '../support/ask';
import { expect, test } from './fixtures';

const LONG = 'W'.repeat(10_000);
const SCRIPT = '<script>window.__pwned = 1</script>';
const IMG = '<img src=x onerror="window.__pwned = 2">';
const RLO = '\u202Egpj.exe';

async function inert(page: Page): Promise<void> {
  // no right-to-left override reaches the page (it would make "gpj.exe" read as "exe.jpg")
  expect(await page.evaluate(() => /[\u202a-\u202e\u2066-\u2069]/.test(document.body.innerText))).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('a[href^="javascript:" i], [onerror], [onload], [onmouseover]').count()).toBe(0);
  expect(await page.locator('script:not([src])').count()).toBe(0);
  // nothing pushes the page sideways: long words wrap or are cut, the frame stays the window's width
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('script, markup, javascript: URLs, right-to-left overrides and 10,000-character fields are inert text', async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const svc = await startService({ token: 'tok', products: 40, orders: 6, seed: 5 });
  try {
    const p1 = JSON.parse(svc.store.productJson(1)!) as Record<string, unknown>;
    svc.store.replaceProduct(1, {
      ...p1,
      name: `${SCRIPT}${IMG} Evil ${RLO}`,
      sku: 'javascript:alert(1)',
      package_content: `<a href="javascript:alert(1)">click</a> ${LONG}`,
      status: '<b onmouseover="alert(1)">Available</b>',
    });
    const p2 = JSON.parse(svc.store.productJson(2)!) as Record<string, unknown>;
    svc.store.replaceProduct(2, { ...p2, name: LONG });
    const o1 = JSON.parse(svc.store.orderJson(1)!) as Record<string, unknown>;
    svc.store.replaceOrder(1, {
      ...o1,
      name: `<b onmouseover="alert(1)">Mallory</b> ${RLO}`,
      email: '"><svg onload=alert(1)>@example.com',
      address_line_1: 'javascript:alert(document.cookie)',
      city: LONG,
      remarks: `${SCRIPT} ${LONG}`,
    });

    await app.connect({ url: svc.url, token: 'tok' }, 'synced');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    await nav.getByRole('link', { name: 'Stock' }).click();
    await page.getByLabel('Search products').fill('Evil');
    await expect(page.getByText(`${SCRIPT}${IMG} Evil`, { exact: false }).first()).toBeVisible();
    await inert(page);
    await page.getByLabel('Search products').press('Enter'); // opens the first match
    await expect(page.getByRole('dialog').getByText('javascript:alert(1)').first()).toBeVisible();
    await inert(page);
    await app.screenshot('60-hostile-product');
    await page.keyboard.press('Escape');
    await page.getByLabel('Search products').fill('WWWWWWWW');
    await expect(page.getByText(LONG.slice(0, 50), { exact: false }).first()).toBeVisible();
    await inert(page);
    await app.screenshot('61-hostile-stock-list');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByText('<b onmouseover="alert(1)">Mallory</b>', { exact: false }).first()).toBeVisible();
    await inert(page);
    await app.screenshot('62-hostile-orders');
    await page.goto(page.url().replace(/#.*$/, '#/orders/1'));
    await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
    await expect(page.getByText('javascript:alert(document.cookie)').first()).toBeVisible();
    await inert(page);
    await app.screenshot('63-hostile-order-detail');

    // the palette lists them as text too
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Evil');
    await expect(page.getByText('Evil', { exact: false }).last()).toBeVisible();
    await inert(page);
    expect(dialogs).toEqual([]);
  } finally {
    await svc.close();
  }
});

test('a sentinel token appears in no response, event, page, storage, log or file after a full working run', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  const SENTINEL = 'sentinel-7c1e5b0d-token-must-never-leak';
  const svc = await startService({ token: SENTINEL, products: 60, orders: 8, seed: 9 });
  const seen: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/events'))
      void response.text().then(
        (text) => seen.push(`${response.url()} ${text}`),
        () => undefined,
      );
  });
  const events: string[] = [];
  const stop = app.core.events.onAny((name, payload) => events.push(`${name} ${JSON.stringify(payload)}`));
  try {
    await app.connect({ url: svc.url, token: SENTINEL }, 'synced');
    // browse
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Stock' }).click();
    const [product] = (await ask(app.core, 'catalogue:query', { stock: 'in', sort: 'id', offset: 0, limit: 1 })).rows;
    await page.getByLabel('Search products').fill(product!.sku);
    await page.getByLabel('Search products').press('Enter');
    await expect(page.getByRole('dialog').getByText(product!.name).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Search orders').press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
    // enter and send an order
    await nav.getByRole('link', { name: 'New order' }).click();
    await page.getByRole('option', { name: /^New customer/ }).click();
    await page.getByLabel('Customer name').fill('Token Test');
    await page.getByLabel('E-mail').fill('token@example.com');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.keyboard.press('Enter');
    await page.getByLabel('Address line 1').fill('1 Test Street');
    await page.getByLabel('Postcode').fill('E1 6AN');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Province or state').fill('Greater London');
    await page.getByRole('combobox', { name: 'Country' }).fill('United Kingdom');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Step 3 of 5: Items' })).toBeVisible();
    await page.getByLabel('Scan a barcode').fill(product!.barcode);
    await page.getByLabel('Scan a barcode').press('Enter');
    await expect(page.getByLabel(`Quantity of ${product!.sku}`)).toHaveValue('1');
    await page.getByRole('button', { name: /^Next: Prices/ }).click();
    await page.getByRole('button', { name: /^Next: Review/ }).click();
    await page.getByRole('button', { name: 'Send order' }).click();
    await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
    expect(svc.stats().orderPosts).toBe(1);

    // the scan
    await page.waitForTimeout(300); // responses still being read
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((s) => s.includes(SENTINEL))).toEqual([]);
    expect(events.length).toBeGreaterThan(5);
    expect(events.filter((e) => e.includes(SENTINEL))).toEqual([]);
    expect(await page.content()).not.toContain(SENTINEL);
    const storage = await page.evaluate(async () => {
      const dbs = 'databases' in indexedDB ? await indexedDB.databases() : [];
      return JSON.stringify({
        local: { ...localStorage },
        session: { ...sessionStorage },
        cookie: document.cookie,
        dbs,
      });
    });
    expect(storage).not.toContain(SENTINEL);
    for (const cookie of await page.context().cookies()) expect(cookie.value).not.toContain(SENTINEL);
    const files = fs
      .readdirSync(app.dataDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith('main.log'))).toBe(true);
    expect(files.some((f) => f.endsWith('.sqlite'))).toBe(true);
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(Buffer.from(SENTINEL)), file).toBe(false);
      expect(bytes.includes(Buffer.from(SENTINEL, 'utf16le')), file).toBe(false);
    }
  } finally {
    stop();
    await svc.close();
  }
});
