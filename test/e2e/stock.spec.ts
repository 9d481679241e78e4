import { startService, type RunningService } from '../../server/index';
import { ask } from '../support/ask';
import { expect, indicator, test, pressCheckNow } from './fixtures';
import type { Page } from '@playwright/test';

class StockPage {
  constructor(private readonly page: Page) {}
  async goto(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Stock' }).click();
  }
  search() {
    return this.page.getByLabel('Search products');
  }
  count() {
    return this.page.getByTestId('stock-count');
  }
  rows() {
    return this.page.getByRole('grid', { name: 'Products' }).getByRole('row');
  }
  detail() {
    return this.page.getByRole('dialog');
  }
}

test('sync with progress, search by name, SKU and scanned barcode, detail; offline and back', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  // slow pages so the progress bar can be seen
  service.faults.add({ fault: { kind: 'latency', ms: 500 }, path: '/api/product' });
  await app.connect(service, 'saved');
  const stock = new StockPage(page);
  await stock.goto();
  await expect(page.getByRole('progressbar', { name: 'Catalogue sync progress' })).toBeVisible();
  await app.screenshot('11-stock-syncing');
  await expect(page.getByText('Catalogue complete: 321 products.')).toBeVisible({ timeout: 30_000 });
  service.faults.clear();
  await expect(stock.count()).toHaveText('321 of 321 products');
  await app.screenshot('12-stock-complete');

  // by name (prefix as you type)
  const product = service.store.product(42) as { name: string; sku: string; bar_code: string };
  const word = product.name.split(' ')[0]!;
  await stock.search().fill(word.slice(0, 3));
  await expect(stock.count()).not.toHaveText('321 of 321 products');
  await expect(stock.rows().filter({ hasText: product.name }).first()).toBeVisible();
  await app.screenshot('13-stock-search-name');

  // by SKU
  await stock.search().fill(product.sku);
  await expect(stock.rows().filter({ hasText: product.sku }).first()).toBeVisible();

  // a scanner types the digits and Enter: the product opens
  await stock.search().fill('');
  await stock.search().pressSequentially(product.bar_code, { delay: 5 });
  await stock.search().press('Enter');
  await expect(stock.detail()).toContainText(product.name);
  await expect(stock.detail()).toContainText(product.bar_code);
  await expect(stock.detail().getByText('Live')).toBeVisible();
  await app.screenshot('14-stock-detail-live');
  await page.keyboard.press('Escape');

  // an unknown barcode says so
  await stock.search().fill('4000000000006');
  await stock.search().press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Not in the catalogue: no product with barcode or SKU' }),
  ).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Scan again' })).toHaveCount(0);
  // one whose check digit is wrong was misread (#29.3): scan again, not "not in the catalogue", with a cue of its own
  await stock.search().fill('4000000000000');
  await stock.search().press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Misread — scan again' })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Scan again' })).toHaveAttribute('data-cue', 'misread');
  await expect(page.getByRole('alert').filter({ hasText: 'Not in the catalogue' })).toHaveCount(0);

  // the service goes away: one calm banner, search still works from the cache, with its age
  const port = service.port;
  await service.close();
  await stock.search().fill(product.bar_code);
  await stock.search().press('Enter');
  await expect(stock.detail().getByText(/Cached at/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Offline notice' })).toBeVisible();
  await expect(indicator(page)).toHaveAccessibleName('Connection: Offline');
  await page.keyboard.press('Escape');
  await stock.search().fill(word.slice(0, 3));
  await expect(stock.rows().filter({ hasText: product.name }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Offline notice' })).toContainText(/stock as of \d/);
  await app.screenshot('15-stock-offline');

  // back again: the banner clears
  let again: RunningService | null = null;
  try {
    again = await startService({ token: service.token, products: 321, orders: 40, seed: 11, port });
    await pressCheckNow(page);
    await expect(page.getByRole('status', { name: 'Offline notice' })).toHaveCount(0);
    await expect(indicator(page)).toHaveAccessibleName('Connection: Online');
  } finally {
    await again?.close();
  }
});

test('keyboard: arrows move through rows, Enter opens, filters and sorting narrow the list', async ({ page, app }) => {
  await app.open();
  await page.getByRole('button', { name: 'Try with demo data' }).click();
  await expect(indicator(page)).toHaveAccessibleName('Connection: Demo data');
  const stock = new StockPage(page);
  await stock.goto();
  await expect(page.getByText(/Catalogue complete: 2,500 products/)).toBeVisible({ timeout: 30_000 });
  await expect(stock.count()).toHaveText('2,500 of 2,500 products');

  await page.getByRole('radiogroup', { name: 'Stock level' }).getByText('Out', { exact: true }).click();
  await expect(stock.count()).not.toHaveText('2,500 of 2,500 products');
  // a stock level in words of its own, in red; the listing status beside it neutral, never read as stock (#27.6)
  const out = stock.rows().nth(1).getByText('Out of stock', { exact: true });
  await expect(out).toBeVisible();
  await expect(out).toHaveAttribute('data-color', 'red');
  await expect(page.getByRole('columnheader', { name: /Listing status/ })).toBeVisible();
  const listing = stock.rows().nth(1).locator('[data-listing]');
  await expect(listing).toHaveText(/^(For sale|Not for sale|Discontinued|No longer listed)$/);
  await expect(listing).toHaveAttribute('data-color', 'gray');
  await expect(stock.rows().getByText(/^(Available|Unavailable)$/)).toHaveCount(0);
  await app.screenshot('16-stock-out-of-stock');

  await page.getByRole('radiogroup', { name: 'Stock level' }).getByText('All', { exact: true }).click();
  await page.getByRole('button', { name: 'Sort by Price' }).click();
  await page.getByRole('button', { name: 'Sort by Price' }).click();
  await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');

  await stock.search().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(stock.rows().nth(3)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(stock.detail()).toBeVisible();
  await app.screenshot('17-stock-keyboard-detail');

  // a fast typist: a product's name, ↓ and Enter without waiting for the list; that product opens, never a row
  // from before the search
  await page.keyboard.press('Escape');
  await expect(stock.detail()).toBeHidden();
  // a SKU from further down the list (the SKU column comes first): typed as words, it matches that product
  const sku = ((await stock.rows().nth(8).getByRole('gridcell').first().textContent()) ?? '').trim();
  expect(sku).toMatch(/\w/);
  await expect(stock.rows().nth(1)).not.toContainText(sku);
  await stock.search().fill(sku);
  await stock.search().press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(stock.detail()).toContainText(sku);
});

test('keys before data: ↓ Enter straight after arriving opens the first product when it comes', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service);
  await expect
    .poll(async () => (await ask(app.core, 'catalogue:status', {})).state, { timeout: 60_000 })
    .toBe('complete');
  const stock = new StockPage(page);
  const [first] = (
    await ask(app.core, 'catalogue:query', {
      text: '',
      status: null,
      stock: 'all',
      flags: [],
      sort: 'name',
      dir: 'asc',
      offset: 0,
      limit: 1,
    })
  ).rows;
  // the catalogue is here, but the list's first read is slow (a busy machine): ↓ Enter before the rows
  await page.route(
    (url) => decodeURIComponent(url.pathname) === '/ipc/catalogue:query',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue().catch(() => undefined);
    },
  );
  await stock.goto();
  await expect(stock.search()).toBeFocused();
  await expect(stock.count()).toHaveText('Loading…');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(stock.detail()).toContainText(first!.name);
  await expect(stock.rows().nth(1)).toHaveAttribute('aria-selected', 'true');
});
