/**
 * The key of the databases that hold customer data (orders cache, drafts, outbox): 32 random bytes per data folder,
 * the way Signal Desktop keys its database. The desktop app keeps it in the system keychain through safeStorage
 * (electron/main/vault.ts). Where no keychain exists — Linux without a keyring (safeStorage's basic_text), and the
 * browser host, which runs in plain Node — it is kept in `database.key` in the data folder, readable only by this user:
 * the databases are then as safe as the folder's modes make them and no safer (docs/security.md says so, and so does
 * Settings). A key that cannot be read back is replaced; databases written with the old one no longer open, and are
 * moved aside when they do not (orders fetched again, drafts and outbox reported, never dropped).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FILE_MODE } from './open';

export interface DatabaseKey {
  /** 32 random bytes. */
  key: Buffer;
  /** Where it is kept. */
  keptIn: 'os-keychain' | 'file';
  /**
   * Sign out and erase: a new key replaces this one where it is kept (the old one is gone from there), for the emptied
   * databases rewritten under it.
   */
  renew(): Promise<DatabaseKey>;
}

export const DATABASE_KEY_FILE = 'database.key';

const HEX_KEY = /^[0-9a-f]{64}$/;

/** A key as text (for a keychain entry or the key file), and back; null for anything that is not one. */
export const keyText = (key: Buffer): string => key.toString('hex');
export const keyFromText = (text: string | null | undefined): Buffer | null =>
  text && HEX_KEY.test(text.trim()) ? Buffer.from(text.trim(), 'hex') : null;

export const newDatabaseKey = (): Buffer => randomBytes(32);

/** The key file of a data folder, if it holds a key. */
export function readKeyFile(dataDir: string): Buffer | null {
  try {
    return keyFromText(fs.readFileSync(path.join(dataDir, DATABASE_KEY_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** The key kept in the data folder (made on first use), for the browser host, tests and computers without keychain. */
export function fileDatabaseKey(dataDir: string): DatabaseKey {
  const kept = (key: Buffer): DatabaseKey => ({
    key,
    keptIn: 'file',
    renew: async () => kept(writeKeyFile(dataDir, newDatabaseKey())),
  });
  return kept(readKeyFile(dataDir) ?? writeKeyFile(dataDir, newDatabaseKey()));
}

/** Writes the key file (replacing one there, in one step); returns the key. */
function writeKeyFile(dataDir: string, key: Buffer): Buffer {
  const file = path.join(dataDir, DATABASE_KEY_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, keyText(key), { mode: FILE_MODE });
  fs.renameSync(temp, file);
  return key;
}

/** The key file is no longer needed once the key is in the keychain. */
export function removeKeyFile(dataDir: string): void {
  fs.rmSync(path.join(dataDir, DATABASE_KEY_FILE), { force: true });
}
