/**
 * npm run package:check — the installed app, as far as a machine without the Electron binary allows.
 *
 * Builds electron-builder's `dir` target of electron-builder.yml for Linux, Windows and macOS (x64 and arm64) against a
 * stand-in Electron folder made here (a placeholder executable and the few files electron-builder reads; fuses, which
 * patch the real binary, and Windows' executable editing are off for this build only), then opens each
 * resources/app.asar with @electron/asar and reports what an installed Shopdesk contains. The assertions are in
 * test/unit/package/package.test.ts (part of `npm test`); run as a script it also prints the figures.
 */
import * as asar from '@electron/asar';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { readBuilderConfig } from './builder-config';
import { standInElectron, type Target, type TargetArch, type TargetPlatform } from './stand-in-electron';

export type { Target, TargetArch, TargetPlatform };

export const ROOT = path.resolve(import.meta.dirname, '..');
const WORK = path.join(ROOT, '.tmp', 'package-check');

/** The archive's size budget (README: "What an installed Shopdesk contains"). */
export const ASAR_BUDGET_BYTES = 14 * 1024 * 1024;
/**
 * What the first screen may load before it shows (uncompressed script), #31.2: 700 kB, of which ~684 kB is used now;
 * what it does not need comes in chunks after it has painted (renderer/src/chunks.tsx), with its English words
 * (shared/i18n/areas.ts).
 */
export const FIRST_SCREEN_BUDGET_BYTES = 700 * 1024;

export const TARGETS: Target[] = (['linux', 'win32', 'darwin'] as const).flatMap((platform) =>
  (['x64', 'arm64'] as const).map((arch) => ({ platform, arch })),
);

export interface ArchiveFile {
  /** Path inside the archive, with forward slashes and no leading slash (`out/main/index.js`). */
  path: string;
  size: number;
  /** Stored next to the archive, in app.asar.unpacked (a real file for Node). */
  unpacked: boolean;
}

export interface PackagedTarget extends Target {
  resources: string;
  asarFile: string;
  asarBytes: number;
  files: ArchiveFile[];
  /** Files on disk under app.asar.unpacked (relative, forward slashes). */
  unpackedOnDisk: string[];
  /** resources/app-update.yml as written by electron-builder (electron-updater reads it). */
  updateConfig: string | null;
}

// ---- building -------------------------------------------------------------------------------------------------------

const PLATFORM = { linux: Platform.LINUX, win32: Platform.WINDOWS, darwin: Platform.MAC } as const;

/** electron-builder's output folder for a target's `dir` build. */
function appOutDir(out: string, target: Target): string {
  const suffix = target.arch === 'x64' ? '' : `-${target.arch}`;
  if (target.platform === 'darwin') return path.join(out, target.arch === 'x64' ? 'mac' : `mac${suffix}`);
  return path.join(out, `${target.platform === 'win32' ? 'win' : 'linux'}${suffix}-unpacked`);
}

function resourcesOf(out: string, target: Target): string {
  const dir = appOutDir(out, target);
  if (target.platform !== 'darwin') return path.join(dir, 'resources');
  const app = fs.readdirSync(dir).find((name) => name.endsWith('.app'));
  return path.join(dir, app ?? 'Shopdesk.app', 'Contents', 'Resources');
}

/** Builds the dir targets against stand-in Electron folders; returns the resources folder of each. */
export async function buildPackages(targets: Target[] = TARGETS): Promise<Map<Target, string>> {
  const out = path.join(WORK, 'dist');
  fs.rmSync(out, { recursive: true, force: true });
  const electronVersion = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
  ).version;
  const config = await readBuilderConfig();
  const checkConfig: Configuration = {
    ...config,
    electronVersion,
    directories: { ...config.directories, output: out },
    // the stand-in is not a binary that fuses or signing could patch
    electronFuses: null,
    electronDist: (context) =>
      standInElectron(
        { platform: context.platformName as TargetPlatform, arch: context.arch as unknown as TargetArch },
        electronVersion,
        WORK,
      ),
    win: { ...config.win, signAndEditExecutable: false },
    mac: { ...config.mac, identity: null, notarize: false },
  };
  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    const archs = targets.filter((t) => t.platform === platform).map((t) => Arch[t.arch]);
    if (archs.length === 0) continue;
    await build({
      projectDir: ROOT,
      targets: PLATFORM[platform].createTarget('dir', ...archs),
      config: checkConfig,
      publish: 'never',
    });
  }
  return new Map(targets.map((t) => [t, resourcesOf(out, t)]));
}

// ---- reading what was built -----------------------------------------------------------------------------------------

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
  link?: string;
}

function listArchive(asarFile: string): ArchiveFile[] {
  const { header } = asar.getRawHeader(asarFile) as { header: HeaderNode };
  const files: ArchiveFile[] = [];
  const walk = (node: HeaderNode, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const at = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, at);
      else if (!child.link) files.push({ path: at, size: child.size ?? 0, unpacked: child.unpacked === true });
    }
  };
  walk(header, '');
  return files;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

export function inspectPackage(target: Target, resources: string): PackagedTarget {
  const asarFile = path.join(resources, 'app.asar');
  const update = path.join(resources, 'app-update.yml');
  return {
    ...target,
    resources,
    asarFile,
    asarBytes: fs.statSync(asarFile).size,
    files: listArchive(asarFile),
    unpackedOnDisk: filesUnder(path.join(resources, 'app.asar.unpacked')),
    updateConfig: fs.existsSync(update) ? fs.readFileSync(update, 'utf8') : null,
  };
}

