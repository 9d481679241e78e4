/**
 * Token vault on Electron safeStorage (async API); electron-store keeps only the ciphertext.
 * Linux basic_text or no encryption: the token is kept in memory only, and Settings says so.
 */
import type { SafeStorage } from 'electron';
import {
  fileDatabaseKey,
  keyFromText,
  keyText,
  newDatabaseKey,
  readKeyFile,
  removeKeyFile,
  type DatabaseKey,
} from './core/storage/database-key';
import type { TokenVault, VaultDescription } from './core/settings/vault';

type CipherKey = 'tokenCiphertext' | 'databaseKeyCiphertext';
export interface CipherStore {
  get(key: CipherKey): string | undefined;
  set(key: CipherKey, value: string): void;
  delete(key: CipherKey): void;
}

/** What Settings says of the store, as a code it words (renderer/src/screens/settings/verdict.ts): never a sentence. */
type NoteCode = Extract<NonNullable<VaultDescription['noteCode']>, 'no_keychain' | 'basic_text' | 'unlock_failed'>;

type AsyncSafeStorage = Pick<
  SafeStorage,
  'encryptStringAsync' | 'decryptStringAsync' | 'isAsyncEncryptionAvailable' | 'getSelectedStorageBackend'
>;

export class SafeStorageVault implements TokenVault {
  private memoryToken: string | null = null;
  private description: VaultDescription;
  /** Set when a stored token could not be decrypted (moved profile, changed keychain): ask for it again. */
  unreadable = false;

  private constructor(
    private readonly safe: AsyncSafeStorage,
    private readonly store: CipherStore,
    private readonly encrypting: boolean,
    noteCode: NoteCode | null = null,
  ) {
    this.description = encrypting
      ? { kind: 'os-keychain', secure: true, noteCode }
      : { kind: 'memory', secure: false, noteCode };
  }

  static async create(safe: AsyncSafeStorage, store: CipherStore, platform: string): Promise<SafeStorageVault> {
    const available = await safe.isAsyncEncryptionAvailable().catch(() => false);
    const backend = platform === 'linux' ? safe.getSelectedStorageBackend() : 'os';
    if (!available) {
      return new SafeStorageVault(safe, store, false, 'no_keychain');
    }
    if (backend === 'basic_text') {
      return new SafeStorageVault(safe, store, false, 'basic_text');
    }
    return new SafeStorageVault(safe, store, true);
  }

  describe(): VaultDescription {
    return this.unreadable ? { ...this.description, noteCode: 'unlock_failed' } : this.description;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== null;
  }

  async get(): Promise<string | null> {
    if (!this.encrypting) return this.memoryToken;
    const stored = this.store.get('tokenCiphertext');
    if (!stored) return null;
    try {
      const { result, shouldReEncrypt } = await this.safe.decryptStringAsync(Buffer.from(stored, 'base64'));
      this.unreadable = false;
      // the keychain's key was rotated (or the format moved on): stored again under the current one
      if (shouldReEncrypt) await this.set(result);
      return result;
    } catch {
      this.unreadable = true;
      return null;
    }
  }

  async set(token: string): Promise<void> {
    if (!this.encrypting) {
      this.memoryToken = token;
      return;
    }
    const cipher = await this.safe.encryptStringAsync(token);
    this.store.set('tokenCiphertext', cipher.toString('base64'));
    this.unreadable = false;
  }

  async clear(): Promise<void> {
    this.memoryToken = null;
    this.store.delete('tokenCiphertext');
  }
}

/** Whether safeStorage is a real keychain here (not absent, and not Linux's basic_text, which is no protection). */
async function secureKeychain(safe: AsyncSafeStorage, platform: string): Promise<boolean> {
  const available = await safe.isAsyncEncryptionAvailable().catch(() => false);
  return available && (platform !== 'linux' || safe.getSelectedStorageBackend() !== 'basic_text');
}

/**
 * The key of the databases with customer data, kept in the system keychain through safeStorage the way Signal Desktop
 * keeps its database key (getSQLKey): a random key, stored encrypted, re-encrypted when safeStorage asks. Without a
 * real keychain the key stays in a file in the data folder that only this user can read (core/database-key.ts), and
 * Settings says so. A key the keychain can no longer decrypt is replaced: the databases written with it are moved aside
 * when they do not open (orders fetched again, drafts and outbox reported).
 */
export async function loadDatabaseKey(
  safe: AsyncSafeStorage,
  store: CipherStore,
  platform: string,
  dataDir: string,
): Promise<DatabaseKey> {
  if (!(await secureKeychain(safe, platform))) return fileDatabaseKey(dataDir);
  const kept = (key: Buffer): DatabaseKey => ({
    key,
    keptIn: 'os-keychain',
    // sign out and erase: a new key takes the old one's place in the keychain
    renew: async () => kept(await keepInKeychain(safe, store, dataDir, newDatabaseKey())),
  });
  const stored = store.get('databaseKeyCiphertext');
  if (stored) {
    try {
      const { result, shouldReEncrypt } = await safe.decryptStringAsync(Buffer.from(stored, 'base64'));
      const key = keyFromText(result);
      if (key) {
        if (shouldReEncrypt)
          store.set('databaseKeyCiphertext', (await safe.encryptStringAsync(keyText(key))).toString('base64'));
        return kept(key);
      }
    } catch {
      // lost: a new key below
    }
  }
  // first start with a keychain: a key kept in the folder before (no keychain then) moves into it
  return kept(await keepInKeychain(safe, store, dataDir, (stored ? null : readKeyFile(dataDir)) ?? newDatabaseKey()));
}

/** Stores the key as the keychain's ciphertext (replacing any before it); no key file is left in the folder. */
async function keepInKeychain(
  safe: AsyncSafeStorage,
  store: CipherStore,
  dataDir: string,
  key: Buffer,
): Promise<Buffer> {
  store.set('databaseKeyCiphertext', (await safe.encryptStringAsync(keyText(key))).toString('base64'));
  removeKeyFile(dataDir);
  return key;
}
