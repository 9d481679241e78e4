/**
 * The token vault interface, and its Node implementations (tests and the browser host).
 * In Electron the shell supplies one on safeStorage (electron/main/vault.ts). The token never leaves main.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { VAULT_NOTES, VaultInfo } from '../../../../shared/contract';

export type VaultDescription = z.infer<typeof VaultInfo>;

export interface TokenVault {
  describe(): VaultDescription;
  has(): Promise<boolean>;
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

export class MemoryVault implements TokenVault {
  private token: string | null = null;

  /** `noteCode`: what Settings says of it; by default that the token is forgotten when the app quits. */
  constructor(private readonly noteCode: (typeof VAULT_NOTES)[number] | null = 'memory') {}

  describe(): VaultDescription {
    return { kind: 'memory', secure: false, noteCode: this.noteCode };
  }
  async has(): Promise<boolean> {
    return this.token !== null;
  }
  async get(): Promise<string | null> {
    return this.token;
  }
  async set(token: string): Promise<void> {
    this.token = token;
  }
  async clear(): Promise<void> {
    this.token = null;
  }
}

/**
 * Browser host vault: AES-256-GCM ciphertext in one file, its key in another beside it, both readable only by this
 * user. The key beside the ciphertext makes this no stronger than the file permissions (it only keeps the token out of
 * plain sight, e.g. of a search through the folder), and Settings says so plainly: it never calls it encrypted.
 */
export class FileVault implements TokenVault {
  private readonly keyFile: string;
  private readonly dataFile: string;

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.keyFile = path.join(dir, 'vault.key');
    this.dataFile = path.join(dir, 'token.vault');
  }

  describe(): VaultDescription {
    return {
      kind: 'file',
      secure: false,
      // plainly: the key is beside the ciphertext, so this is as strong as the file permissions and no stronger
      // (Settings says so in words: the file, readable by this user, scrambled not locked; the desktop app's keychain)
      noteCode: 'browser_file',
    };
  }

  private key(): Buffer {
    try {
      const key = fs.readFileSync(this.keyFile);
      if (key.length === 32) return key;
    } catch {
      // no key yet
    }
    const key = randomBytes(32);
    writeFileAtomic(this.keyFile, key);
    return key;
  }

  async has(): Promise<boolean> {
    return (await this.get()) !== null;
  }

  async get(): Promise<string | null> {
    let blob: Buffer;
    try {
      blob = fs.readFileSync(this.dataFile);
    } catch {
      return null;
    }
    try {
      const iv = blob.subarray(0, 12);
      const tag = blob.subarray(12, 28);
      const decipher = createDecipheriv('aes-256-gcm', this.key(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null; // unreadable: treated as "no token", the user is asked again
    }
  }

  async set(token: string): Promise<void> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv);
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    writeFileAtomic(this.dataFile, Buffer.concat([iv, cipher.getAuthTag(), body]));
  }

  /** The token and the key that scrambled it both go (sign out and erase); the next token gets a new key. */
  async clear(): Promise<void> {
    fs.rmSync(this.dataFile, { force: true });
    fs.rmSync(this.keyFile, { force: true });
  }
}

function writeFileAtomic(file: string, data: Buffer): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, data, { mode: 0o600 });
  fs.renameSync(temp, file);
}
