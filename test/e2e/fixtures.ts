/**
 * E2E fixtures: a fresh data folder, the real core and browser host per test, and a reference service on demand.
 * Page objects live beside the specs.
 */
import { expect as baseExpect, test as base, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../electron/main/core/index';
import { FileVault } from '../../electron/main/core/settings/vault';
import { startWebHost, type WebHost } from '../../electron/web/host';
import { startService, type RunningService } from '../../server/index';
import { ask } from '../support/ask';
import { translatorFor } from './i18n';
import { lookUpInPseudo, widenExpect } from './pseudo';
import type { Translator } from '../../shared/i18n/translate';

export const REPORTS = path.resolve('reports/screens');

export interface AppHarness {
  core: Core;
  host: WebHost;
  dataDir: string;
  open(): Promise<void>;
  /**
   * Opens the app and connects it to a service through Settings, as staff would; waits until it is online (not with
   * 'saved'), and with 'synced' also until the catalogue and the order book are on this computer.
   */
  connect(to: { url: string; token: string }, until?: 'saved' | 'online' | 'synced'): Promise<void>;
  screenshot(name: string): Promise<void>;
  /** Closes the core and the host, starts them again on the same data folder and opens the app: a restart. */
  restart(): Promise<void>;
}

/** expect(), whose text matchers take the pseudo-locale's words too in the pseudo project (./pseudo.ts). */
const expect = widenExpect(baseExpect);

export const test = base.extend<{
  app: AppHarness;
  service: RunningService;
  t: Translator['t'];
  pseudoWords: void;
}>({
  /** The pseudo project (playwright.config.ts): English names in the tests find the pseudo-locale's words. */
  pseudoWords: [
    async ({ page }, use, testInfo) => {
      // the project, not the locale: the languages spec opens en-XA in the English project and words names itself
      if (testInfo.project.name === 'pseudo') lookUpInPseudo(page);
      await use();
    },
    { auto: true },
  ],
  /** Words as the app says them in this project's locale (test/e2e/i18n.ts). */
  t: async ({ locale }, use) => {
    await use(translatorFor(locale ?? 'en-US').t);
  },
  app: async ({ page }, use, testInfo) => {
    // the pseudo project's shots beside the English ones, not over them
    const shotPrefix = testInfo.project.name === 'pseudo' ? 'pseudo-' : '';
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-e2e-'));
    // the core's log goes to a file in the data folder, as the app's does (the token scan reads it)
    const logFile = path.join(dataDir, 'logs', 'main.log');
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    const write = (level: string) => (message: string, detail?: unknown) =>
      fs.appendFileSync(logFile, `${level} ${message}${detail === undefined ? '' : ` ${String(detail)}`}\n`);
    const start = async () => {
      const core = createCore({
        dataDir,
        vault: new FileVault(path.join(dataDir, 'vault')),
        host: 'browser',
        version: '0.0.0-test',
        log: { info: write('info'), warn: write('warn'), error: write('error') },
      });
      return { core, host: await startWebHost({ core, rendererDir: path.resolve('out/renderer') }) };
    };
    let { core, host } = await start();
    fs.mkdirSync(REPORTS, { recursive: true });
    const harness: AppHarness = {
      core,
      host,
      dataDir,
      open: async () => {
        await page.goto(host.loginUrl());
      },
      connect: async (to, until = 'online') => {
        await page.goto(host.loginUrl());
        const settings = new SettingsPage(page);
        await settings.goto();
        await settings.fill(to.url, to.token);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        if (until === 'saved') return;
        await expect(indicator(page)).toHaveAccessibleName('Connection: Online');
        if (until === 'online') return;
        // a first download on a busy two-core machine can take longer than the default 10 s: waited for, not assumed
        await expect
          .poll(async () => (await ask(core, 'catalogue:status', {})).state, { timeout: 45_000 })
          .toBe('complete');
        await expect
          .poll(async () => (await ask(core, 'orders:status', {})).cachedOrders, { timeout: 45_000 })
          .toBeGreaterThan(0);
      },
      screenshot: async (name) => {
        await page.screenshot({
          path: path.join(REPORTS, `${shotPrefix}${name}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      },
      restart: async () => {
        await host.close();
        await core.close();
        ({ core, host } = await start());
        harness.core = core;
        harness.host = host;
        await page.goto(host.loginUrl());
      },
    };
    await use(harness);
    await host.close();
    await core.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startService({ token: 'e2e-service-token', products: 321, orders: 40, seed: 11 });
    await use(service);
    await service.close();
  },
});

export { expect };

/** Settings screen, by role and label. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
  }
  address() {
    return this.page.getByLabel('Service address');
  }
  token() {
    return this.page.getByLabel('API token');
  }
  async fill(address: string, token: string): Promise<void> {
    await this.address().fill(address);
    await this.token().fill(token);
  }
  async test(): Promise<void> {
    await this.page.getByRole('button', { name: 'Test connection' }).click();
  }
  result() {
    return this.page.getByRole('status', { name: 'Connection test result' });
  }
}

export const indicator = (page: Page) => page.getByRole('status', { name: /^Connection:/ });

/**
 * Staff press Check now while it is offered. The app's own retry (the scheduler) may see the service back first and take
 * the offline bar, with the button, away mid-click: then the app must be online and the button gone for good.
 */
export async function pressCheckNow(page: Page): Promise<void> {
  const checkNow = page.getByRole('button', { name: 'Check now' });
  await checkNow.click({ timeout: 5000 }).catch(async () => {
    await expect(indicator(page)).toHaveAccessibleName('Connection: Online');
    await expect(checkNow).toHaveCount(0);
  });
}
