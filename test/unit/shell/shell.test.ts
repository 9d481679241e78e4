/** The Electron shell with a stand-in for the `electron` module: registration, window options, preload, vault. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../electron/main/core/index';
import { readToken } from '../../../electron/main/core/settings/token';
import { CHANNELS } from '../../../shared/contract';
import { bindIpc } from '../../../electron/main/ipc';
import { loadDatabaseKey, SafeStorageVault, type CipherStore } from '../../../electron/main/vault';
import { DATABASE_KEY_FILE } from '../../../electron/main/core/storage/database-key';
import { isTrustedSender } from '../../../electron/main/window-options';

const exposed: Record<string, unknown> = {};
const invoked: { channel: string; payload: unknown }[] = [];
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke: async (channel: string, payload: unknown) => {
      invoked.push({ channel, payload });
      return { ok: true, value: null };
    },
    on: vi.fn(),
    removeListener: vi.fn(),
  },
}));

const RENDERER = '/opt/Shopdesk/resources/app.asar/out/renderer/index.html';

describe('IPC binding', () => {
  it('registers every contract channel exactly once', () => {
    const registered: string[] = [];
    bindIpc(
      { handle: (channel: string) => void registered.push(channel) } as never,
      async () => ({ ok: true, value: null }),
      () => true,
    );
    expect(registered.sort()).toEqual([...CHANNELS].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('refuses senders that are not the app’s own top-level frame, before the core sees the payload', async () => {
    const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 'ok' }));
    bindIpc({ handle: (c: string, h: never) => void handlers.set(c, h) } as never, dispatch, (frame) =>
      isTrustedSender(frame, undefined, RENDERER),
    );
    const call = (frame: unknown) => handlers.get('settings:get')!({ senderFrame: frame }, {});
    const top = { url: `file://${RENDERER}`, parent: null };
    expect(await call(top)).toEqual({ ok: true, value: 'ok' });
    for (const frame of [
      { url: 'https://evil.example/', parent: null },
      { url: `file://${RENDERER}`, parent: top },
      { url: 'file:///tmp/other.html', parent: null },
      { url: 'data:text/html,hi', parent: null },
      null,
    ]) {
      expect(await call(frame)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('accepts the dev server origin only when it is configured', () => {
    expect(
      isTrustedSender({ url: 'http://localhost:5173/#/orders', parent: null }, 'http://localhost:5173', RENDERER),
    ).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5174/', parent: null }, 'http://localhost:5173', RENDERER)).toBe(
      false,
    );
  });
});

describe('preload', () => {
  beforeEach(() => {
    invoked.length = 0;
  });
  it('exposes only invoke and on, and only for contract channels', async () => {
    await import('../../../electron/preload/index');
    const api = exposed.shopdesk as {
      invoke: (c: string, p: unknown) => Promise<unknown>;
      on: (e: string, l: () => void) => () => void;
    };
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);
    await api.invoke('settings:get', {});
    expect(await api.invoke('fs:readFile', '/etc/passwd')).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect(invoked.map((i) => i.channel)).toEqual(['settings:get']);
    expect(typeof api.on('not-an-event', () => undefined)).toBe('function');
  });
});

describe('safeStorage vault', () => {
  const SENTINEL = 'SENTINEL-vault-token';
  const memoryStore = (): CipherStore & { data: Map<string, string> } => {
    const data = new Map<string, string>();
    return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
  };
  const fakeSafe = (opts: { available?: boolean; backend?: string; failDecrypt?: boolean } = {}) => ({
    isAsyncEncryptionAvailable: vi.fn(async () => opts.available ?? true),
    getSelectedStorageBackend: vi.fn(() => (opts.backend ?? 'gnome_libsecret') as 'basic_text'),
    encryptStringAsync: vi.fn(async (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`)),
    decryptStringAsync: vi.fn(async (buffer: Buffer) => {
      if (opts.failDecrypt)
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return { shouldReEncrypt: false, result: Buffer.from(buffer.toString().slice(4), 'hex').toString() };
    }),
  });

  it('uses the async API and keeps only ciphertext', async () => {
    const safe = fakeSafe();
    const store = memoryStore();
    const vault = await SafeStorageVault.create(safe, store, 'linux');
    await vault.set(SENTINEL);
    expect(safe.encryptStringAsync).toHaveBeenCalledWith(SENTINEL);
    expect([...store.data.values()].join()).not.toContain(SENTINEL);
    expect(await vault.get()).toBe(SENTINEL);
    expect(safe.decryptStringAsync).toHaveBeenCalled();
    expect(vault.describe()).toMatchObject({ kind: 'os-keychain', secure: true });
  });

  it('a token safeStorage asks to re-encrypt is stored again under the current key', async () => {
    const safe = fakeSafe();
    const store = memoryStore();
    const vault = await SafeStorageVault.create(safe, store, 'darwin');
    await vault.set(SENTINEL);
    safe.decryptStringAsync.mockImplementationOnce(async (buffer: Buffer) => ({
      shouldReEncrypt: true,
      result: Buffer.from(buffer.toString().slice(4), 'hex').toString(),
    }));
    expect(safe.encryptStringAsync).toHaveBeenCalledTimes(1);
    expect(await vault.get()).toBe(SENTINEL);
    expect(safe.encryptStringAsync).toHaveBeenCalledTimes(2);
    expect(await vault.get()).toBe(SENTINEL);
  });

  it('the database key: kept in the keychain as ciphertext, re-encrypted when asked, moved there from a key file, a new one when lost', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-dbkey-'));
    try {
      const safe = fakeSafe();
      const store = memoryStore();
      const first = await loadDatabaseKey(safe, store, 'win32', dir);
      expect(first.keptIn).toBe('os-keychain');
      expect([...store.data.values()].join()).not.toContain(first.key.toString('hex'));
      expect(fs.existsSync(path.join(dir, DATABASE_KEY_FILE))).toBe(false);
      safe.decryptStringAsync.mockImplementationOnce(async (buffer: Buffer) => ({
        shouldReEncrypt: true,
        result: Buffer.from(buffer.toString().slice(4), 'hex').toString(),
      }));
      const again = await loadDatabaseKey(safe, store, 'win32', dir);
      expect(again.key.equals(first.key)).toBe(true);
      expect(safe.encryptStringAsync).toHaveBeenCalledTimes(2);
      // no keychain (Linux basic_text): a key file only this user can read, said plainly
      const plain = await loadDatabaseKey(fakeSafe({ backend: 'basic_text' }), memoryStore(), 'linux', dir);
      expect(plain.keptIn).toBe('file');
      if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, DATABASE_KEY_FILE)).mode & 0o777).toBe(0o600);
      // a keychain appears later: that key moves into it, the file goes
      const moved = await loadDatabaseKey(fakeSafe(), memoryStore(), 'linux', dir);
      expect(moved.key.equals(plain.key)).toBe(true);
      expect(fs.existsSync(path.join(dir, DATABASE_KEY_FILE))).toBe(false);
      // a keychain that can no longer decrypt it: a new key (the databases then set aside when they do not open)
      const lost = await loadDatabaseKey(fakeSafe({ failDecrypt: true }), store, 'win32', dir);
      expect(lost.key.equals(first.key)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Linux basic_text or no encryption: memory only, and says so', async () => {
    for (const opts of [{ backend: 'basic_text' }, { available: false }]) {
      const store = memoryStore();
      const vault = await SafeStorageVault.create(fakeSafe(opts), store, 'linux');
      await vault.set(SENTINEL);
      expect(store.data.size).toBe(0);
      expect(await vault.get()).toBe(SENTINEL);
      expect(vault.describe()).toMatchObject({ kind: 'memory', secure: false });
      expect(vault.describe().noteCode).toBe(opts.backend === 'basic_text' ? 'basic_text' : 'no_keychain');
    }
  });

  it('wired into the core, the token reaches no channel response or event', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-shell-vault-'));
    const vault = await SafeStorageVault.create(fakeSafe(), memoryStore(), 'darwin');
    const core = createCore({ dataDir: dir, vault, host: 'electron', version: 't', background: false });
    const seen: unknown[] = [];
    core.events.onAny((event, payload) => seen.push({ event, payload }));
    try {
      seen.push(await core.dispatch('settings:save', { baseUrl: 'https://shop.example.com', token: SENTINEL }));
      for (const channel of CHANNELS.filter((c) => c !== 'settings:save' && c !== 'demo:start')) {
        seen.push(await core.dispatch(channel, channel === 'connection:test' ? { baseUrl: 'http://127.0.0.1:9' } : {}));
      }
      expect(JSON.stringify(seen)).not.toContain(SENTINEL);
      // kept with the origin it belongs to (core/token.ts)
      expect(await readToken(vault, null)).toEqual({ origin: 'https://shop.example.com', token: SENTINEL });
    } finally {
      await core.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a token that cannot be decrypted asks for re-entry instead of crashing', async () => {
    const store = memoryStore();
    store.set('tokenCiphertext', Buffer.from('garbage').toString('base64'));
    const vault = await SafeStorageVault.create(fakeSafe({ failDecrypt: true }), store, 'darwin');
    expect(await vault.get()).toBeNull();
    expect(await vault.has()).toBe(false);
    expect(vault.describe().noteCode).toBe('unlock_failed');
  });
});
