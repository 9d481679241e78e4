/** Debian's Chromium (never a Playwright browser download). */
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (fs.existsSync(candidate)) return candidate;
  try {
    return execSync('command -v chromium || command -v chromium-browser', {
      encoding: 'utf8',
      shell: '/bin/sh',
    }).trim();
  } catch {
    return '/usr/bin/chromium';
  }
}

/**
 * How Chromium is started here: no sandbox (root in CI), no GPU, and none of its own connections to Google's hosts
 * (this machine's closed network refuses them, many at a time).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
