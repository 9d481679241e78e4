/**
 * Every app icon from one source, resources/icon.svg: PNGs for Linux (resources/icons/NxN.png), icon.png (1024),
 * icon.ico (Windows) and icon.icns (macOS). The SVG is drawn by Debian's Chromium, so no image library is needed.
 * Run with `npm run icons` after changing the SVG; the results are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import png2icons from 'png2icons';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const resources = path.join(root, 'resources');
const svg = fs.readFileSync(path.join(resources, 'icon.svg'), 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const render = async (size: number): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg style="display:block;width:${size}px;height:${size}px" `)}</body></html>`,
    );
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  fs.mkdirSync(path.join(resources, 'icons'), { recursive: true });
  for (const size of SIZES) {
    const png = await render(size);
    if (size <= 512) fs.writeFileSync(path.join(resources, 'icons', `${size}x${size}.png`), png);
    if (size === 1024) {
      fs.writeFileSync(path.join(resources, 'icon.png'), png);
      const ico = png2icons.createICO(png, png2icons.BICUBIC, 0, false, true);
      const icns = png2icons.createICNS(png, png2icons.BICUBIC, 0);
      if (!ico || !icns) throw new Error('png2icons could not build the icons');
      fs.writeFileSync(path.join(resources, 'icon.ico'), ico);
      fs.writeFileSync(path.join(resources, 'icon.icns'), icns);
    }
  }
  console.log(`icons: ${SIZES.length} sizes, icon.ico, icon.icns written to resources/`);
} finally {
  await browser.close();
}
