/**
 * Issue #27.1, Items: lines first. With five lines, every line row and the running total are on the screen at 1024×700
 * and 1366×768, the newest highlighted; the products most often ordered come after them, out of stock last, and no
 * list of products is a stop of its own for Tab (a quantity typed after Tab lands in a quantity, never on a list).
 */
import type { Page } from '@playwright/test';
import { ask } from '../support/ask';
import { expect, test } from './fixtures';
import { counterShop } from './counter';
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
    await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
    await page.keyboard.type(customer.email);
    await expect(page.getByRole('listbox', { name: 'Customers' }).getByRole('option').first()).toContainText(
      customer.email,
    );
    await page.keyboard.press('Enter');
    await expect(stepTitle(page)).toHaveText('Step 2 of 5: Delivery address');
    await page.keyboard.press('Enter');
    await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
    await expect(page.getByLabel('Scan a barcode')).toBeFocused();

    // the products most often ordered: those out of stock come last, and say so
    const often = page.getByRole('listbox', { name: 'Often ordered products' }).getByRole('option');
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
