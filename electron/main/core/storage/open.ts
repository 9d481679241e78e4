/**
 * Opens a SQLite database the same way everywhere: WAL, numbered append-only migrations tracked in user_version,
 * a quick_check on start, and a clear refusal of a database written by a newer Shopdesk.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import type { z } from 'zod';
import { AppFailure } from '../../../../shared/errors';

export type Migration = (db: Database.Database) => void;

export interface OpenOptions {
  file: string;
  migrations: readonly Migration[];
  /** FULL for user work (drafts, outbox), NORMAL for caches that can be fetched again. */
  synchronous: 'FULL' | 'NORMAL';
  /** Page cache size; large caches (the catalogue) want more than SQLite's 2 MB default. */
  cacheMiB?: number;
  /**
   * Run quick_check on open (default). Without it only a cheap read of the schema is made (a file that is not a
   * database at all is still moved aside): for a second connection to a file just checked, and for a large cache
   * whose full check runs on another thread (a 1 GB catalogue takes seconds to check).
   */
  quickCheck?: boolean;
  /**
   * Encrypts the file with this key (customer data: orders cache, drafts, outbox). A plain database left by an older
   * version is encrypted in place on first open; one that does not open with the key is moved aside like a damaged one.
   */
  key?: Buffer;
}

export interface OpenedDatabase {
  db: Database.Database;
  /** Set when the file failed its check on start: where the damaged copy was moved (never deleted). */
  movedAside: string | null;
}

if (!(Number(process.versions.napi) >= 10)) {
  throw new Error(
    `better-sqlite3-multiple-ciphers needs Node-API 10 (Node 24 or Electron 40+); this is Node ${process.version}.`,
  );
}

/**
 * The SQLite module's native binary, when the host names it (the installed app: a real file next to app.asar, see
 * packaged-paths.ts); null lets better-sqlite3-multiple-ciphers find its own (development, tests, the browser host). Set once at start,
 * before any database opens, so a process loads the binary from one place only.
 */
let nativeBinding: string | null = null;

export function useSqliteBinding(file: string | null): void {
  nativeBinding = file;
}

/** What `new Database` is given besides its own options: the binary named by the host, if any. */
export function sqliteOptions(options: Database.Options = {}): Database.Options {
  return nativeBinding ? { ...options, nativeBinding } : options;
}

/** The binary named by the host (demo mode's reference service loads SQLite from the same file). */
export function sqliteBinding(): string | null {
  return nativeBinding;
}

export function openDatabase(options: OpenOptions): OpenedDatabase {
  if (options.key && isPlainDatabase(options.file)) encryptInPlace(options.file, options.key);
  let db = openOrNull(options.file, options.key);
  let movedAside: string | null = null;
  if (!db || !(options.quickCheck === false ? readable(db) : healthy(db))) {
    db?.close();
    movedAside = moveAside(options.file);
    db = new Database(options.file, sqliteOptions());
    secureFile(options.file);
    if (options.key) unlock(db, options.key);
  }
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Index pages of a large catalogue do not fit SQLite's 2 MB default cache; misses dominate writes and sorts.
  db.pragma(`cache_size = -${(options.cacheMiB ?? 16) * 1024}`);
  db.pragma('temp_store = MEMORY');
  migrate(db, options.migrations, options.file);
  return { db, movedAside };
}

/**
 * The schema version of an existing database file, read without changing it; null when there is no file, it is a
 * plain file where a key is expected (the open encrypts it first), or it does not open or read.
 */
