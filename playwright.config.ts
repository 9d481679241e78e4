import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './test/support/chromium';

/**
 * The specs that run a second time in the pseudo-locale: every one that walks the screens through the e2e fixtures.
 * Not: the languages spec (its own locales), a11y and sync-settings (their axe scans: the pseudo transform pads a
 * button's text and its longer label differently, which axe reads as a label/content mismatch no real language has —
 * sync-settings fails so on the navigation's collapse button; it also reads the chosen intervals with toHaveValue,
 * which test/e2e/pseudo.ts does not widen, and writes its screenshots under the English run's names), updates (its own
 * harness), and the build, desktop and Electron specs (no words).
 */
const PSEUDO_SPECS = [
  'e2e/orders.spec.ts',
  'e2e/order-entry.spec.ts',
  'e2e/order-entry-screens.spec.ts',
  'e2e/stock.spec.ts',
  'e2e/outbox.spec.ts',
  'e2e/outbox-todo.spec.ts',
  'e2e/foundation.spec.ts',
  'e2e/glance.spec.ts',
  'e2e/print.spec.ts',
  'e2e/labels.spec.ts',
  'e2e/counter.spec.ts',
  'e2e/items-lines.spec.ts',
  'e2e/reliability.spec.ts',
  'e2e/security.spec.ts',
  'e2e/refusals.spec.ts',
  'e2e/scan-quantity.spec.ts',
  'e2e/scan-labels.spec.ts',
  'e2e/scanner-check.spec.ts',
  'e2e/held-orders.spec.ts',
  'e2e/favourites.spec.ts',
  'e2e/today.spec.ts',
];

export default defineConfig({
  testDir: 'test',
  testMatch: ['e2e/**/*.spec.ts', 'electron/**/*.spec.ts'],
  // obtains the Electron binary for the Electron specs, as npm start does (downloading it where it is missing)
  globalSetup: './test/support/electron-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
  projects: [
    { name: 'en' },
    // Issue #18: the specs of the main screens a second time in the pseudo-locale (test/e2e/pseudo.ts)
    {
      name: 'pseudo',
      use: { locale: 'en-XA' },
      testMatch: PSEUDO_SPECS,
    },
  ],
});
