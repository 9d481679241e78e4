/**
 * Issue #18 in the browser: every screen in the pseudo-locale (accented, ~35 % longer, bracketed), in German and in
 * German in the dark theme, shot at 1366×768 and 1024×700 (reports/screens/18-*; the German order sheet as printed
 * too), with the pseudo-locale's chrome (buttons, tabs, headings, labels, column headers, alerts) checked for words that
 * did not come from the catalogues and the dark German screens scanned with axe-core (no serious or critical finding);
 * and the order wizard typed in German number, date and country formats sends exactly the order the English run sends.
 */
import { axeOn } from './axe';
import type { Browser, Locator, Page } from '@playwright/test';
import path from 'node:path';
import type { NewOrder, ProductRow } from '../../shared/domain';
import type { RunningService } from '../../server/index';
import { ask } from '../support/ask';
import { sampleOrder } from '../support/sample-order';
import { expect, REPORTS, test, type AppHarness } from './fixtures';
import { translatorFor } from './i18n';
import { scanOn } from './scanner';

// each test has its own app, data folder and service: they are spread over the workers, not run in one
test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
];

/** Connected and synced without the Settings screen (whose words are the locale's). */
async function connected(app: AppHarness, service: RunningService): Promise<void> {
  const saved = await app.core.dispatch('settings:save', { baseUrl: service.url, token: service.token });
  expect(saved.ok).toBe(true);
  await expect
    .poll(async () => (await ask(app.core, 'catalogue:status', {})).state, { timeout: 30_000 })
    .toBe('complete');
  await expect.poll(async () => (await ask(app.core, 'orders:status', {})).cachedOrders).toBeGreaterThan(0);
}

/** Pseudo-locale letters and brackets: text with none of them did not come from a catalogue. */
const PSEUDO_MARK = /[åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ[\]]/;

/** Visible chrome (not data) with three letters or more in a row and no pseudo-locale mark. */
async function untranslated(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const chrome = document.querySelectorAll(
      'button, [role=tab], thead th, label, h1, h2, h3, h4, [role=alert], [role=status], .mantine-Input-description',
    );
    for (const el of chrome) {
      const html = el as HTMLElement;
      if (!html.checkVisibility?.() || html.closest('[data-i18n-data], tbody, [role=listbox]')) continue;
      const text = html.innerText?.trim() ?? '';
      if (text) found.push(text);
    }
    return found;
  });
  return [...new Set(texts.filter((text) => /[A-Za-z]{3}/.test(text) && !PSEUDO_MARK.test(text)))];
}

