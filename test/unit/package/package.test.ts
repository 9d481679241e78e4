/**
 * The installed app, file by file (issue #17): electron-builder's dir target for Linux, Windows and macOS, x64 and
 * arm64, built against a stand-in Electron (scripts/package-check.ts), each resources/app.asar opened with
 * @electron/asar. Also `npm run package:check`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProduct } from '../../../electron/main/core/catalogue/api';
import { CatalogueRepository, toWriteRow } from '../../../electron/main/core/catalogue/db';
import { sha256Of, threadWriter } from '../../../electron/main/core/catalogue/writer';
import { isLaterKey, LATER_AREAS } from '../../../shared/i18n/areas';
import { sqliteBindingFile, writerThreadFile } from '../../../electron/main/core/packaged-paths';
import {
  ASAR_BUDGET_BYTES,
  buildPackages,
  describe as figures,
  FIRST_SCREEN_BUDGET_BYTES,
  firstScreenScripts,
  inspectPackage,
  mainImports,
  packagesIn,
  ROOT,
  runtimeClosure,
  TARGETS,
  writeReport,
  type PackagedTarget,
} from '../../../scripts/package-check';
import { makeProduct } from '../../../server/seed';
import { expandEnv, readBuilderConfig } from '../../../scripts/builder-config';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
let packaged: PackagedTarget[] = [];
const config = await readBuilderConfig();

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'out/main/index.js'))) {
    // npm test builds first; a lone `vitest run` of this file builds here
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('electron-vite build failed');
  }
  const built = await buildPackages();
  packaged = [...built].map(([target, resources]) => inspectPackage(target, resources));
}, 240_000);

afterAll(() => {
  if (packaged.length === 0) return;
  for (const line of figures(packaged)) console.log(line);
  writeReport(packaged);
});

const outFiles = (dir: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));

describe.each(TARGETS)('the packaged app for $platform-$arch', (target) => {
  const built = (): PackagedTarget => packaged.find((p) => p.platform === target.platform && p.arch === target.arch)!;
  const paths = (): string[] => built().files.map((f) => f.path);

  it('holds the built main process, preload, renderer and the writer thread (unpacked, a real file)', () => {
    const inside = new Set(paths());
    for (const file of [...outFiles('out/main'), ...outFiles('out/preload'), ...outFiles('out/renderer')])
      expect(inside.has(file), file).toBe(true);
    const writer = built().files.find((f) => f.path === 'out/main/catalogue-writer.mjs');
    expect(writer?.unpacked).toBe(true);
    expect(built().unpackedOnDisk).toContain('out/main/catalogue-writer.mjs');
    // its hash stays inside the archive, under Electron's integrity check, and is the unpacked file's (#25.8)
    const hash = built().files.find((f) => f.path === 'out/main/catalogue-writer.sha256');
    expect(hash?.unpacked).toBe(false);
    const unpackedWriter = path.join(built().resources, 'app.asar.unpacked', 'out', 'main', 'catalogue-writer.mjs');
    expect(fs.readFileSync(path.join(ROOT, 'out/main/catalogue-writer.sha256'), 'utf8').trim()).toBe(
      sha256Of(unpackedWriter),
    );
  });

  it('keeps the other update feeds Settings may offer inside the archive, under its integrity check (#25.7)', async () => {
    const asar = await import('@electron/asar');
    const inArchive = JSON.parse(asar.extractFile(built().asarFile, 'package.json').toString('utf8')) as {
      shopdesk?: { updateFeeds?: unknown };
    };
    expect(inArchive.shopdesk?.updateFeeds).toEqual(config.extraMetadata?.shopdesk?.updateFeeds);
    expect(built().files.find((f) => f.path === 'package.json')?.unpacked).toBe(false);
  });

  it('holds no source maps, tests, benches, docs or sources: only out/, package.json and node_modules/', () => {
    const top = new Set(paths().map((p) => p.split('/')[0]));
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json']);
    const stray = paths().filter(
      (p) =>
        /\.(map|md|markdown|ts|mts|cts|tsx)$/i.test(p) ||
        /(^|\/)(test|tests|__tests__|bench|benchmark|benchmarks|docs?|examples?|coverage|\.github)\//i.test(p) ||
        /(^|\/)(bench|benchmark)\.js$/.test(p),
    );
    expect(stray).toEqual([]);
  });

  it('its node_modules is what main loads at run time and their own dependencies: no devDependency', () => {
    const inArchive = packagesIn(paths());
    const closure = runtimeClosure();
    closure.delete('node-addon-api'); // better-sqlite3-multiple-ciphers's build-time headers, left out on purpose
    expect([...inArchive].filter((name) => !closure.has(name))).toEqual([]);
    for (const dependency of Object.keys(pkg.dependencies)) expect(inArchive.has(dependency), dependency).toBe(true);
    // e.g. React, Mantine, recharts: bundled by Vite into the renderer, never copied as packages
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => !closure.has(name));
    expect(devOnly.filter((name) => inArchive.has(name))).toEqual([]);
  });

  it('ships exactly one better-sqlite3-multiple-ciphers binary, the target’s, unpacked next to the archive', () => {
    const natives = built().files.filter((f) => f.path.endsWith('.node'));
    expect(natives.map((f) => f.path)).toEqual([
      `node_modules/better-sqlite3-multiple-ciphers/prebuilds/${target.platform}-${target.arch}.node`,
    ]);
    expect(natives[0]!.unpacked).toBe(true);
    expect(built().unpackedOnDisk.filter((f) => f.endsWith('.node'))).toEqual([natives[0]!.path]);
    // the resolution the app uses finds that very file
    const found = sqliteBindingFile(
      {
        packageDir: path.join(built().resources, 'app.asar', 'node_modules', 'better-sqlite3-multiple-ciphers'),
        platform: target.platform,
        arch: target.arch,
      },
      path,
    );
    expect(found).toBe(path.join(built().resources, 'app.asar.unpacked', natives[0]!.path));
    expect(fs.existsSync(found!)).toBe(true);
  });

  it(`stays within the archive budget (${ASAR_BUDGET_BYTES / 1024 / 1024} MB)`, () => {
    expect(built().asarBytes).toBeLessThanOrEqual(ASAR_BUDGET_BYTES);
  });
});

// electron-builder writes app-update.yml with the targets that update (AppImage, NSIS, the Mac zip), and of the dir
// targets built here only with Linux's: checked there (the other platforms' installers are built with internet only)
describe.each(TARGETS.filter((t) => t.platform === 'linux'))('the packaged app for $platform-$arch', (target) => {
  it('names the generic update feed electron-updater reads', () => {
    const built = packaged.find((p) => p.platform === target.platform && p.arch === target.arch)!;
    expect(built.updateConfig).toMatch(/^provider: generic$/m);
    expect(built.updateConfig).toContain(`url: ${expandEnv((config.publish as { url: string }).url)}`);
  });
});

describe('updates in the installers (electron-builder.yml)', () => {
  it('publishes to a generic https feed, and builds the targets electron-updater installs from', () => {
    // the feed through electron-builder's ${env.…} macro, its default in electron-builder.env
    expect(config.publish).toMatchObject({ provider: 'generic', url: '${env.SHOPDESK_UPDATE_URL}' });
    expect(expandEnv('${env.SHOPDESK_UPDATE_URL}')).toMatch(/^https:\/\//);
    const targets = (platform: 'win' | 'mac' | 'linux'): unknown[] =>
      (config[platform]!.target as ({ target: string } | string)[]).map((t) => (typeof t === 'string' ? t : t.target));
    expect(targets('win')).toContain('nsis');
    expect(targets('mac')).toEqual(expect.arrayContaining(['dmg', 'zip'])); // Squirrel.Mac updates from the zip
    expect(targets('linux')).toContain('AppImage');
  });

  it('Windows builds carry the publisher’s name, so updates must be signed by it (#25.7)', () => {
    // electron-builder 26 reads it from signtoolOptions and writes it into app-update.yml for electron-updater
    const win = config.win as { signtoolOptions?: { publisherName?: string[] }; verifyUpdateCodeSignature?: boolean };
    expect(win.signtoolOptions?.publisherName).toEqual(expect.arrayContaining([expect.stringMatching(/\S/)]));
    expect(win.verifyUpdateCodeSignature).not.toBe(false);
  });

  it('the other feeds Settings may offer are fixed in the archive’s package.json (#25.7)', () => {
    expect(config.extraMetadata).toMatchObject({ shopdesk: { updateFeeds: expect.any(Array) } });
  });
});

describe('dependencies are exactly what main loads at run time (electron-vite’s convention)', () => {
  it('the built main process and writer thread import each of `dependencies` and no other package', () => {
    const imported = mainImports();
    imported.delete('electron');
    expect([...imported].sort()).toEqual(Object.keys(pkg.dependencies).sort());
  });
});

describe('the first screen', () => {
  it(`loads at most ${FIRST_SCREEN_BUDGET_BYTES / 1024} kB of script before it shows; the rest comes in chunks`, () => {
    const first = firstScreenScripts();
    expect(first.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
    // the chunks of lazy.tsx and lazyScreens.tsx are built, and none of them is among those
    const lazy = [
      'WizardScreen',
      'OrderDetailScreen',
      'StockScreen',
      'OutboxScreen',
      'SettingsScreen',
      'Palette',
      'later',
    ];
    const firstNames = first.map((s) => path.basename(s.file));
    const built = fs.readdirSync(path.join(ROOT, 'out/renderer/assets')).filter((n) => n.endsWith('.js'));
    for (const name of lazy) {
      expect(
        built.some((n) => n.startsWith(`${name}-`)),
        name,
      ).toBe(true);
      expect(
        firstNames.some((n) => n.startsWith(`${name}-`)),
        name,
      ).toBe(false);
    }
  });
  it('carries no zod (the contract is checked in main; the renderer needs none of it to show its first rows)', () => {
    const code = firstScreenScripts().map((s) => fs.readFileSync(path.join(ROOT, 'out/renderer', s.file), 'utf8'));
    expect(code.some((c) => c.includes('ZodError'))).toBe(false);
  });
  it('names no key of the English words that come after it (shared/i18n/areas.ts), and carries none of them', () => {
    const first = firstScreenScripts().map((s) => ({
      file: s.file,
      code: fs.readFileSync(path.join(ROOT, 'out/renderer', s.file), 'utf8'),
    }));
    // a key, or the start of one built at run time (`scanCheck.pace.${pace}`), as a string in the script: none may be
    // a key that comes later, nor the start of one
    const keys = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/i18n/en.json'), 'utf8')) as object);
    const named = LATER_AREAS.flatMap((area) =>
      first.flatMap(({ file, code }) =>
        [...code.matchAll(new RegExp(`["'\`](${area}\\.[A-Za-z0-9_.]*)`, 'g'))]
          .map((m) => m[1]!)
          .filter((name) =>
            keys.includes(name) ? isLaterKey(name) : keys.some((key) => key.startsWith(name) && isLaterKey(key)),
          )
          .map((name) => `${name} in ${file}`),
      ),
    );
    expect(
      [...new Set(named)],
      'name the key in FIRST_KEYS, move the area out of LATER_AREAS, or the key out of the first screen',
    ).toEqual([]);
    const later = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/i18n/en-later.json'), 'utf8')) as Record<
      string,
      string
    >;
    const [key, message] = Object.entries(later).find(([, m]) => m.length > 40)!;
    expect(
      first.some(({ code }) => code.includes(JSON.stringify(message).slice(1, -1))),
      key,
    ).toBe(false);
  });
});

describe('the writer thread and SQLite from the package, with nothing from the archive', () => {
  const host = TARGETS.find((t) => t.platform === process.platform && t.arch === process.arch);

  it.skipIf(!host)(
    'plain Node runs the unpacked writer thread with the unpacked binary and commits pages',
    async () => {
      // only the unpacked folder, copied away from this project (whose node_modules Node would otherwise fall back on)
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-package-'));
      const built = packaged.find((p) => p.platform === host!.platform && p.arch === host!.arch)!.resources;
      const resources = path.join(dir, 'resources');
      fs.cpSync(path.join(built, 'app.asar.unpacked'), path.join(resources, 'app.asar.unpacked'), { recursive: true });
      const inArchive = (p: string): string => path.join(resources, 'app.asar', ...p.split('/'));
      const script = writerThreadFile(inArchive('out/main/catalogue-writer.mjs'));
      const binding = sqliteBindingFile({
        packageDir: inArchive('node_modules/better-sqlite3-multiple-ciphers'),
        platform: host!.platform,
        arch: host!.arch,
      });
      expect(script).toBe(path.join(resources, 'app.asar.unpacked', 'out', 'main', 'catalogue-writer.mjs'));
      const file = path.join(dir, 'catalogue.sqlite');
      const repo = new CatalogueRepository(file);
      try {
        const warnings: string[] = [];
        const writer = threadWriter(repo, file, { script, execArgv: [], nativeBinding: binding }, (m) =>
          warnings.push(m),
        );
        const rows = Array.from({ length: 15 }, (_, i) => {
          const parsed = parseProduct(makeProduct(7, i + 1));
          if (!parsed.ok) throw new Error(parsed.reason);
          return toWriteRow(parsed.product);
        });
        await writer.write({ pass: 1, pages: [{ page: 1, rows }], fetchedAt: 1, fresh: false });
        await writer.close();
        expect(warnings).toEqual([]); // the thread ran: no fallback to the main thread
        expect(repo.db.prepare('SELECT count(*) FROM products').pluck().get()).toBe(15);
      } finally {
        repo.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