export function schemaVersion(file: string, key?: Buffer): number | null {
  if (!fs.existsSync(file) || (key && isPlainDatabase(file))) return null;
  let db: Database.Database | null = null;
  try {
    db = new Database(file, sqliteOptions({ readonly: true, fileMustExist: true }));
    if (key) unlock(db, key);
    return db.pragma('user_version', { simple: true }) as number;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/**
 * Whether a file holds a database this version still has migrations for: one an earlier version wrote (a new file, a
 * damaged one or one of a newer version is the open's to deal with).
 */
export function needsUpgrade(file: string, migrations: readonly Migration[], key?: Buffer): boolean {
  const version = schemaVersion(file, key);
  return version !== null && version >= 1 && version < migrations.length;
}

/**
 * Runs the migrations a file written by an earlier version still needs, as the open would, on whichever thread calls
 * it (the catalogue's thread: a migration that rebuilds an index over a large cache takes seconds). True when it
 * upgraded the file; a file with nothing to do, or one that does not open, read or migrate, is left as it is for the
 * open, which checks it and moves a damaged one aside.
 */
export function upgradeFile(file: string, migrations: readonly Migration[], key?: Buffer): boolean {
  if (!needsUpgrade(file, migrations, key)) return false;
  const db = openOrNull(file, key);
  if (!db) return false;
  try {
    if (!readable(db)) return false;
    db.pragma('journal_mode = WAL');
    db.pragma(`busy_timeout = ${CHECK_BUSY_MS}`);
    db.pragma('cache_size = -65536');
    migrate(db, migrations, file);
    return true;
  } catch {
    return false;
  } finally {
    if (db.open) db.close();
  }
}

function openOrNull(file: string, key?: Buffer): Database.Database | null {
  try {
    const db = new Database(file, sqliteOptions());
    secureFile(file); // this user's only before anything is written; SQLite gives its -wal and -shm the same mode
    if (key) unlock(db, key);
    return db;
  } catch {
    return null;
  }
}

export const FILE_MODE = 0o600;

/**
 * The encryption of the databases that hold customer data: SQLCipher 4's format (AES-256 per page with an HMAC, so a
 * changed page is noticed), through better-sqlite3-multiple-ciphers, with a raw 256-bit key (no passphrase to stretch).
 */
export function unlock(db: Database.Database, key: Buffer): void {
  db.pragma("cipher = 'sqlcipher'");
  db.pragma('legacy = 4');
  db.pragma(`key = "x'${key.toString('hex')}'"`);
}

const PLAIN_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** A database file written without encryption (its first 16 bytes are SQLite's own header). */
export function isPlainDatabase(file: string): boolean {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(16);
    return fs.readSync(fd, head, 0, 16, 0) === 16 && head.equals(PLAIN_HEADER);
  } catch {
    return false;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/**
 * Encrypts a plain database in place (first start after the update): its WAL is folded in (rekey works on a rollback
 * journal), VACUUM leaves no free page holding old text, then every page is rewritten encrypted in one transaction.
 * A file that cannot be encrypted is left as it is; opening it with the key then fails and moves it aside.
 */
function encryptInPlace(file: string, key: Buffer): void {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, sqliteOptions());
    db.pragma('journal_mode = DELETE');
    db.exec('VACUUM');
    db.pragma("cipher = 'sqlcipher'");
    db.pragma('legacy = 4');
    db.pragma(`rekey = "x'${key.toString('hex')}'"`);
  } catch {
    // left for the open to find unreadable
  } finally {
    db?.close();
  }
}

/** Makes one file this user's only (a database the moment it is created, before anything is written to it). */
export function secureFile(file: string): void {
  if (process.platform !== 'win32' && fs.existsSync(file)) fs.chmodSync(file, FILE_MODE);
}

/** After erasing: the WAL folded in and emptied, and the file rebuilt, so no page still holds what was removed. */
export function compact(db: Database.Database): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/**
 * Sign out and erase: an emptied database rewritten under a new key. Its rows are deleted and the file compacted first
 * (compact), so the old key opens nothing any more; the key changes on a rollback journal (rekey does not work in WAL).
 */
export function rekey(db: Database.Database, key: Buffer): void {
  compact(db);
  db.pragma('journal_mode = DELETE');
  db.pragma("cipher = 'sqlcipher'");
  db.pragma('legacy = 4');
  db.pragma(`rekey = "x'${key.toString('hex')}'"`);
  db.pragma('journal_mode = WAL');
}

/** Moves a damaged database (and its WAL) aside, never deleting it; returns where it went. */
export function moveAside(file: string): string {
  const aside = `${file}.corrupt-${Date.now()}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

function readable(db: Database.Database): boolean {
  try {
    db.pragma('schema_version');
    return true;
  } catch {
    return false;
  }
}

/** How long a check waits for a file another connection holds locked (a first write, a change of journal mode). */
export const CHECK_BUSY_MS = 2_000;

/**
 * The full check of a database file (quick_check), opened read-only; false when it is damaged or unreadable. A file
 * that stays locked by another connection is busy, not damaged: true (it is checked again at the next start) — a
 * fresh catalogue cache being set up by the app was once taken for damaged and moved aside mid-sync.
 */
export function checkFile(file: string): boolean {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, sqliteOptions({ readonly: true, fileMustExist: true }));
    db.pragma(`busy_timeout = ${CHECK_BUSY_MS}`);
    return db.pragma('quick_check', { simple: true }) === 'ok';
  } catch (error) {
    return isBusy(error);
  } finally {
    db?.close();
  }
}

/** SQLite's answer when another connection holds the file: busy or locked (SQLITE_BUSY, SQLITE_LOCKED and their kinds). */
export const isBusy = (error: unknown): boolean =>
  /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ''));

function healthy(db: Database.Database): boolean {
  try {
    // another connection setting the file up is waited for, not taken for damage
    db.pragma(`busy_timeout = ${CHECK_BUSY_MS}`);
    return db.pragma('quick_check', { simple: true }) === 'ok';
  } catch {
    return false;
  }
}

function migrate(db: Database.Database, migrations: readonly Migration[], file: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    db.close();
    throw new AppFailure(
      'internal',
      `${file} was written by a newer version of Shopdesk (schema ${current}, this version knows ${migrations.length}). Update Shopdesk.`,
      undefined,
      { reason: 'newer_schema' },
    );
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      migrations[version]!(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** A JSON value kept in a state table, read back only if it still has the expected shape. */
export function readJson<T>(raw: unknown, schema: z.ZodType<T>): T | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
