/**
 * Issue #27.1, Items: lines first. With five lines, every line row and the running total are on the screen at 1024×700
 * and 1366×768, the newest highlighted; the products most often ordered come after them, out of stock last, and no
 * list of products is a stop of its own for Tab (a quantity typed after Tab lands in a quantity, never on a list).
 * The Customer step's list is drawn the same way: no scrolling box; it offers as many customers as fit above the step's
 * buttons (at 1024×700 too), no words cut.
 */
import type { Page } from '@playwright/test';
import { ask } from '../support/ask';
import { expect, test } from './fixtures';
import { counterShop, returningCustomerToItems } from './counter';
import { scan } from './scanner';

const stepTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });
const linesTable = (page: Page) => page.getByRole('table', { name: 'Order lines' });
const lines = (page: Page) => linesTable(page).getByRole('row', { name: /^Line \d+: / });

/** What the focus is on: its tag and role, and whether it is a box that scrolls. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      label: el.getAttribute('aria-label'),
      scrollBox: /auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight,
    };
  });

for (const size of [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
])
  test(`five lines and their total stay on the screen at ${size.width}×${size.height}; Tab never stops on a list`, async ({
    page,
    app,
    service,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const { products, customer } = await counterShop(app, service, 'Corner Shop');

    await page.keyboard.press('Control+n');
    await returningCustomerToItems(page, customer.email);
    await expect(page.getByLabel('Scan a barcode')).toBeFocused();

    // the products most often ordered (the favourites grid until any are pinned): those out of stock come last, and
    // say so
    const often = page.getByRole('region', { name: /^Often ordered/ }).getByTestId('favourite');
    await expect(often.first()).toBeVisible();
    const marks = await often.evaluateAll((options) => options.map((o) => o.textContent?.includes('Out of stock')));
    expect(marks.indexOf(true) === -1 || marks.slice(marks.indexOf(true)).every(Boolean)).toBe(true);

    for (const [i, product] of products.slice(0, 5).entries()) {
      await scan(page, product.barcode!);
      await expect(lines(page)).toHaveCount(i + 1);
      // the line just added is the one shown as newest
      await expect(lines(page).nth(i)).toHaveAttribute('data-newest', 'true');
    }
    await expect(linesTable(page).locator('tr[data-newest]')).toHaveCount(1);
    // every line and the running total on the screen, whole, with the focus still in the barcode field
    for (let i = 0; i < 5; i++) await expect(lines(page).nth(i)).toBeInViewport({ ratio: 1 });
    const total = linesTable(page).getByRole('row', { name: /^Subtotal \(5 lines\)/ });
    await expect(total).toBeInViewport({ ratio: 1 });
    const subtotal = products.slice(0, 5).reduce((sum, p) => sum + Math.round(Number(p.price) * 100), 0);
    await expect(total).toContainText((subtotal / 100).toFixed(2));
    await expect(page.getByLabel('Scan a barcode')).toBeInViewport();
    await app.screenshot(`27-items-five-lines-${size.width}x${size.height}`);

    // Tab from "Find a product" goes to the first line's quantity: a quantity typed there is kept
    await page.getByRole('combobox', { name: 'Find a product' }).focus();
    await page.keyboard.press('Tab');
    const firstQuantity = page.getByLabel(`Quantity of ${products[0]!.sku}`);
    await expect(firstQuantity).toBeFocused();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('3');
    await expect(firstQuantity).toHaveValue('3');
    await expect.poll(async () => (await ask(app.core, 'drafts:list', {})).drafts[0]?.data.lines[0]?.quantity).toBe(3);

    // Tab from the last quantity goes to that line's buttons, then on past the lines to the step's buttons: never onto
    // a scrolling box or a list
    await page.getByLabel(`Quantity of ${products[4]!.sku}`).focus();
    const stops: string[] = [];
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      const at = await focused(page);
      expect(at, `Tab ${step + 1} from the last quantity`).not.toBeNull();
      stops.push(JSON.stringify(at));
      expect(at!.scrollBox, stops.join(' → ')).toBe(false);
      expect(['input', 'button', 'a'], stops.join(' → ')).toContain(at!.tag);
    }
    // ↑ and × of the last line (its ↓ is disabled), then Back and Next
    await expect(page.getByRole('button', { name: /^Next: Prices/ })).toBeFocused();
  });

test('the customers offered at 1024×700: as many as fit with the step’s buttons, in no scrolling box, no words cut; all eight when there is room', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await counterShop(app, service, 'Corner Shop');
  await page.keyboard.press('Control+n');
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
  // one letter: more customers match than the screen has room for
  await page.keyboard.type('e');
  const list = page.getByRole('listbox', { name: 'Customers' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const options = list.getByRole('option');
  await expect(options.last()).toContainText('New customer');
  await app.screenshot('27-customers-1024x700');
  // as many as fit above the step's buttons, "New customer" last: at least three customers
  const offered = await options.count();
  expect(offered).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < offered; i++) await expect(options.nth(i)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Next: Delivery address/ })).toBeInViewport({ ratio: 1 });
  const box = await list.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      scrolls: /auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight,
      overflowY: style.overflowY,
    };
  });
  expect(box.scrolls, JSON.stringify(box)).toBe(false);
  // no text inside an option wider than its box (cut or spilling into the next column)
  const cut = await list.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('[role="option"] *')]
      .filter((node) => node.children.length === 0 && node.scrollWidth > node.clientWidth + 1)
      .map((node) => node.textContent),
  );
  expect(cut).toEqual([]);
  // ↓ to the last option ("New customer") keeps it on the screen, and Tab never stops on the list
  for (let i = 1; i < offered; i++) await page.keyboard.press('ArrowDown');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await expect(options.last()).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Tab');
  const at = await focused(page);
  expect(at?.role).not.toBe('listbox');
  expect(at?.scrollBox).toBe(false);

  // a taller window has room for all eight and "New customer"
  await page.setViewportSize({ width: 1366, height: 1024 });
  await expect(options).toHaveCount(9);
  for (let i = 0; i < 9; i++) await expect(options.nth(i)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /^Next: Delivery address/ })).toBeInViewport({ ratio: 1 });
});
