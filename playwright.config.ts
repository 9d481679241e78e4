import { defineConfig } from '@playwright/test';
import { chromiumPath } from './test/support/chromium';

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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
});
