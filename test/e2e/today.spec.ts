/**
 * Today (#30.3): the day's figures for a day with known orders equal what the reference service holds; the CSV of the
 * figures parsed back gives the same amounts; printed on A4 and on an 80 mm roll at those page sizes; reached by its
 * navigation entry and by Ctrl+5; the book's coverage said. A day cleared (by its button, or emptied) is today again.
 * A From that is not a day says why, and its calendar opens below the words, not over them (both sizes, both themes).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Translator } from '../../shared/i18n/translate';
import type { RunningService } from '../../server/index';
import { parseCsv } from '../support/csv-parse';
import { expect, test, type AppHarness } from './fixtures';
import { compact, readPdf } from './pdf';

const OUT = path.resolve('reports/print');

interface ServiceOrderJson {
  order_date: string;
  total_price: string;
  subtotal_price: string;
  total_tax: string;
}

/** Whole cents of a service amount ("12.34"), exact. */
const cents = (money: string): number => {
  const [whole = '0', fraction = ''] = money.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const money = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

test("the day's figures equal what the service holds; CSV parsed back; printed on A4 and 80 mm", async ({
  page,
  app,
  service,
  t,
}) => {
  test.setTimeout(120_000);
  await app.connect(service, 'synced');
  // the day of the reference book with the most orders, and what the service holds for it
  const orders = service.store
    .orderPage(0, service.store.orderCount())
    .map((json) => JSON.parse(json) as ServiceOrderJson);
  const perDay = new Map<string, ServiceOrderJson[]>();
  for (const o of orders) perDay.set(o.order_date, [...(perDay.get(o.order_date) ?? []), o]);
  const [dmy, held] = [...perDay.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  const [d, m, y] = dmy.split('/');
  const iso = `${y}-${m}-${d}`;
  const total = money(held.reduce((s, o) => s + cents(o.total_price), 0));
  const subtotal = money(held.reduce((s, o) => s + cents(o.subtotal_price), 0));

  // reached from the keyboard as the other screens are: Ctrl+5
  await page.keyboard.press('Control+5');
  await expect(page.getByRole('heading', { level: 1, name: "Today's figures" })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  // today runs past the last whole read of the book: complete up to it
  await expect(page.getByTestId('figures-coverage')).toHaveAttribute('data-state', 'until');

  for (const label of ['From', 'To']) {
    const field = page.getByRole('textbox', { name: label });
    await field.fill(iso);
    await field.press('Enter');
  }
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("Today's figures");
  await expect(page.getByTestId('figures-orders')).toHaveText(String(held.length));
  const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');
  await expect.poll(async () => digits(await page.getByTestId('figures-total').textContent())).toBe(digits(total));
  await expect(page.getByTestId('figures-coverage')).toHaveAttribute('data-state', 'complete');
  await expect(page.getByTestId('figures-cached')).toContainText('40');
  await expect(page.getByTestId('figures-top-quantity').getByRole('row')).not.toHaveCount(0);

  // the CSV: the same figures, exact decimal strings, parsed back
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const rows = parseCsv(fs.readFileSync(file, 'utf8'));
  expect(rows[0]).toEqual([
    t('figures.csvSection'),
    t('figures.csvItem'),
    t('figures.orders'),
    t('figures.quantity'),
    t('figures.amount'),
  ]);
  const cell = (section: string, item: string) => rows.find((r) => r[0] === section && r[1] === item);
  expect(cell(t('figures.totals'), t('figures.total'))).toEqual([
    t('figures.totals'),
    t('figures.total'),
    String(held.length),
    '',
    total,
  ]);
  expect(cell(t('figures.totals'), t('figures.subtotal'))?.[4]).toBe(subtotal);
  expect(cell(t('figures.csvRange'), `${iso}/${iso}`)).toBeTruthy();
  expect(cell(t('figures.csvCoverage'), 'complete')).toBeTruthy();
  const statusRows = rows.filter((r) => r[0] === t('figures.byStatus'));
  expect(statusRows.reduce((s, r) => s + Number(r[2]), 0)).toBe(held.length);

  // printed through our own preview (as the order sheet and the stock list are): only the figures, at the paper's size
  // (A4 as the lists print, or the till's 80 mm roll cut after the content). Not the preview's Print button itself:
  // in the browser host it opens the browser's print dialog, which headless Chromium never closes
  fs.mkdirSync(OUT, { recursive: true });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const preview = page.getByRole('dialog');
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Print preview' })).toContainText(String(held.length));
  for (const [paper, name, width, height] of [
    ['A4 sheet', 'A4', 210, 297],
    ['Till slip 80 mm', '80mm', 80, null],
  ] as const) {
    await preview.getByText(paper, { exact: true }).click();
    const root = page.locator(`.print-root[data-width-mm="${width}"]`);
    await expect(root).toHaveCount(1);
    await expect(preview.getByTestId('print-page-size')).toContainText(`${width} ×`);
    const heightMm = Number(await root.getAttribute('data-height-mm'));
    if (height) expect(heightMm).toBe(height);
    // the roll is as long as what is on it
    else expect(heightMm, 'cut after the content').toBeGreaterThan(80);
    await page.emulateMedia({ media: 'print' });
    const printed = root.getByRole('article', { name: "Today's figures" });
    await expect(printed).toBeVisible();
    await expect(preview).toBeHidden();
    await expect(nav).toBeHidden();
    await expect(printed.getByTestId('figures-orders')).toHaveText(String(held.length));
    const pdf = await page.pdf({
      preferCSSPageSize: true,
      printBackground: true,
      path: path.join(OUT, `figures-${name}.pdf`),
    });
    await page.emulateMedia({ media: 'screen' });
    const pages = readPdf(pdf);
    expect(pages[0]!.widthMm, `${name} width`).toBeCloseTo(width, 0);
    expect(pages[0]!.heightMm, `${name} height`).toBeCloseTo(heightMm, 0);
    // the roll on one page; the figures' total on the paper
    if (!height) expect(pages, `${name}: one slip`).toHaveLength(1);
    expect(pages[0]!.compact).toContain(compact(String(held.length)));
  }
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('.print-root')).toHaveCount(0);
});

/** The app opened on Today, its service saved (as Settings would: the screen's words are the run's language). */
async function openToday(page: Page, app: AppHarness, service: RunningService, t: Translator['t']): Promise<void> {
  const saved = await app.core.dispatch('settings:save', { baseUrl: service.url, token: service.token });
  expect(saved.ok).toBe(true);
  await app.open();
  await expect(page.getByRole('navigation', { name: t('app.mainNavigation') })).toBeVisible();
  await page.keyboard.press('Control+5');
  await expect(page.getByRole('heading', { level: 1, name: t('figures.title') })).toBeVisible();
}

/** The counter's screens: a laptop's, and a small window's. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const;

/** Whether what is said under the field (its description: a day that is not one) is drawn on top, covered nowhere. */
const saidInView = (field: Locator): Promise<boolean> =>
  field.evaluate((input) => {
    const said = (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .flatMap((id) => document.getElementById(id) ?? []);
    return (
      said.length > 0 &&
      said.every((el) => {
        const r = el.getBoundingClientRect();
        const points = [
          [r.left + 2, r.top + 2],
          [r.right - 2, r.top + 2],
          [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
          [r.left + 2, r.bottom - 2],
          [r.right - 2, r.bottom - 2],
        ] as const;
        return points.every(([x, y]) => el.contains(document.elementFromPoint(x, y)));
      })
    );
  });

/**
 * A From that is not a day says why under the field, and the calendar that opens with it hangs below those words,
 * never over them: at both sizes, light and dark, in the language of the run (shots in reports/screens).
 */
async function problemShownWithCalendar(page: Page, app: AppHarness, t: Translator['t'], language: string) {
  const from = page.getByRole('textbox', { name: t('figures.from'), exact: true });
  const calendar = page.locator('[data-dates-dropdown]');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      await from.click(); // opens the calendar (closed by Escape at the end of the last round)
      await from.fill('45/45/2030');
      await from.press('Enter');
      await expect(from).toHaveAttribute('aria-invalid', 'true');
      await expect(from).toHaveAccessibleDescription(/\S/);
      await expect(calendar).toBeVisible();
      await expect
        .poll(() => saidInView(from), `${size.width}×${size.height} ${theme}: the problem in view`)
        .toBe(true);
      await app.screenshot(`today-day-problem-${language}-${theme}-${size.width}x${size.height}`);
      await from.press('Escape');
      await expect(calendar).toBeHidden();
      await expect.poll(() => saidInView(from)).toBe(true);
    }
  }
}

test('a From that is not a day stays readable while its calendar is open (1366×768, 1024×700, light and dark)', async ({
  page,
  app,
  service,
  t,
}, testInfo) => {
  await openToday(page, app, service, t);
  await problemShownWithCalendar(page, app, t, testInfo.project.name);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  test('"Von" that is not a day stays readable while its calendar is open', async ({
    page,
    app,
    service,
    t,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'pseudo', 'German once, in the English run');
    await openToday(page, app, service, t);
    await problemShownWithCalendar(page, app, t, 'de');
  });
});

test('a day cleared goes back to today: To by its clear button, From emptied from the keyboard', async ({
  page,
  app,
  service,
  t,
}) => {
  await openToday(page, app, service, t);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(t('figures.title'));
  const from = page.getByRole('textbox', { name: t('figures.from'), exact: true });
  const to = page.getByRole('textbox', { name: t('figures.to'), exact: true });
  const today = await from.inputValue();
  expect(today).not.toBe('');
  await expect(to).toHaveValue(today);

  // yesterday, from the presets: both days move off today
  await page.getByText(t('figures.preset.yesterday'), { exact: true }).click();
  await expect(heading).not.toHaveText(t('figures.title'));
  const yesterday = await from.inputValue();
  expect(yesterday).not.toBe(today);
  await expect(to).toHaveValue(yesterday);

  // To cleared by its button: To is today again, From stays; the figures are for the two days. Each day's clear
  // button has a name of its own (a screen reader heard "Back to today" twice, not which day it resets)
  const clearTo = page.getByRole('button', { name: t('figures.clearTo'), exact: true });
  await expect(clearTo).toHaveCount(1);
  await expect(page.getByRole('button', { name: t('figures.clearFrom'), exact: true })).toHaveCount(1);
  await clearTo.click();
  await expect(to).toHaveValue(today);
  await expect(from).toHaveValue(yesterday);
  await expect(heading).not.toHaveText(t('figures.title'));
  await expect(page.getByRole('radio', { name: t('figures.preset.yesterday') })).not.toBeChecked();

  // From emptied from the keyboard and left: From is today again, and so are the figures, without a problem said
  await from.fill('');
  await from.press('Tab');
  await expect(from).toHaveValue(today);
  await expect(to).toHaveValue(today);
  await expect(heading).toHaveText(t('figures.title'));
  await expect(page.getByRole('radio', { name: t('figures.preset.today') })).toBeChecked();
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
});