/** Packages under any node_modules/ in a file list (`@scope/name` or `name`; electron-builder may hoist nested ones). */
export function packagesIn(paths: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of paths)
    for (const match of file.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//g)) names.add(match[1]!);
  return names;
}

/**
 * The names of what main can load at run time: `dependencies` and, recursively, their dependencies as Node resolves
 * them (a nested copy first, then the top level).
 */
export function runtimeClosure(root = ROOT): Set<string> {
  const read = (dir: string): Record<string, Record<string, string> | undefined> =>
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
  const closure = new Set<string>();
  /** Node's lookup: the package's own node_modules, then each enclosing package's, up to the project. */
  const resolveFrom = (name: string, from: string): string | null => {
    for (let dir = from; ;) {
      const candidate = path.join(dir, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
      if (path.resolve(dir) === path.resolve(root)) return null;
      let up = path.dirname(dir);
      while (path.basename(up) !== 'node_modules') up = path.dirname(up);
      dir = path.dirname(up);
    }
  };
  const visit = (name: string, from: string): void => {
    const found = resolveFrom(name, from);
    if (!found || closure.has(path.relative(root, found))) return;
    closure.add(path.relative(root, found));
    const pkg = read(found);
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, found);
  };
  for (const dep of Object.keys(read(root).dependencies ?? {})) visit(dep, root);
  return new Set([...closure].map((p) => /node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(p.split(path.sep).join('/'))![1]!));
}

/** Bare package names the built main process and writer thread import (externals left by electron-vite). */
export function mainImports(root = ROOT): Set<string> {
  const names = new Set<string>();
  const dir = path.join(root, 'out/main');
  for (const file of filesUnder(dir).filter((f) => /\.(m?js|cjs)$/.test(f))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    // the bundle's own import statements (each at the start of a line) and dynamic imports; not strings in code
    const specs = [
      ...code.matchAll(/^import\s[^;]*?\bfrom\s*["']([^"']+)["']/gm),
      ...code.matchAll(/^import\s*["']([^"']+)["']/gm),
      ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ].map((m) => m[1]!);
    for (const spec of specs) {
      if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec)) continue;
      names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return names;
}

/** The renderer's first screen: the entry script and every chunk it imports statically (not `import()`). */
export function firstScreenScripts(rendererDir = path.join(ROOT, 'out/renderer')): { file: string; bytes: number }[] {
  const html = fs.readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]+src="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(rendererDir, file), 'utf8');
    // static imports only: `import{...}from"./x.js"` and `import"./x.js"`; `import("./x.js")` is a lazy chunk
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g))
      queue.push(path.posix.join(path.posix.dirname(file), match[1]!));
  }
  return [...seen].map((file) => ({ file, bytes: fs.statSync(path.join(rendererDir, file)).size }));
}

export function rendererScriptBytes(rendererDir = path.join(ROOT, 'out/renderer')): number {
  return filesUnder(rendererDir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + fs.statSync(path.join(rendererDir, f)).size, 0);
}

// ---- figures ----------------------------------------------------------------------------------------------------------

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes: number): string => `${Math.round(bytes / 1024).toLocaleString('en')} kB`;

/** The lines package:check prints (and writes to reports/package-check.json). */
export function describe(targets: PackagedTarget[]): string[] {
  const lines: string[] = [];
  for (const t of targets) {
    const unpacked = t.files.filter((f) => f.unpacked);
    const natives = unpacked.filter((f) => f.path.endsWith('.node'));
    lines.push(
      `package:check ${t.platform}-${t.arch}: app.asar ${mb(t.asarBytes)} (budget ${mb(ASAR_BUDGET_BYTES)}), ` +
        `${t.files.length - unpacked.length} files inside, ${packagesIn(t.files.map((f) => f.path)).size} packages; ` +
        `unpacked: ${natives.map((f) => `${f.path} (${mb(f.size)})`).join(', ')} + ${unpacked.length - natives.length} other files`,
    );
  }
  const first = firstScreenScripts();
  const firstBytes = first.reduce((sum, s) => sum + s.bytes, 0);
  lines.push(
    `package:check first screen: ${kb(firstBytes)} of script in ${first.length} file(s) (budget ${kb(FIRST_SCREEN_BUDGET_BYTES)}); ` +
      `${kb(rendererScriptBytes())} built in all`,
  );
  return lines;
}

export function writeReport(targets: PackagedTarget[]): void {
  const first = firstScreenScripts();
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'reports', 'package-check.json'),
    JSON.stringify(
      {
        targets: targets.map((t) => ({
          target: `${t.platform}-${t.arch}`,
          asarBytes: t.asarBytes,
          files: t.files.length,
          packages: [...packagesIn(t.files.map((f) => f.path))].sort(),
          unpacked: t.files.filter((f) => f.unpacked).map((f) => ({ path: f.path, bytes: f.size })),
        })),
        firstScreen: { files: first, bytes: first.reduce((sum, s) => sum + s.bytes, 0) },
        rendererScriptBytes: rendererScriptBytes(),
      },
      null,
      2,
    ),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = Date.now();
  const built = await buildPackages();
  const targets = [...built].map(([target, resources]) => inspectPackage(target, resources));
  for (const line of describe(targets)) console.log(line);
  writeReport(targets);
  console.log(`package:check built ${targets.length} targets in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
