/**
 * The data folder: only this user may enter it (0700, every file 0600, on macOS and Linux; on Windows the profile's
 * ACL already keeps other users out), and only one Shopdesk at a time may use it.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import path from 'node:path';
import { AppFailure } from '../../../../shared/errors';
import { FILE_MODE, secureFile, sqliteOptions } from './open';

export const FOLDER_MODE = 0o700;
const POSIX = process.platform !== 'win32';

/** Creates the folder for this user only, and takes back any wider modes an older version left on what is in it. */
export function secureFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  if (!POSIX) return;
  const walk = (folder: string): void => {
    fs.chmodSync(folder, FOLDER_MODE);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) fs.chmodSync(full, FILE_MODE);
    }
  };
  walk(dir);
}

/**
 * One Shopdesk per data folder: an exclusive SQLite lock on `shopdesk.lock`, held while the core runs. The operating
 * system lets go of it when the process ends however it ends (a crash or a kill leaves no stale lock behind).
 */
export class DataFolderLock {
  private constructor(
    private readonly db: Database.Database,
    private readonly pidFile: string,
  ) {}

  static acquire(dir: string): DataFolderLock {
    const file = path.join(dir, 'shopdesk.lock');
    const pidFile = `${file}.pid`;
    const db = new Database(file, sqliteOptions({ timeout: 0 }));
    secureFile(file);
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS lock (pid INTEGER); COMMIT');
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      let pid: number | null = null;
      try {
        pid = Number(fs.readFileSync(pidFile, 'utf8').trim()) || null;
      } catch {
        // no pid written (yet)
      }
      throw new AppFailure('data_folder_in_use', 'data_folder_in_use', undefined, { pid, dir });
    }
    fs.writeFileSync(pidFile, String(process.pid), { mode: FILE_MODE });
    return new DataFolderLock(db, pidFile);
  }

  release(): void {
    fs.rmSync(this.pidFile, { force: true });
    this.db.close();
  }
}
