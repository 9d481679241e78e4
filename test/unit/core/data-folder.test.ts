/**
 * The data folder as another local user and a second Shopdesk see it: modes after a full run (connect, sync, order
 * book, a draft, an order sent), an older folder's wide modes taken back, and one Shopdesk per folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ask } from '../../support/ask';
import { coreIn, syncCatalogue } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';
import { FileVault } from '../../../electron/main/core/settings/vault';
import { startService, type RunningService } from '../../../server/index';

let dir: string;
let svc: RunningService;

beforeEach(async () => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-folder-')), 'data');
  svc = await startService({ token: 'folder-token', products: 40, orders: 12 });
});
afterEach(async () => {
  await svc.close();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

/** Every file and folder under `root` with its permission bits. */
function modes(root: string): { path: string; mode: number; dir: boolean }[] {
  const out: { path: string; mode: number; dir: boolean }[] = [];
  for (const name of fs.readdirSync(root, { recursive: true }) as string[]) {
    const stat = fs.lstatSync(path.join(root, name));
    out.push({ path: name, mode: stat.mode & 0o777, dir: stat.isDirectory() });
  }
  return out;
}

describe.skipIf(process.platform === 'win32')('file modes', () => {
  it('after a full run the folder is 0700 and every file in it 0600', async () => {
    const core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    await ask(core, 'settings:save', { baseUrl: svc.url, token: 'folder-token' });
    await ask(core, 'connection:check', {});
    expect((await syncCatalogue(core)).state).toBe('complete');
    await ask(core, 'orders:refresh', {});
    await ask(core, 'drafts:save', { id: 'draft-modes-1', step: 1, data: { customer: { name: 'Ada' } } as never });
    const entry = await ask(core, 'outbox:submit', { draftId: 'draft-modes-2', order: sampleOrder() });
    for (let i = 0; i < 100 && (await ask(core, 'outbox:list', {})).unsent > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await ask(core, 'outbox:list', {})).entries.find((e) => e.id === entry.id)?.state).toBe('sent');
    const during = modes(dir);
    await core.close();
    const after = modes(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const list of [during, after]) {
      expect(list.filter((f) => f.path.endsWith('.sqlite')).length).toBeGreaterThanOrEqual(3);
      for (const f of list)
        expect({ path: f.path, mode: f.mode.toString(8) }).toEqual({
          path: f.path,
          mode: f.dir ? '700' : '600',
        });
    }
  });

  it('a folder left with wide modes by an older version is taken back on start', async () => {
    fs.mkdirSync(path.join(dir, 'vault'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'orders-old.sqlite'), '', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'vault', 'token.vault'), 'x', { mode: 0o644 });
    const core = coreIn(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const f of modes(dir)) expect(f.mode).toBe(f.dir ? 0o700 : 0o600);
    await core.close();
  });
});

describe('one Shopdesk per data folder', () => {
  it('a second core on the same folder is refused with a clear code; once the first closes it may start', async () => {
    const first = coreIn(dir);
    expect(() => coreIn(dir)).toThrow(expect.objectContaining({ code: 'data_folder_in_use' }));
    try {
      coreIn(dir);
    } catch (error) {
      expect((error as { facts?: { pid?: number } }).facts?.pid).toBe(process.pid);
    }
    await first.close();
    const second = coreIn(dir);
    await second.close();
  });

  it('a Shopdesk killed while holding the folder leaves no stale lock', async () => {
    fs.mkdirSync(dir, { recursive: true });
    // another process takes the lock the way the core does, then is killed
    const script = `const D = require('better-sqlite3-multiple-ciphers'); const db = new D(${JSON.stringify(path.join(dir, 'shopdesk.lock'))}); db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS lock (pid INTEGER); COMMIT'); console.log('locked'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    expect(() => coreIn(dir)).toThrow(expect.objectContaining({ code: 'data_folder_in_use' }));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const core = coreIn(dir);
    await core.close();
  });
});
