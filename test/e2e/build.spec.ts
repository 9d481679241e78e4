/** The built renderer carries the strict CSP and loads nothing remote. */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

test('built index.html has the CSP and only local scripts and styles', () => {
  const html = fs.readFileSync(path.resolve('out/renderer/index.html'), 'utf8');
  const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  expect(html).not.toMatch(/<script>(?!<\/script>)/);
  const assets = fs.readdirSync(path.resolve('out/renderer/assets'));
  for (const asset of assets.filter((a) => a.endsWith('.js') || a.endsWith('.css'))) {
    const text = fs.readFileSync(path.resolve('out/renderer/assets', asset), 'utf8');
    expect(text).not.toMatch(/@import\s+url\(["']?https?:/);
  }
});
