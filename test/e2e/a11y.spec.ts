/**
 * Accessibility (#14, #27.10): every screen and state, in the light and the dark theme, scanned with axe-core — no
 * serious or critical finding (best practice included), headings in order and one banner. One test per screen (each
 * with its own app, data folder and service), so a busy machine slows each a little instead of one long walk running
 * out of time; each state is scanned in both themes where it stands (CI time: a walk per theme cost as much as the
 * scans); screenshots of each state at 1366×768 (and the main screens and the views of #29 and #30 —
 * the scanner's test sheet, print previews, the favourites grid, orders on hold — at 1024×700) go to reports/screens/
 * to be looked at.
 */
import { axeOn } from './axe';
import type AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { RunningService } from '../../server/index';
import { FLAG_NAMES } from '../../shared/domain';
import { ask } from '../support/ask';
import { sampleOrder } from '../support/sample-order';
import { expect, test, type AppHarness } from './fixtures';
import { scanOn } from './scanner';

// each test has its own app, data folder and service: they are spread over the workers, not run in one
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Best-practice findings of moderate impact that are kept at zero too (headings in order, one banner). */
const ALSO_KEPT_AT_ZERO = new Set(['heading-order', 'landmark-no-duplicate-banner', 'landmark-unique']);

type Theme = 'light' | 'dark';
type Scan = (state: string, small?: boolean) => Promise<void>;
interface Walk {
  page: Page;
  app: AppHarness;
  service: RunningService;
  scan: Scan;
  nav: ReturnType<Page['getByRole']>;
}

/**
 * The rules a theme can change: only colours differ between the light and the dark theme (the same elements, names,
 * roles and headings), so each state is scanned whole in the light theme and for these in the dark one.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Each state of a screen, scanned in the light theme and then, at the same moment, in the dark one (one walk for both:
 * the walk and the app's start cost as much as a scan); the test fails with every finding listed.
 */
function screen(name: string, walk: (w: Walk) => Promise<void>): void {
  test(`no serious or critical axe finding: ${name} (light and dark)`, async ({ page, app, service }) => {
    // a few states, each scanned by axe in both themes: a minute or two on a busy two-core machine
    test.setTimeout(180_000);
    // with less motion asked for (as the app honours): no notice or dialog is scanned halfway through a fade
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1366, height: 768 });
    const findings: string[] = [];
    const report = (
      state: string,
      theme: Theme,
      violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'],
    ) => {
      for (const v of violations)
        if (v.impact === 'serious' || v.impact === 'critical' || ALSO_KEPT_AT_ZERO.has(v.id))
          findings.push(
            `${state} (${theme}): ${v.id} (${v.impact}) — ${v.nodes
              .slice(0, 3)
              .map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
              .join(' | ')}`,
          );
    };
    const inTheme = async (theme: Theme): Promise<void> => {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await settled(page);
    };
    const scan: Scan = async (state, small = false) => {
      await page.waitForTimeout(250); // a state just reached (a modal opening, a chunk arriving) is drawn
      await settled(page);
      report(state, 'light', (await axeOn(page).withTags(TAGS).analyze()).violations);
      // one h1 per screen and one banner landmark (axe counts these as best practice, below "serious")
      const { h1, banners } = await page.evaluate(() => ({
        h1: [...document.querySelectorAll('h1')].filter((h) => h.getClientRects().length > 0).length,
        banners: document.querySelectorAll(
          'header:not(:is(article, aside, main, nav, section, [role=dialog]) header), [role=banner]',
        ).length,
      }));
      if (h1 !== 1) findings.push(`${state}: ${h1} visible h1 elements (one wanted)`);
      if (banners !== 1) findings.push(`${state}: ${banners} banner landmarks (one wanted)`);
      await shoot(page, app, `light-${state}`, small);
      await inTheme('dark');
      report(state, 'dark', (await axeOn(page).withRules(COLOUR_RULES).analyze()).violations);
      await shoot(page, app, `dark-${state}`, small);
      await inTheme('light');
    };
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await walk({ page, app, service, scan, nav });
    expect(findings, findings.join('\n')).toEqual([]);
  });
}

/**
 * Every animation or transition that ends has ended (a colour read mid-fade is neither theme's colour). Less motion is
 * asked for, so there should be none; endless ones (a busy spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Elements whose CSS still moves although the computer asked for less motion (a selector and its duration each). */
