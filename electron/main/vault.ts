/**
 * Token vault on Electron safeStorage (async API); electron-store keeps only the ciphertext.
 * Linux basic_text or no encryption: the token is kept in memory only, and Settings says so.
 */
import type { SafeStorage } from 'electron';
import type { TokenVault, VaultDescription } from './core/vault';

export interface CipherStore {
  get(key: 'tokenCiphertext'): string | undefined;
  set(key: 'tokenCiphertext', value: string): void;
  delete(key: 'tokenCiphertext'): void;
}

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
    note: string | null,
  ) {
    this.description = encrypting
      ? { kind: 'os-keychain', secure: true, note }
      : { kind: 'memory', secure: false, note };
  }

  static async create(safe: AsyncSafeStorage, store: CipherStore, platform: string): Promise<SafeStorageVault> {
    const available = await safe.isAsyncEncryptionAvailable().catch(() => false);
    const backend = platform === 'linux' ? safe.getSelectedStorageBackend() : 'os';
    if (!available) {
      return new SafeStorageVault(
        safe,
        store,
        false,
        'This computer offers no secure keychain, so the token is kept in memory only and must be entered again after a restart.',
      );
    }
    if (backend === 'basic_text') {
      return new SafeStorageVault(
        safe,
        store,
        false,
        'No system keyring was found (Linux basic_text), so the token is kept in memory only and must be entered again after a restart.',
      );
    }
    return new SafeStorageVault(safe, store, true, null);
  }

  describe(): VaultDescription {
    return this.unreadable
      ? {
          ...this.description,
          note: 'The saved token could not be unlocked on this computer. Enter the API token again.',
        }
      : this.description;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== null;
  }

  async get(): Promise<string | null> {
    if (!this.encrypting) return this.memoryToken;
    const stored = this.store.get('tokenCiphertext');
    if (!stored) return null;
    try {
      const { result } = await this.safe.decryptStringAsync(Buffer.from(stored, 'base64'));
      this.unreadable = false;
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
