/**
 * npm run screenshots: the README's screenshots, made again from the current app — the browser host in demo mode,
 * Debian's Chromium at 1280×800 — into docs/screenshot-*.png. Run it after each visible change.
 */
import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../electron/main/core/index';
import { MemoryVault } from '../electron/main/core/settings/vault';
import { startWebHost, type WebHost } from '../electron/web/host';
import { ask } from '../test/support/ask';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/chromium';
import { sampleOrder } from '../test/support/sample-order';

const root = path.resolve(import.meta.dirname, '..');
const docs = path.join(root, 'docs');
const rendererDir = path.join(root, 'out/renderer');
if (!fs.existsSync(path.join(rendererDir, 'index.html'))) throw new Error('Build first (npm run screenshots does).');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-screenshots-'));
const opened: { core: Core; host: WebHost }[] = [];
async function app(name: string): Promise<{ core: Core; host: WebHost }> {
  const core = createCore({
    dataDir: path.join(work, name),
    vault: new MemoryVault(),
    host: 'browser',
    version: 'demo',
  });
  const host = await startWebHost({ core, rendererDir });
  opened.push({ core, host });
  return { core, host };
}

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROMIUM_ARGS,
});
const written: string[] = [];
async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0); // no hover states
  await page.waitForTimeout(300); // transitions end
  const file = path.join(docs, `screenshot-${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  written.push(path.relative(root, file));
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

  // first start: nothing set up yet
  const fresh = await app('fresh');
  const welcome = await context.newPage();
  await welcome.goto(fresh.host.loginUrl());
  await welcome.getByRole('button', { name: 'Try with demo data' }).waitFor();
  await shot(welcome, 'welcome');
  await welcome.close();

  // demo mode with its catalogue and order book on this computer, and an order entered by hand
  const demo = await app('demo');
  await ask(demo.core, 'demo:start', {});
  for (;;) {
    const [catalogue, orders] = await Promise.all([
      ask(demo.core, 'catalogue:status', {}),
      ask(demo.core, 'orders:status', {}),
    ]);
    if (catalogue.state === 'complete' && orders.cachedOrders > 0 && orders.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // two of product 3 at its catalogue price, with shipping and 21 % tax, so the order's totals add up on screen
  const { product } = await ask(demo.core, 'catalogue:product', { id: 3, cacheOnly: true });
  const cents = (amount: string | null): number => Math.round(Number(amount ?? '0') * 100);
  const money = (c: number): string => (c / 100).toFixed(2);
  const subtotal = cents(product.price) * 2;
  const shipping = 495;
  const tax = Math.round(subtotal * 0.21);
  const order = sampleOrder({
    order_items: [{ id: 3, quantity: 2 }],
    subtotal_price: money(subtotal),
    shipping_cost: money(shipping),
    total_tax: money(tax),
    total_price: money(subtotal + shipping + tax),
  });
  await ask(demo.core, 'outbox:submit', { draftId: 'screenshot-order-0001', order });
  await ask(demo.core, 'orders:refresh', {});

  const page = await context.newPage();
  await page.goto(demo.host.loginUrl());
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  await page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1).waitFor();
  await shot(page, 'orders');

  await page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1).click();
  await page.keyboard.press('Enter'); // rows open with Enter, as at the counter
  await page.getByRole('heading', { name: /^Order / }).waitFor();
  await shot(page, 'order');

  await nav.getByRole('link', { name: 'Stock' }).click();
  const products = page.getByRole('grid', { name: 'Products' }).getByRole('row');
  await products.nth(3).click();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await shot(page, 'stock');
  await page.keyboard.press('Escape');

  await nav.getByRole('link', { name: /Outbox/ }).click();
  await page
    .getByLabel(/^Outbox entry for /)
    .first()
    .waitFor();
  await shot(page, 'outbox');

  await nav.getByRole('link', { name: 'New order' }).click();
  await page.getByRole('heading', { name: /Customer/ }).waitFor();
  const findCustomer = page.getByRole('combobox', { name: 'Find a customer' });
  if (await findCustomer.isVisible()) {
    // the first step looks the customer up in the order book
    await findCustomer.fill('Lovelace');
    await page.getByRole('option').first().waitFor();
  } else {
    await page.getByLabel('Customer name').fill('Grace Hopper');
    await page.getByLabel('E-mail').fill('grace@example.com');
  }
  await shot(page, 'new-order');

  await nav.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await shot(page, 'settings');
} finally {
  await browser.close();
  for (const { core, host } of opened) {
    await host.close();
    await core.close();
  }
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`screenshots written: ${written.join(', ')}`);