async function stillMoving(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return style.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${getComputedStyle(el).transitionDuration}`),
  );
}

screen('welcome and settings', async ({ page, app, scan, nav }) => {
  await app.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  await scan('welcome', true);
  await nav.getByRole('link', { name: 'Settings' }).click();
  await scan('settings');
  // less motion asked for: no transition anywhere on the page (the shell, the links and the SegmentedControls' labels
  // had 150–200 ms fades)
  expect(await stillMoving(page)).toEqual([]);
});

// Settings → Scanner (#29.2): what a scan sent, the settings it proposes, and the test sheet's preview
screen('scanner check and its test sheet', async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'Settings' }).click();
  const field = page.getByRole('textbox', { name: 'Scan a barcode here' });
  await field.focus();
  await scanOn(page, '4006381333931', 'us', 'Tab');
  await expect(page.getByTestId('scan-check-proposal')).toContainText('Codes end with Tab');
  await field.scrollIntoViewIfNeeded();
  await scan('settings-scanner-check', true);
  await page.getByRole('button', { name: 'Print a test sheet' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Scanner test sheet' }).getByRole('region', { name: 'Print preview' }),
  ).toBeVisible();
  await scan('settings-scanner-test-sheet', true);
});

// the rest of #29's and #30's views: Settings → Scanner's labels from a scale with a label tried and Settings → Printing,
// the reorder list's preview (Stock, low or out) and an order's 80 mm till slip in our own preview
screen(
  'labels from a scale, printing settings, the reorder list and a till slip',
  async ({ page, app, service, scan, nav }) => {
    await app.connect(service, 'synced');
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: 'Read labels 21 PPPPP WWWWW C' }).check();
    await page.getByRole('textbox', { name: 'Try a label' }).fill('2100123012343');
    await expect(page.getByTestId('label-preview')).toHaveText('2100123012343 → product 00123, 1.234 kg');
    await page.getByTestId('label-preview').scrollIntoViewIfNeeded();
    await scan('settings-scanner-labels', true);
    const lowStock = page.getByRole('textbox', { name: 'Low stock at' });
    await lowStock.fill('12');
    await expect.poll(async () => (await ask(app.core, 'ui:get', {})).lowStock).toBe(12);
    await lowStock.scrollIntoViewIfNeeded();
    await scan('settings-printing', true);

    await nav.getByRole('link', { name: 'Stock' }).click();
    await expect(page.getByTestId('stock-count')).toHaveText('321 of 321 products');
    // the segmented control's radio is drawn over by its label: clicked as a keyboard or screen reader would
    await page.getByRole('radio', { name: 'Low or out' }).dispatchEvent('click');
    await expect(page.getByTestId('stock-count')).not.toHaveText('321 of 321 products');
    await page.getByRole('button', { name: 'Print list' }).click();
    const reorder = page.getByRole('dialog', { name: 'Reorder list' });
    await expect(reorder.getByRole('region', { name: 'Print preview' })).toBeVisible();
    await scan('stock-reorder-preview', true);
    await reorder.getByRole('button', { name: 'Close the preview' }).click();

    await nav.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');
    await page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1).dblclick();
    await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
    await page.getByRole('button', { name: 'Print order sheet' }).click();
    const preview = page.getByRole('dialog', { name: /^Print order / });
    await expect(preview.getByRole('region', { name: 'Print preview' })).toBeVisible();
    await preview.getByText('Till slip 80 mm', { exact: true }).click();
    await expect(page.locator('.print-root[data-width-mm="80"]')).toHaveCount(1);
    await scan('order-print-slip-80', true);
    await preview.getByRole('button', { name: 'Close the preview' }).click();
  },
);

// the order list in two tests (five scans of a 500–900-node screen in one took 30 s quiet and ran out of its 150 s under
// two CPU hogs): the list with its folds, then saving a view and an order
screen('orders, unfolded and its columns', async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');
  await scan('orders', true);
  // at 1366×768 the summary, saved views and filters are folded away (#27.7): unfolded, they are scanned too
  await page.getByRole('button', { name: 'Summary and filters' }).click();
  await expect(page.getByLabel('Order summary')).toBeVisible();
  await scan('orders-unfolded');
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Phone' })).toBeVisible();
  await scan('orders-columns');
  await page.keyboard.press('Escape');
});

screen('orders: a saved view and an order', async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');
  await page.getByRole('button', { name: 'Summary and filters' }).click();
  await expect(page.getByLabel('Order summary')).toBeVisible();
  await page.getByRole('button', { name: 'Save view…' }).click();
  await scan('orders-save-view');
  await page.keyboard.press('Escape');

  await page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1).dblclick();
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await scan('order-detail', true);
  // our own print preview (#30.6): the sheet on its paper, the paper's choices, Print
  await page.getByRole('button', { name: 'Print order sheet' }).click();
  await expect(page.getByRole('dialog', { name: /^Print order / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Print preview' })).toBeVisible();
  await scan('order-print-preview', true);
  await page.getByRole('button', { name: 'Close the preview' }).click();
});

screen("today's figures", async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Today's figures" })).toBeVisible();
  await expect(page.getByTestId('figures-coverage')).toBeVisible();
  await scan('today', true);
  // a range with orders: every table shown (by status, hour, day, the top products)
  const from = page.getByRole('textbox', { name: 'From' });
  await from.fill(new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10));
  await from.press('Enter');
  await page.keyboard.press('Escape'); // the calendar closed: the screen is scanned, not Mantine's date picker
  // the calendar fades out (a role-less popover): the shot waits until it has gone (its month is Mantine's word)
  await expect(page.locator('.mantine-Popover-dropdown')).toHaveCount(0);
  await expect(page.getByTestId('figures-by-day')).toBeVisible();
  await expect(page.getByTestId('figures-top-amount')).toBeVisible();
  await scan('today-range', true);
  // the calendar open: its previous and next buttons named, the days of the months either side and the weekend's at
  // AA contrast in both themes (Mantine's are nameless, 2.4:1 and 3.3:1)
  await from.click();
  await expect(page.locator('.mantine-Popover-dropdown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
  await scan('today-calendar');
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Popover-dropdown')).toHaveCount(0);
  // the figures' print preview (main's PrintPreview, as the order's and the stock list's), on the till's roll too
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('region', { name: 'Print preview' })).toBeVisible();
  await scan('today-print', true);
  await preview.getByText('Till slip 80 mm', { exact: true }).click();
  await expect(page.locator('.print-root[data-width-mm="80"]')).toHaveCount(1);
  await scan('today-print-80', true);
  await page.getByRole('button', { name: 'Close the preview' }).click();
});

screen('stock and a product with every flag', async ({ page, app, service, scan, nav }) => {
  // the shop marks one product with every flag there is: the panel's badges are where contrast findings remained
  const flagged = service.store.product(1);
  if (!flagged) throw new Error('the reference service has no product 1');
  service.store.replaceProduct(1, {
    ...flagged,
    ...Object.fromEntries(FLAG_NAMES.map((flag) => [`flag_${flag}`, 'Yes'])),
  });
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByTestId('stock-count')).toHaveText('321 of 321 products');
  await scan('stock', true);
  await page.getByLabel('Search products').fill(String(flagged.sku));
  const grid = page.getByRole('grid', { name: 'Products' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  await grid.getByRole('row').nth(1).dblclick();
  const panel = page.getByRole('dialog', { name: 'Product' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Fragile')).toBeVisible();
  await scan('stock-product-panel');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  // printing from the list (#30.4, #30.5): the shelf labels' preview with a copies field per product, the list's
  await page.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Shelf labels' });
  await expect(labels.getByRole('textbox', { name: `Labels of ${flagged.name}`, exact: true })).toBeVisible();
  await scan('stock-labels-preview', true);
  await labels.getByRole('button', { name: 'Close the preview' }).click();
  await page.getByRole('button', { name: 'Print list' }).click();
  await expect(page.getByRole('dialog', { name: 'Stock list' }).locator('tbody tr')).toHaveCount(1);
  await scan('stock-list-preview', true);
});

screen('outbox: sending, in doubt, rejected, waiting', async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'online');
  expect((await app.core.dispatch('outbox:submit', { draftId: `a11y-0001`, order: sampleOrder() })).ok).toBe(true);
  await nav.getByRole('link', { name: /Outbox/ }).click();
  const entry = page.getByRole('article', { name: 'Outbox entry for Ada Lovelace' });
  await expect(entry.getByTestId('outbox-po')).toBeVisible();
  await entry.getByRole('button', { name: /steps? so far/ }).click();
  await scan('outbox', true);
  // orders that need staff: one whose arrival is in doubt (the service failed), one the service rejected (422)
  service.faults.add({ method: 'POST', path: '/api/order', fault: { kind: 'status', status: 500 }, times: 1 });
  const doubt = sampleOrder({ name: 'Alan Turing', email: 'alan@example.com' });
  expect((await app.core.dispatch('outbox:submit', { draftId: `a11y-0002`, order: doubt })).ok).toBe(true);
  const alan = page.getByRole('article', { name: 'Outbox entry for Alan Turing' });
  await expect(alan.getByLabel('What Shopdesk found on the service')).toBeVisible({ timeout: 20_000 });
  const refused = sampleOrder({
    name: 'Grace Hopper',
    email: 'grace@example.com',
    order_items: [
      { id: 3, quantity: 1 },
      { id: 999_999, quantity: 1 },
    ],
  });
  expect((await app.core.dispatch('outbox:submit', { draftId: `a11y-0003`, order: refused })).ok).toBe(true);
  const grace = page.getByRole('article', { name: 'Outbox entry for Grace Hopper' });
  await page.getByRole('tab', { name: /^Needs you/ }).click();
  await expect(grace.getByRole('button', { name: 'Correct the order' })).toBeVisible({ timeout: 20_000 });
  await alan.getByRole('button', { name: /steps? so far/ }).click();
  await scan('outbox-needs-you', true);
  await alan.getByRole('button', { name: 'Send again…' }).click();
  await expect(page.getByRole('dialog', { name: 'Send this order again?' })).toBeVisible();
  await scan('outbox-send-again');
  await page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();

  // and an order waiting to be sent while the service is away
  await service.close();
  await app.core.dispatch('connection:check', {});
  await expect(page.getByRole('status', { name: 'Offline notice' })).toBeVisible({ timeout: 20_000 });
  const waiting = sampleOrder({ name: 'Katherine Johnson', email: 'katherine@example.com' });
  expect((await app.core.dispatch('outbox:submit', { draftId: `a11y-0004`, order: waiting })).ok).toBe(true);
  await page.getByRole('tab', { name: /^Waiting/ }).click();
  await expect(page.getByRole('article', { name: 'Outbox entry for Katherine Johnson' })).toBeVisible();
  await scan('outbox-waiting', true);
});

screen('the order wizard, step by step', async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1 of 5: Customer' })).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Order steps' });
  for (const [i, name] of ['Customer', 'Delivery address', 'Items', 'Prices and dates', 'Review and send'].entries()) {
    await steps.getByRole('button', { name: new RegExp(name) }).click();
    await expect(page.getByRole('heading', { name: `Step ${i + 1} of 5: ${name}` })).toBeVisible();
    await scan(`wizard-${i + 1}`, i === 0);
  }
});

screen('orders on hold and the favourites grid (#30)', async ({ page, app, service, scan }) => {
  await app.connect(service, 'synced');
  const products = (await ask(app.core, 'catalogue:query', { stock: 'in', sort: 'id', offset: 0, limit: 3 })).rows;
  await page.keyboard.press('Control+n');
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: 'Items' }).click();
  // nothing pinned: the most often ordered, with their pins
  await expect(page.getByRole('region', { name: /^Often ordered/ })).toBeVisible();
  await scan('wizard-items-often', true);
  await page
    .getByRole('region', { name: /^Often ordered/ })
    .getByRole('button', { name: /^Pin / })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Favourites' })).toBeVisible();
  await page.getByRole('region', { name: 'Favourites' }).getByTestId('favourite').first().click();
  await scan('wizard-items-favourites', true);
  // on hold without a customer: the name is asked for
  await page.getByRole('button', { name: 'Put on hold', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Put this order on hold' })).toBeVisible();
  await scan('wizard-hold-name', true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: /^On hold/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: 'Items' }).click();
  await page.getByRole('combobox', { name: 'Find a product' }).fill(products[1]!.sku);
  await expect(page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Put on hold', exact: true }).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: /^On hold/ }).getByRole('button')).toHaveCount(2);
  await scan('wizard-held-strip', true);
});

screen('palette, shortcuts and offline', async ({ page, app, service, scan, nav }) => {
  await app.connect(service, 'synced');
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Stock');
  await scan('palette');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Orders' }).click();
  await page.keyboard.press('Shift+?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await scan('shortcuts');
  await page.keyboard.press('Escape');

  await service.close();
  await app.core.dispatch('connection:check', {});
  await expect(page.getByRole('status', { name: 'Offline notice' })).toBeVisible({ timeout: 20_000 });
  await scan('orders-offline', true);
});

/** The state at 1366×768 and, for the main screens and #29's and #30's views, at 1024×700 too. */
async function shoot(page: Page, app: AppHarness, name: string, small: boolean): Promise<void> {
  await app.screenshot(`a11y-${name}-1366`);
  if (!small) return;
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.waitForTimeout(150);
  await app.screenshot(`a11y-${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 768 });
}
