/**
 * Playwright's global setup: obtains the Electron binary the way `npm start` does (scripts/electron-binary.mjs:
 * Electron's own downloader and install.js where it is missing), once per run, and writes what came of it for the
 * Electron specs, which skip only when it truly cannot be had — with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { obtainElectron } from '../../scripts/electron-binary.mjs';

export const ELECTRON_RESULT = path.resolve('reports', 'electron-binary.json');

export interface ElectronResult {
  binary: string | null;
  reason: string | null;
}

/** What the global setup found (a spec run on its own obtains it itself). */
export async function electronForTests(): Promise<ElectronResult> {
  try {
    return JSON.parse(fs.readFileSync(ELECTRON_RESULT, 'utf8')) as ElectronResult;
  } catch {
    return obtain();
  }
}

async function obtain(): Promise<ElectronResult> {
  // never remembered between runs (no data folder): each test run tries again
  const got = await obtainElectron({ print: (line: string) => process.stdout.write(`[electron] ${line}`) });
  return got.binary !== null ? { binary: got.binary, reason: null } : { binary: null, reason: got.reason };
}

export default async function globalSetup(): Promise<void> {
  const result = await obtain();
  fs.mkdirSync(path.dirname(ELECTRON_RESULT), { recursive: true });
  fs.writeFileSync(ELECTRON_RESULT, JSON.stringify(result));
  if (!result.binary) console.log(`[electron] the Electron specs will be skipped: ${result.reason}`);
}
