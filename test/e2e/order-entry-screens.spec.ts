/**
 * Every screen #13 changed, at 1366×768 and 1024×700, light and dark, saved under reports/screens/ to be looked at;
 * and axe-core on every wizard step: no serious or critical finding.
 */
import { axeOn } from './axe';
import type { Page } from '@playwright/test';
import { ask } from '../support/ask';
import { expect, test, type AppHarness } from './fixtures';

const stepTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });

async function noSeriousFindings(page: Page, where: string): Promise<void> {
  // the screen's own content; the app frame around it (header, navigation) is scanned with every screen by #14
  const result = await axeOn(page).include('main').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join('; ')}`,
    ),
  ).toEqual([]);
}

/**
 * The order date's calendar against the field: below the problem said under it, or above its label and help (it hung
 * 8 px above the input, over both), 6-10 px away either way, the calendar at no corner nor the middle of any of them.
 */
async function orderDateCalendarBesideItsField(page: Page, where: string): Promise<void> {
  const date = page.getByRole('textbox', { name: 'Order date', exact: true });
  await date.click();
  await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
  await expect(async () => {
    const place = await date.evaluate((input) => {
      const dropdown = document.querySelector('[data-dates-dropdown]')!;
      // not under the calendar at any corner nor the middle (the window's edge may cut the problem's last line)
      const uncovered = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        const points = [
          [r.left + 2, r.top + 2],
          [r.right - 2, r.top + 2],
          [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
          [r.left + 2, r.bottom - 2],
          [r.right - 2, r.bottom - 2],
        ] as const;
        return points.every(([x, y]) => !dropdown.contains(document.elementFromPoint(x, y)));
      };
      const calendar = dropdown.getBoundingClientRect();
      const box = input.getBoundingClientRect();
      const label = (input as HTMLInputElement).labels![0]!;
      const said = (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .flatMap((id) => document.getElementById(id) ?? []);
      const above = calendar.bottom <= box.top;
      const saidBottom = Math.max(box.bottom, ...said.map((el) => el.getBoundingClientRect().bottom));
      return {
        side: above ? 'above' : 'below',
        gap: Math.round(above ? label.getBoundingClientRect().top - calendar.bottom : calendar.top - saidBottom),
        said: said.length,
        inView: [label, ...said].every(uncovered),
        // what the calendar hides, where it is
        seen: [label, ...said]
          .filter((el) => !uncovered(el))
          .map((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + 2, r.top + 2);
            return `${el.textContent} at ${Math.round(r.top)}-${Math.round(r.bottom)} under ${top?.tagName}.${top?.className}`;
          })
          .concat(`calendar ${Math.round(calendar.top)}-${Math.round(calendar.bottom)}`)
          .join('; '),
      };
    });
    expect(place.said, `${where}: the help and the problem`).toBe(2);
    expect(
      place.inView,
      `${where}: the label, help and problem not under the calendar (it is ${place.side}: ${place.seen})`,
    ).toBe(true);
    expect(place.gap, `${where}: from the calendar to the field (${place.side})`).toBeGreaterThanOrEqual(6);
    expect(place.gap, `${where}: from the calendar to the field (${place.side})`).toBeLessThanOrEqual(10);
  }).toPass({ timeout: 5_000 });
}

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const;

for (const size of SIZES)
  for (const scheme of ['light', 'dark'] as const) {
    test(`order entry screens at ${size.width}×${size.height}, ${scheme}`, async ({ page, app, service }) => {
      test.setTimeout(120_000);
      const check = size.width === 1366 && scheme === 'light'; // axe once per screen is enough
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await ask(app.core, 'shop:save', {
        name: 'Corner Shop',
        address: 'Main Street 1\n1011 AB Amsterdam',
        country: 'Netherlands',
        currency: 'EUR',
        taxRatePercent: '21',
        shippingTaxed: false,
      });
      await app.connect(service, 'synced');
      const shot = async (name: string) => {
        // from the top: a full-page shot of a scrolled page draws the fixed header mid-page
        await page.evaluate(() => window.scrollTo(0, 0));
        await app.screenshot(`13-${name}-${size.width}x${size.height}-${scheme}`);
      };
      await walk(page, app, shot, check);
    });
  }

async function walk(page: Page, app: AppHarness, shot: (name: string) => Promise<void>, check: boolean) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const latest = (await ask(app.core, 'orders:query', { text: '', sort: 'date', dir: 'desc', offset: 0, limit: 1 }))
    .rows[0]!;
  const customer = (await ask(app.core, 'orders:get', { id: latest.id })).order;

  // Settings → Shop
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('form', { name: 'Shop' })).toBeVisible();
  await shot('settings-shop');

  // Orders with "New order"
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('button', { name: 'New order' })).toBeVisible();
  await shot('orders');
  await page.getByRole('button', { name: 'New order' }).click();

  // Customer: the search over the order book
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
  await page.keyboard.type(customer.name.split(' ')[0]!.slice(0, 2));
  await expect(page.getByRole('listbox', { name: 'Customers' })).toHaveAttribute('aria-busy', 'false');
  await shot('wizard-customer-search');
  if (check) await noSeriousFindings(page, 'customer search');
  await page.getByRole('option', { name: new RegExp(customer.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();

  // Address, filled from their latest order
  await expect(stepTitle(page)).toHaveText('Step 2 of 5: Delivery address');
  await shot('wizard-address-filled');
  if (check) await noSeriousFindings(page, 'address');
  await page.keyboard.press('Enter');

  // Items: a search in the picker, and lines
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  const often = page.getByRole('region', { name: /^Often ordered/ }).getByTestId('favourite');
  await often.first().click();
  await page.getByRole('combobox', { name: 'Find a product' }).fill('bamboo');
  await expect(page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').first()).toBeVisible();
  await shot('wizard-items');
  if (check) await noSeriousFindings(page, 'items');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line 2: / })).toBeVisible();
  await page.getByRole('button', { name: /^Next: Prices/ }).click();

  // Prices and dates: tax from the rate; then an override and an impossible date
  await expect(stepTitle(page)).toHaveText('Step 4 of 5: Prices and dates');
  await shot('wizard-prices');
  if (check) await noSeriousFindings(page, 'prices');
  await page.getByLabel('Shipping cost').fill('4.95');
  await page.getByRole('textbox', { name: /^Tax/ }).fill('3');
  await page.getByRole('textbox', { name: 'Order date', exact: true }).fill('02/30/2026');
  await page.getByLabel('Shipping cost').focus();
  await expect(page.getByText('February 2026 has 28 days.')).toBeVisible();
  const vp = page.viewportSize()!;
  const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
  await orderDateCalendarBesideItsField(page, `${vp.width}×${vp.height} ${scheme}`);
  // where the calendar opened (a shot from the top would move it)
  await app.screenshot(`13-wizard-prices-date-calendar-${vp.width}x${vp.height}-${scheme}`);
  await page.getByLabel('Shipping cost').click(); // closes the calendar
  await expect(page.locator('[data-dates-dropdown]')).toBeHidden();
  await page.getByRole('button', { name: /^▸ More/ }).click();
  await shot('wizard-prices-override-more');
  await page.getByRole('textbox', { name: 'Order date', exact: true }).fill('');
  await page.getByLabel('Shipping cost').focus();
  await page.getByRole('button', { name: /^Use 21 % again/ }).click();
  await page.getByRole('button', { name: /^Next: Review/ }).click();

  // Review
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await expect(page.getByRole('button', { name: 'Send order' })).toBeFocused();
  await shot('wizard-review');
  if (check) await noSeriousFindings(page, 'review');
  await page.keyboard.press('Control+Enter');

  // the sent order, with "Start next order" and "Order again"
  await expect(page.getByRole('button', { name: /^Start next order/ })).toBeVisible({ timeout: 20_000 });
  await shot('order-sent');

  // the product panel with "Add to order"
  await nav.getByRole('link', { name: 'Stock' }).click();
  await page.getByLabel('Search products').fill('bamboo');
  await expect(page.getByTestId('stock-count')).not.toHaveText('321 of 321 products'); // the search is in
  await page.getByLabel('Search products').press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Add to/ }).first()).toBeVisible();
  await shot('product-panel');
}
