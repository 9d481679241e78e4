/**
 * Where the files Node must load as real files are, in the installed app and in development.
 *
 * In an installed Shopdesk the built app lives in `resources/app.asar`. Electron reads JavaScript from inside that
 * archive, but a native module is loaded by the operating system, and a worker thread started from a file inside the
 * archive depends on Electron's archive support reaching that thread. electron-builder therefore puts these files
 * next to the archive, in `resources/app.asar.unpacked/` (asarUnpack in electron-builder.yml): the SQLite module
 * (the whole package, with the one prebuilt binary of the target) and the catalogue's writer thread, which is built
 * as one self-contained file that needs nothing else from the archive. In development (`out/`, the browser host,
 * tests) no path contains `app.asar` and every path is used as it is.
 *
 * Pure path logic (no file system, no Electron), so both layouts and every platform's path shape are unit-tested.
 */
import path from 'node:path';

/** The part of `node:path` used here: `path.posix` or `path.win32` in tests, the platform's own in the app. */
export type PathApi = Pick<typeof path, 'join'>;

const ASAR_SEGMENT = /([\\/])app\.asar(?=[\\/])/;

/** True for a path inside an app.asar archive (not its unpacked twin). */
export function insideAsar(file: string): boolean {
  return ASAR_SEGMENT.test(file);
}

/**
 * The path of a file as a real file on disk: inside `app.asar` the same place under `app.asar.unpacked` (where
 * electron-builder puts what asarUnpack names), anywhere else the path itself. Only the first archive segment is
 * rewritten, as Electron itself reads the first `.asar` in a path; separators are kept as given.
 */
export function realFilePath(file: string): string {
  return file.replace(ASAR_SEGMENT, '$1app.asar.unpacked');
}

/** Platforms and architectures better-sqlite3-multiple-ciphers ships a prebuilt binary for (its prebuilds/ folder). */
const PREBUILT = { platforms: ['darwin', 'linux', 'win32'], archs: ['x64', 'arm64'] } as const;

/** The name better-sqlite3-multiple-ciphers gives its prebuilt binary for a target; null where it ships none. */
export function sqlitePrebuildName(platform: string, arch: string, musl = false): string | null {
  if (!(PREBUILT.platforms as readonly string[]).includes(platform)) return null;
  if (!(PREBUILT.archs as readonly string[]).includes(arch)) return null;
  return `${platform === 'linux' && musl ? 'linuxmusl' : platform}-${arch}.node`;
}

export interface SqliteBindingTarget {
  /** The better-sqlite3-multiple-ciphers package folder as module resolution gives it (inside app.asar when packaged). */
  packageDir: string;
  platform: string;
  arch: string;
  /** A musl Linux (Alpine); Electron itself only runs on glibc, so the app never sets it. */
  musl?: boolean;
}

/** The SQLite module's native binary as a real file, for better-sqlite3-multiple-ciphers's `nativeBinding`; null where none ships. */
export function sqliteBindingFile(target: SqliteBindingTarget, p: PathApi = path): string | null {
  const name = sqlitePrebuildName(target.platform, target.arch, target.musl);
  return name ? realFilePath(p.join(target.packageDir, 'prebuilds', name)) : null;
}

/**
 * The writer thread's built file in out/main: one bundle with only SQLite outside it, `.mjs` so that Node reads it as
 * a module in a folder without package.json (app.asar.unpacked). electron.vite.config.ts names it.
 */
export const BUILT_WRITER_NAME = 'catalogue-writer.mjs';

/**
 * The SHA-256 of the built writer file, written beside it by the build (electron.vite.config.ts): it stays inside
 * app.asar, which Electron's integrity check covers, while the writer itself is unpacked (#25.8).
 */
export const BUILT_WRITER_HASH_NAME = 'catalogue-writer.sha256';

/** Where the build keeps the writer's hash: beside the built script, inside the archive (not the unpacked copy). */
export function writerHashFile(builtScript: string, p: Pick<typeof path, 'join' | 'dirname'> = path): string {
  return p.join(p.dirname(builtScript), BUILT_WRITER_HASH_NAME);
}

/** The catalogue writer thread's script as a real file (the built, self-contained `.mjs`). */
export function writerThreadFile(builtScript: string): string {
  return realFilePath(builtScript);
}