/** The words of the open list's options that run onto a second line (their text's lines counted by their tops). */
async function wrappedOptions(page: Page): Promise<string[]> {
  return page
    .getByRole('listbox')
    .getByRole('option')
    .evaluateAll((options) =>
      options
        .filter((option) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(option, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
          }
          return tops.size > 1;
        })
        .map((option) => option.textContent ?? ''),
    );
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical axe-core findings on the page as it is (other impacts are not counted). */
async function axeFindings(page: Page, name: string): Promise<string[]> {
  const result = await axeOn(page).withTags(AXE_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function shoot(
  page: Page,
  name: string,
  check: boolean,
  problems: string[],
  /** What to bring into view, its end, at each size (the screens scroll inside the frame: a full-page shot stops there). */
  inView?: Locator,
  /** Scan with axe-core too: a serious or critical finding is a problem. */
  axe = false,
): Promise<void> {
  await page.waitForTimeout(150); // transitions and lazy chunks settle
  if (check) for (const text of await untranslated(page)) problems.push(`${name}: ${text}`);
  if (axe) problems.push(...(await axeFindings(page, name)));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await inView?.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await page.screenshot({
      path: path.join(REPORTS, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(SIZES[0]!);
}

/**
 * The pseudo-locale (words checked), and German in the light and then, where each screen stands, the dark theme
 * (scanned with axe-core as well): one walk for both themes (CI time: a walk cost as much as its shots and scans).
 */
const RUNS = [
  { locale: 'en-XA', themes: ['light'], prefix: '18-pseudo' },
  { locale: 'de-DE', themes: ['light', 'dark'], prefix: '18-de' },
] as const;

/** What one part of a run draws: the page open on the app, connected and synced, the locale's words at hand. */
interface Part {
  page: Page;
  app: AppHarness;
  base: string;
  t: ReturnType<typeof translatorFor>['t'];
  /** Shoot the page as it is (words checked in the pseudo-locale, axe-core in the dark run, unless told otherwise). */
  shot: (name: string, inView?: Locator, check?: boolean, scan?: boolean) => Promise<void>;
  pseudo: boolean;
  prefix: string;
}

/**
 * Each run in four parts, one test each (a whole run in one test took two minutes quiet and timed out under load): the
 * order list and an order with its print sheet; stock and a product; the outbox and settings; each wizard step.
 */
const PARTS: { name: string; draw: (part: Part) => Promise<void>; timeout?: number }[] = [
  {
    name: 'orders, an order and its print sheet',
    draw: async ({ page, base, t, shot, pseudo, prefix }) => {
      await page.goto(`${base}/#/orders`);
      await expect(page.getByRole('heading', { level: 1, name: t('nav.orders') })).toBeVisible();
      await expect(page.getByRole('row').nth(2)).toBeVisible();
      await shot(`${prefix}-orders`);
      // the Status list is as wide as its longest option: none runs onto a second line (German's "In Bearbeitung (10)"
      // did in a list as narrow as the field), and the field keeps its own width; on this short window the filters are
      // folded away, so they are unfolded for it and folded again after
      const tools = page.getByRole('button', { name: t('orders.tools'), exact: true });
      await tools.click();
      const status = page.getByRole('combobox', { name: t('orders.col.status') });
      const fieldWidth = (await status.boundingBox())!.width;
      await status.click();
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      expect(await wrappedOptions(page), 'status options on two lines').toEqual([]);
      expect((await page.getByRole('listbox').boundingBox())!.width).toBeGreaterThanOrEqual(fieldWidth - 1);
      expect((await status.boundingBox())!.width).toBe(fieldWidth);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await tools.click();
      await expect(tools).toHaveAttribute('aria-expanded', 'false');
      await page.goto(`${base}/#/orders/1`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
      await shot(`${prefix}-order`);
      // the order sheet as printed (a document: black on white whatever the theme), in the language of the screen
      if (!pseudo) {
        await page.emulateMedia({ media: 'print' });
        await expect(page.getByRole('article', { name: t('sheet.label') })).toBeVisible();
        await shot(`${prefix}-print`, undefined, false, false);
        await page.emulateMedia({ media: 'screen' });
      }
    },
  },
  {
    name: 'stock and a product',
    draw: async ({ page, base, t, shot, prefix }) => {
      await page.goto(`${base}/#/stock`);
      await expect(page.getByRole('heading', { level: 1, name: t('nav.stock') })).toBeVisible();
      await expect(page.getByRole('row').nth(2)).toBeVisible();
      await shot(`${prefix}-stock`);
      await page.getByRole('row').nth(2).click();
      await page.waitForTimeout(1000); // the product panel reads the product live, then settles
      await shot(`${prefix}-product`);
    },
  },
  {
    name: 'the outbox and settings',
    draw: async ({ page, app, base, t, shot, prefix }) => {
      // one order sent from here, so the outbox has something to say
      expect(
        (await app.core.dispatch('outbox:submit', { draftId: `e2e-i18n-${prefix}`, order: sampleOrder() })).ok,
      ).toBe(true);
      await expect.poll(async () => (await ask(app.core, 'outbox:list', {})).entries[0]?.state).toBe('sent');
      await page.goto(`${base}/#/outbox`);
      await expect(page.getByRole('heading', { level: 1, name: t('nav.outbox') })).toBeVisible();
      await expect(page.getByRole('tablist', { name: t('outbox.lists') })).toBeVisible();
      await page.getByRole('button', { name: t('outbox.steps.show', { count: 1 }) }).click();
      await shot(`${prefix}-outbox`);
      await page.goto(`${base}/#/settings`);
      await expect(page.getByRole('heading', { level: 1, name: t('nav.settings') })).toBeVisible();
      await page.getByRole('button', { name: t('settings.test') }).click();
      await expect(page.getByRole('status', { name: t('settings.testResult') })).toBeVisible();
      await shot(`${prefix}-settings`);
      // further down: Settings → Updates and Settings → Sync
      for (const [name, key] of [
        ['updates', 'updates.title'],
        ['sync', 'settings.sync.title'],
      ] as const) {
        const section = page.getByRole('region', { name: t(key), exact: true });
        await expect(section).toBeVisible();
        await shot(`${prefix}-settings-${name}`, section, false);
      }
    },
  },
  {
    name: "today's figures and their print preview",
    draw: async ({ page, app, base, t, shot, prefix }) => {
      // an order on hold: its count on "New order" in the navigation
      const held = { onHold: { name: 'Anna', at: Date.now(), slot: 1 } };
      expect((await app.core.dispatch('drafts:save', { id: `e2e-held-${prefix}`, step: 1, data: held })).ok).toBe(true);
      await page.goto(`${base}/#/today`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: t('figures.title') })).toBeVisible();
      await expect(page.getByTestId('figures-coverage')).toBeVisible();
      const nav = page.getByRole('navigation', { name: t('app.mainNavigation') });
      await expect(nav.getByLabel(t('nav.held', { count: 1 }))).toBeVisible();
      // at 1024×700 every entry on one line (German's "Neue Bestellung" with its count too) and nothing scrolls sideways
      await page.setViewportSize(SIZES[1]!);
      const heights = await nav.getByRole('link').evaluateAll((links) => links.map((l) => l.clientHeight));
      expect(new Set(heights).size, `navigation entries' heights ${heights.join(', ')}`).toBe(1);
      const sideways = await page.evaluate(() =>
        [document.documentElement, document.querySelector('main')].map((e) => (e ? e.scrollWidth - e.clientWidth : 0)),
      );
      expect(sideways, 'page and main scroll sideways by').toEqual([0, 0]);
      await page.setViewportSize(SIZES[0]!);
      await shot(`${prefix}-today`);
      // sixty days: every table (by status, hour and day, the top products)
      const from = page.getByRole('textbox', { name: t('figures.from'), exact: true });
      await from.fill(new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10));
      await from.press('Enter');
      await page.keyboard.press('Escape'); // the calendar closed: the screen is shot, not Mantine's date picker
      // the calendar fades out (a role-less popover): the shot waits until it has gone (its month is Mantine's word)
      await expect(page.locator('.mantine-Popover-dropdown')).toHaveCount(0);
      await expect(page.getByTestId('figures-by-day')).toBeVisible();
      await shot(`${prefix}-today-range`);
      // on paper through the print preview: A4, then the till's 80 mm roll (a document: black on white)
      await page.getByRole('button', { name: t('figures.print'), exact: true }).click();
      const preview = page.getByRole('dialog');
      await expect(preview.getByRole('region', { name: t('print.preview') })).toBeVisible();
      await shot(`${prefix}-today-print-a4`);
      await preview.getByText(t('print.size.slip', { width: 80 }), { exact: true }).click();
      await expect(page.locator('.print-root[data-width-mm="80"]')).toHaveCount(1);
      await shot(`${prefix}-today-print-80`);
    },
  },
  {
    // issue #29's views: Settings → Scanner (what a scan sent and the settings it proposes), its labels from a scale
    // with a label tried, Settings → Printing (#30.6, and #30.4's threshold), and the scanner's test sheet
    name: 'settings: the scanner check, labels from a scale, printing, the test sheet',
    timeout: 120_000,
    draw: async ({ page, base, t, shot, prefix }) => {
      await page.goto(`${base}/#/settings`);
      await expect(page.getByRole('heading', { level: 1, name: t('nav.settings') })).toBeVisible();
      const field = page.getByRole('textbox', { name: t('scanCheck.field') });
      await field.focus();
      await scanOn(page, '4006381333931', 'us', 'Tab');
      await expect(page.getByRole('table', { name: t('scanCheck.result') })).toContainText('4006381333931');
      await shot(`${prefix}-settings-scanner`, page.getByTestId('scan-check-proposal'));
      await page.getByRole('checkbox', { name: t('settings.labels.use', { pattern: '21 PPPPP WWWWW C' }) }).check();
      await page.getByRole('textbox', { name: t('settings.labels.try') }).fill('2100123012343');
      await expect(page.getByTestId('label-preview')).toContainText('00123');
      await shot(`${prefix}-settings-labels`, page.getByTestId('label-preview'));
      // what each rule sends is read whole in its field at both sizes (German's long choice was cut off at 1366×768)
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const sends = page.getByRole('table', { name: t('settings.labels.table') }).getByRole('combobox');
        await expect(sends).toHaveCount(5);
        const cut = await sends.evaluateAll((fields) =>
          fields.flatMap((f) => (f.scrollWidth > f.clientWidth ? [(f as HTMLInputElement).value] : [])),
        );
        expect(cut, `choices cut off at ${size.width}×${size.height}`).toEqual([]);
      }
      await page.setViewportSize(SIZES[0]!);
      await shot(`${prefix}-settings-printing`, page.getByRole('textbox', { name: t('settings.stock.lowStock') }));
      await page.getByRole('button', { name: t('scanCheck.printSheet') }).click();
      const sheet = page.getByRole('dialog', { name: t('scanCheck.sheetTitle') });
      await expect(sheet.getByRole('region', { name: t('print.preview') })).toBeVisible();
      await shot(`${prefix}-scanner-test-sheet`);
    },
  },
  {
    // issue #30's views in the wizard and on paper: orders on hold (the strip, the name asked for), the favourites grid
    // with a quantity typed for the next scan, Stock's shelf labels and reorder list, an order's 80 mm till slip
    name: 'orders on hold, favourites, shelf labels, the reorder list, a till slip',
    timeout: 150_000,
    draw: async ({ page, app, base, t, shot, prefix }) => {
      const products = (await inStock(app)).slice(0, 6);
      const line = (p: ProductRow) => ({
        productId: p.id,
        sku: p.sku,
        name: p.name,
        price: p.price,
        available: p.available,
        addedAt: Date.now(),
        quantity: 1,
      });
      for (const [i, name] of ['Anna', 'Blue jacket'].entries()) {
        const data = { lines: [line(products[i]!)], onHold: { name, at: Date.now() - (i + 1) * 600_000, slot: i + 1 } };
        const saved = await app.core.dispatch('drafts:save', { id: `e2e-held-${prefix}-${i}`, step: 2, data });
        expect(saved.ok).toBe(true);
      }
      // four pinned, and "low" up to 12 in stock, so the reorder list has products to show
      const prefs = { favourites: products.slice(2).map((p) => p.id), lowStock: 12 };
      expect((await app.core.dispatch('ui:set', prefs)).ok).toBe(true);
      // a new order (New order itself lists the drafts first: the two on hold are drafts)
      await page.goto(`${base}/#/new-order/e2e-new-${prefix}`);
      await page.reload();
      const steps = page.getByRole('navigation', { name: t('wizard.steps') });
      await steps.getByRole('button').nth(2).click();
      const favourites = page.getByRole('region', { name: t('favourites.title'), exact: true });
      await expect(favourites.getByTestId('favourite')).toHaveCount(4);
      await favourites.getByTestId('favourite').first().click();
      await expect(
        page.getByRole('row', { name: t('wizard.items.line', { number: 1, sku: products[2]!.sku }) }),
      ).toBeVisible();
      await page.getByLabel(t('wizard.items.scan')).focus();
      await page.keyboard.type('5*');
      await expect(page.getByText(t('wizard.items.next', { quantity: 5 }), { exact: true })).toBeVisible();
      await expect(page.getByRole('navigation', { name: t('hold.strip', { count: 2 }) })).toBeVisible();
      await shot(`${prefix}-wizard-held-favourites`);
      await page.getByRole('button', { name: t('hold.put'), exact: true }).click();
      const asked = page.getByRole('dialog', { name: t('hold.nameTitle') });
      await expect(asked).toBeVisible();
      await shot(`${prefix}-wizard-hold-name`);
      await page.keyboard.press('Escape');
      await expect(asked).toBeHidden();

      await page.goto(`${base}/#/stock`);
      await expect(page.getByRole('heading', { level: 1, name: t('nav.stock') })).toBeVisible();
      await expect(page.getByRole('row').nth(2)).toBeVisible();
      // the segmented control's radio is drawn over by its label: clicked as a keyboard or screen reader would
      await page.getByRole('radio', { name: t('stock.level.lowOrOut') }).dispatchEvent('click');
      await page.getByRole('button', { name: t('labels.print') }).click();
      const labels = page.getByRole('dialog', { name: t('labels.title') });
      await expect(labels.getByRole('region', { name: t('print.preview') })).toBeVisible();
      await shot(`${prefix}-stock-labels`);
      await labels.getByRole('button', { name: t('print.closePreview') }).click();
      await expect(labels).toBeHidden();
      await page.getByRole('button', { name: t('reorder.print') }).click();
      const reorder = page.getByRole('dialog', { name: t('reorder.title') });
      await expect(reorder.getByRole('region', { name: t('print.preview') })).toBeVisible();
      await shot(`${prefix}-stock-reorder`);
      await reorder.getByRole('button', { name: t('print.closePreview') }).click();

      await page.goto(`${base}/#/orders/1`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: t('order.print') }).click();
      const preview = page.getByRole('dialog');
      await expect(preview.getByRole('region', { name: t('print.preview') })).toBeVisible();
      await preview.getByText(t('print.size.slip', { width: 80 }), { exact: true }).click();
      await expect(page.locator('.print-root[data-width-mm="80"]')).toHaveCount(1);
      await shot(`${prefix}-order-slip-80`);
    },
  },
  {
    name: 'each wizard step',
    draw: async ({ page, app, base, t, shot, prefix }) => {
      // the wizard: each step in turn from the step list, one product on the items step
      await page.goto(`${base}/#/new-order`);
      const steps = page.getByRole('navigation', { name: t('wizard.steps') });
      await expect(steps).toBeVisible();
      await shot(`${prefix}-wizard-1`);
      const product = (await inStock(app))[0]!;
      for (const step of [1, 2, 3, 4] as const) {
        await steps.getByRole('button').nth(step).click();
        if (step === 2) {
          await page.getByLabel(t('wizard.items.scan')).fill(product.barcode!);
          await page.keyboard.press('Enter');
          await expect(
            page.getByRole('row', { name: t('wizard.items.line', { number: 1, sku: product.sku }) }),
          ).toBeVisible();
        }
        await shot(`${prefix}-wizard-${step + 1}`);
      }
    },
  },
];

for (const { locale, themes, prefix } of RUNS) {
  test.describe(`every screen in ${locale} (${themes.join(' and ')})`, () => {
    test.use({ locale, viewport: SIZES[0], colorScheme: 'light' });

    for (const { name, draw, timeout = 90_000 } of PARTS) {
      test(`${locale}, ${themes.join(' and ')}: ${name}`, async ({ page, app, service }) => {
        test.setTimeout(timeout * themes.length);
        const { t } = translatorFor(locale);
        const pseudo = locale === 'en-XA';
        const problems: string[] = [];
        await connected(app, service);
        await app.open();
        const base = new URL(page.url()).origin;
        await expect(page.getByRole('navigation', { name: t('app.mainNavigation') })).toBeVisible();
        const inTheme = async (theme: 'light' | 'dark'): Promise<void> => {
          await page.emulateMedia({ colorScheme: theme });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        };
        // each state shot in every theme of the run (the dark one under its own name, scanned with axe-core)
        const shot = async (shotName: string, inView?: Locator, check = pseudo, scan = true): Promise<void> => {
          for (const theme of themes) {
            if (theme !== 'light') await inTheme(theme);
            const named = theme === 'light' ? shotName : shotName.replace(prefix, `${prefix}-${theme}`);
            await shoot(page, named, check && theme === 'light', problems, inView, scan && theme === 'dark');
          }
          if (themes.length > 1) await inTheme('light');
        };
        await draw({ page, app, base, t, shot, pseudo, prefix });
        expect(problems, 'words not from the catalogues').toEqual([]);
      });
    }
  });
}

/** Products in stock with a barcode and a price, from the local catalogue. */
async function inStock(app: AppHarness): Promise<ProductRow[]> {
  const window = await ask(app.core, 'catalogue:query', { stock: 'in', sort: 'id', offset: 0, limit: 50 });
  return window.rows.filter((r) => r.barcode && r.price && (r.available ?? 0) > 3);
}

/** The whole wizard by label in one language, typing amounts and a date as that locale writes them. */
async function enterOrder(
  browser: Browser,
  app: AppHarness,
  locale: string,
  typed: { shipping: string; discounts: string; date: string; country: string },
  product: ProductRow,
): Promise<void> {
  const context = await browser.newContext({ locale, viewport: SIZES[0] });
  const page = await context.newPage();
  const { t } = translatorFor(locale);
  const next = (step: number) => page.getByRole('button', { name: t('wizard.next', { name: t(stepKey(step)) }) });
  try {
    await page.goto(app.host.loginUrl());
    await page.goto(`${new URL(page.url()).origin}/#/new-order`);
    await expect(page.getByRole('combobox', { name: t('wizard.customer.find') })).toBeFocused();
    await page.keyboard.press('Enter'); // a new customer
    await page.getByLabel(t('wizard.customer.name')).fill('Grace Hopper');
    await page.getByLabel(t('wizard.customer.email')).fill('grace@example.com');
    await page.getByLabel(t('wizard.customer.phone')).fill('+1 202 555 0100');
    await next(1).click();
    await page.getByLabel(t('wizard.address.line1')).fill('1 Navy Yard');
    await page.getByLabel(t('wizard.address.zip')).fill('20374');
    await page.getByLabel(t('wizard.address.city')).fill('Washington');
    await page.getByLabel(t('wizard.address.province')).fill('DC');
    await page.getByRole('combobox', { name: t('wizard.address.country') }).fill(typed.country);
    await next(2).click();
    await page.getByLabel(t('wizard.items.scan')).fill(product.barcode!);
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: t('wizard.items.quantityOf', { sku: product.sku }) }).fill('3');
    await next(3).click();
    await page.getByLabel(t('wizard.prices.shipping')).fill(typed.shipping);
    await page.getByLabel(t('wizard.prices.discounts')).fill(typed.discounts);
    const date = page.getByRole('textbox', { name: t('wizard.dates.order'), exact: true });
    await date.fill(typed.date);
    await date.press('Tab');
    await next(4).click();
    await page.getByRole('button', { name: t('wizard.review.send') }).click();
    await expect(page).toHaveURL(/#\/(new-order\/sent|orders)\//);
  } finally {
    await context.close();
  }
}

const stepKey = (step: number) =>
  (['wizard.step.0', 'wizard.step.1', 'wizard.step.2', 'wizard.step.3', 'wizard.step.4'] as const)[step]!;

test('the wizard typed in German (4,95, 20.11.2026, Vereinigte Staaten) sends exactly the order the English run sends', async ({
  browser,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await connected(app, service);
  const [product] = await inStock(app);
  const en = { shipping: '4.95', discounts: '1.50', date: '20/11/2026', country: 'United States' };
  const de = { shipping: '4,95', discounts: '1,50', date: '20.11.2026', country: 'Vereinigte Staaten' };
  await enterOrder(browser, app, 'en-GB', en, product!);
  await enterOrder(browser, app, 'de-DE', de, product!);
  const sent = (await ask(app.core, 'outbox:list', {})).entries.map((e) => e.order as NewOrder);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
  expect(sent[0]).toMatchObject({
    shipping_cost: '4.95',
    total_discounts: '1.50',
    country: 'United States',
    order_items: [{ quantity: 3 }],
  });
  expect(sent[0]!.order_date).toMatch(/20/);
  await expect.poll(() => service.stats().orderPosts).toBe(2);
});
