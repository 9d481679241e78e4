/// <reference lib="dom" />
/**
 * npm run bench:first-screen — what opening Shopdesk costs before staff see their orders (not a test):
 *  - the script the first screen loads (bytes, uncompressed), and how much of the built renderer that is;
 *  - in Chromium through the browser host, a cold open each time (a fresh browser context, nothing cached): time
 *    from navigation to the first order rows painted (median and spread of several opens), and to first paint;
 *  - warm: the same browser context opening the app again (its scripts from the HTTP cache, as a desktop's window
 *    reopening finds them on disk), to the first rows, and what it waited for on the way (medians, ms from
 *    navigation): the last script before the rows, each of main's first reads asked and answered, first paint.
 */
import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startWebHost } from '../electron/web/host';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/chromium';
import { percentile, refreshedCore, round } from './support';
import { startService } from '../server/index';

// --renderer: another build of the renderer to measure (e.g. an older one, for a before/after on the same machine)
const { values } = parseArgs({
  options: { opens: { type: 'string', default: '9' }, renderer: { type: 'string', default: 'out/renderer' } },
});
const OPENS = Number(values.opens);
const rendererDir = path.resolve(values.renderer);
if (!fs.existsSync(path.join(rendererDir, 'index.html'))) throw new Error('Build first (npm run build).');
const line = (label: string, value: string): void => console.log(`${label.padEnd(58)} ${value}`);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} kB`;

const built = fs
  .readdirSync(path.join(rendererDir, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + fs.statSync(path.join(rendererDir, 'assets', f)).size, 0);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-first-'));
const service = await startService({ token: 'bench', products: 500, orders: 2000, seed: 3 });
const { core } = await refreshedCore(work, service);
const summary: Record<string, unknown> = {};
try {
  const host = await startWebHost({ core, rendererDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const rows: number[] = [];
    const paints: number[] = [];
    const warm: number[] = [];
    const steps = new Map<string, number[]>();
    let scriptBytes = 0;
    for (let i = 0; i < OPENS + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(host.loginUrl(), { waitUntil: 'commit' });
      const atRows = await firstRows(page);
      const measured = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        // scripts fetched by then: the entry module and whatever it imports before the rows show
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\.js(\?|$)/.test(e.name))
          .reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0),
      }));
      // warm: the app opened again in the same context (signed in, scripts cached), once its chunks have come too
      await page.waitForTimeout(1500);
      await page.reload({ waitUntil: 'commit' });
      const atWarmRows = await firstRows(page);
      const warmSteps = await stepsBefore(page, atWarmRows);
      await context.close();
      if (i === 0) continue; // the first open warms Chromium itself
      rows.push(atRows);
      warm.push(atWarmRows);
      paints.push(measured.paint);
      scriptBytes = Math.max(scriptBytes, measured.scripts);
      for (const [name, at] of warmSteps) steps.set(name, [...(steps.get(name) ?? []), at]);
    }
    summary.firstScreenScriptBytes = scriptBytes;
    summary.builtScriptBytes = built;
    summary.firstRowsMedianMs = round(percentile(rows, 50), 0);
    summary.firstRowsMinMs = round(Math.min(...rows), 0);
    summary.firstRowsMaxMs = round(Math.max(...rows), 0);
    summary.firstPaintMedianMs = round(percentile(paints, 50), 0);
    summary.warmFirstRowsMedianMs = round(percentile(warm, 50), 0);
    summary.warmFirstRowsMinMs = round(Math.min(...warm), 0);
    summary.warmFirstRowsMaxMs = round(Math.max(...warm), 0);
    line('script loaded before the first rows (uncompressed)', `${kb(scriptBytes)} of ${kb(built)} built`);
    line(
      `cold open to first order rows painted (${OPENS} opens)`,
      `median ${summary.firstRowsMedianMs} ms (${summary.firstRowsMinMs}–${summary.firstRowsMaxMs})`,
    );
    line('cold open to first contentful paint, median', `${summary.firstPaintMedianMs} ms`);
    line(
      `warm open (same context again) to first order rows (${OPENS})`,
      `median ${summary.warmFirstRowsMedianMs} ms (${summary.warmFirstRowsMinMs}–${summary.warmFirstRowsMaxMs})`,
    );
    const medians = [...steps].map(([name, at]) => [name, percentile(at, 50)] as const).sort((a, b) => a[1] - b[1]);
    for (const [name, at] of medians) line(`  warm: ${name}`, `${round(at, 0)} ms`);
    summary.warmSteps = Object.fromEntries(medians.map(([name, at]) => [name, round(at, 0)]));
  } finally {
    await browser.close();
    await host.close();
  }
} finally {
  await core.close();
  await service.close();
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(JSON.stringify(summary));

/**
 * What an open did on its way to its first rows (ms from navigation): the last script in before them, each of main's
 * reads (the bridge's /ipc/<channel>) asked and answered (the first of each channel, those after the rows too, so
 * every open counts in each median), first paint.
 */
async function stepsBefore(page: Page, rowsAt: number): Promise<[string, number][]> {
  const found = await page.evaluate(() => {
    const out: [string, number][] = [];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    if (paint) out.push(['first paint', paint.startTime]);
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((e) => /\.js(\?|$)/.test(e.name));
    const seen = new Set<string>();
    for (const e of resources) {
      const channel = /\/ipc\/([^?]+)/.exec(e.name)?.[1];
      if (!channel || seen.has(channel)) continue;
      seen.add(channel);
      out.push(
        [`${decodeURIComponent(channel)} asked`, e.startTime],
        [`${decodeURIComponent(channel)} answered`, e.responseEnd],
      );
    }
    return { out, scripts: scripts.map((e) => e.responseEnd) };
  });
  const scriptsBefore = found.scripts.filter((at) => at <= rowsAt);
  const steps = found.out;
  if (scriptsBefore.length) steps.push(['last script in', Math.max(...scriptsBefore)]);
  steps.push(['first rows', rowsAt]);
  return steps;
}

/** Time from navigation to the order list's first row painted with its data (not a skeleton). */
async function firstRows(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const cell = document.querySelector(
        '[role="grid"][aria-label="Orders"] [role="row"][aria-rowindex="2"] [role="gridcell"]',
      );
      return cell && cell.textContent && !cell.querySelector('.mantine-Skeleton-root') ? performance.now() : null;
    },
    undefined,
    { polling: 'raf', timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}
