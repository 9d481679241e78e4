/**
 * Opens a SQLite database the same way everywhere: WAL, numbered append-only migrations tracked in user_version,
 * a quick_check on start, and a clear refusal of a database written by a newer Shopdesk.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { AppFailure } from '../../../../shared/errors';

export type Migration = (db: Database.Database) => void;

export interface OpenOptions {
  file: string;
  migrations: readonly Migration[];
  /** FULL for user work (drafts, outbox), NORMAL for caches that can be fetched again. */
  synchronous: 'FULL' | 'NORMAL';
  /** Page cache size; large caches (the catalogue) want more than SQLite's 2 MB default. */
  cacheMiB?: number;
  /** Run quick_check on open (default). A second connection to a file just checked skips it. */
  quickCheck?: boolean;
}

export interface OpenedDatabase {
  db: Database.Database;
  /** Set when the file failed its check on start: where the damaged copy was moved (never deleted). */
  movedAside: string | null;
}

if (!(Number(process.versions.napi) >= 10)) {
  throw new Error(`better-sqlite3 needs Node-API 10 (Node 24 or Electron 40+); this is Node ${process.version}.`);
}

export function openDatabase(options: OpenOptions): OpenedDatabase {
  let db = openOrNull(options.file);
  let movedAside: string | null = null;
  if (!db || (options.quickCheck !== false && !healthy(db))) {
    db?.close();
    movedAside = `${options.file}.corrupt-${Date.now()}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(options.file + suffix)) fs.renameSync(options.file + suffix, movedAside + suffix);
    }
    db = new Database(options.file);
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

function openOrNull(file: string): Database.Database | null {
  try {
    return new Database(file);
  } catch {
    return null;
  }
}

function healthy(db: Database.Database): boolean {
  try {
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
    );
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      migrations[version]!(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
