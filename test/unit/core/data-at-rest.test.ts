/**
 * Customer data at rest, as a thief with the disk (or another local user with a copy of the files) meets it: the
 * orders cache, drafts and outbox encrypted (no customer name in any file of the data folder, UTF-8 or UTF-16), readable
 * after a restart with the key, unreadable without it; plain databases of an older version encrypted on first start;
 * a lost key sets the files aside (orders fetched again, drafts and outbox reported, never dropped); sign out and erase.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KEY_FILE } from '../../../electron/main/core/storage/database-key';
import { DraftRepository } from '../../../electron/main/core/drafts/db';
import { OutboxRepository } from '../../../electron/main/core/outbox/db';
import type { Core } from '../../../electron/main/core/index';
import { FileVault } from '../../../electron/main/core/settings/vault';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn, syncCatalogue } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const NAME = 'Zebedee Quillfeather';
const EMAIL = 'zebedee.quillfeather@example.com';
let dir: string;
let svc: RunningService;
const cores: Core[] = [];

beforeEach(async () => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-rest-')), 'data');
  svc = await startService({ token: 'rest-token', products: 30, orders: 8 });
});
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await svc.close();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

const open = (): Core => {
  const core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
  cores.push(core);
  return core;
};
const close = async (core: Core): Promise<void> => {
  cores.splice(cores.indexOf(core), 1);
  await core.close();
};

/** Every file of the data folder that holds the text, in UTF-8 or UTF-16. */
function filesHolding(text: string): string[] {
  const needles = [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le'), Buffer.from(text.toLowerCase(), 'utf8')];
  const found: string[] = [];
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    if (needles.some((needle) => bytes.includes(needle))) found.push(name);
  }
  return found;
}

async function settle(core: Core): Promise<void> {
  for (let i = 0; i < 200 && (await ask(core, 'outbox:list', {})).unsent > 0; i++)
    await new Promise((r) => setTimeout(r, 25));
}

/** A full run: connected, catalogue and order book on disk, one order sent, one waiting, a draft. */
async function fullRun(core: Core): Promise<void> {
  await ask(core, 'settings:save', { baseUrl: svc.url, token: 'rest-token' });
  await ask(core, 'connection:check', {});
  expect((await syncCatalogue(core)).state).toBe('complete');
  await ask(core, 'outbox:submit', { draftId: 'rest-sent-1', order: sampleOrder({ name: NAME, email: EMAIL }) });
  await settle(core);
  await ask(core, 'orders:refresh', {});
  for (let i = 0; i < 200 && (await ask(core, 'orders:status', {})).state !== 'complete'; i++)
    await new Promise((r) => setTimeout(r, 25));
  await ask(core, 'drafts:save', {
    id: 'rest-draft-1',
    step: 1,
    data: { customer: { name: NAME, email: EMAIL, phone: '+44 20 7946 0000' } } as never,
  });
}

describe('encrypted at rest', () => {
  it('after a full run no file of the data folder holds a customer’s name or e-mail; a restart with the key reads it all', async () => {
    const core = open();
    await fullRun(core);
    const cached = await ask(core, 'orders:query', { text: 'Quillfeather' });
    expect(cached.rows.map((r) => r.name)).toContain(NAME);
    expect(filesHolding(NAME)).toEqual([]); // also while running: WAL files included
    await close(core);
    expect(filesHolding(NAME)).toEqual([]);
    expect(filesHolding(EMAIL)).toEqual([]);
    // the catalogue holds no personal data and stays plain; the three customer databases are not SQLite's plain format
    for (const file of fs.readdirSync(dir).filter((f) => /^(orders-.*|outbox|drafts)\.sqlite$/.test(f)))
      expect(fs.readFileSync(path.join(dir, file)).subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');

    const again = open();
    expect((await ask(again, 'orders:query', { text: 'Quillfeather' })).rows[0]?.name).toBe(NAME);
    expect((await ask(again, 'drafts:list', {})).drafts[0]?.data.fields.name).toBe(NAME);
    expect((await ask(again, 'outbox:list', {})).entries[0]?.order.name).toBe(NAME);
  });

  it('without the key the files are unreadable', async () => {
    const core = open();
    await fullRun(core);
    await close(core);
    for (const name of ['outbox.sqlite', 'drafts.sqlite']) {
      const db = new Database(path.join(dir, name), { readonly: true });
      expect(() => db.prepare('SELECT count(*) FROM sqlite_master').get()).toThrow(/not a database/);
      db.close();
    }
  });

  it('plain databases of an older version are encrypted on first start, nothing lost', async () => {
    fs.mkdirSync(dir, { recursive: true });
    // written as the version before encryption wrote them (no key)
    const outbox = new OutboxRepository(path.join(dir, 'outbox.sqlite'));
    const entry = outbox.submit('old-draft-1', 'old-service', sampleOrder({ name: NAME, email: EMAIL }));
    outbox.close();
    const drafts = new DraftRepository(path.join(dir, 'drafts.sqlite'));
    drafts.save('old-draft-2', 'old-service', 2, { customer: { name: NAME, email: EMAIL, phone: '' } } as never);
    drafts.close();
    expect(filesHolding(NAME).length).toBeGreaterThan(0);

    const core = open();
    await close(core);
    expect(filesHolding(NAME)).toEqual([]);
    const key = Buffer.from(fs.readFileSync(path.join(dir, DATABASE_KEY_FILE), 'utf8'), 'hex');
    const reopened = new OutboxRepository(path.join(dir, 'outbox.sqlite'), key);
    expect(reopened.get(entry.id)?.order.name).toBe(NAME);
    expect(reopened.movedAside).toBeNull();
    reopened.close();
    const draftsAgain = new DraftRepository(path.join(dir, 'drafts.sqlite'), key);
    expect(draftsAgain.get('old-draft-2')?.data.fields.name).toBe(NAME);
    draftsAgain.close();
  });

  it('a lost key: the order cache is set aside and fetched again; drafts and outbox are set aside and reported', async () => {
    const core = open();
    await fullRun(core);
    await close(core);
    fs.rmSync(path.join(dir, DATABASE_KEY_FILE)); // the keychain entry is gone (another profile, a reset keychain)

    const after = open();
    const list = await ask(after, 'outbox:list', {});
    expect(list.setAside.map((s) => s.store).sort()).toEqual(['drafts', 'outbox']);
    for (const aside of list.setAside) expect(fs.existsSync(aside.file)).toBe(true); // never deleted
    await ask(after, 'connection:check', {});
    await ask(after, 'orders:refresh', {});
    for (let i = 0; i < 200 && (await ask(after, 'orders:status', {})).state !== 'complete'; i++)
      await new Promise((r) => setTimeout(r, 25));
    // the order book is back from the service, the sent order in it
    expect((await ask(after, 'orders:query', { text: 'Quillfeather' })).rows[0]?.name).toBe(NAME);
  });
});

describe('sign out and erase', () => {
  it('with unsent orders nothing is erased without a second confirmation naming them; then everything is', async () => {
    const core = open();
    await fullRun(core);
    // one order is not sent: the service failed (500) and it is in doubt, waiting for staff
    svc.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/api/order' });
    const waiting = await ask(core, 'outbox:submit', {
      draftId: 'rest-waiting-1',
      order: sampleOrder({ name: NAME, email: EMAIL, total_price: '99.00' }),
    });
    for (let i = 0; i < 200; i++) {
      const e = (await ask(core, 'outbox:list', {})).entries.find((x) => x.id === waiting.id);
      if (e?.check) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const preview = await ask(core, 'settings:erase-preview', {});
    expect(preview).toMatchObject({ unsent: 1, drafts: 1, service: new URL(svc.url).origin });

    for (const confirmedUnsent of [0, 2]) {
      const refused = await core.dispatch('settings:erase', { confirmedUnsent });
      expect(refused).toMatchObject({ ok: false, error: { code: 'erase_needs_confirmation', facts: { unsent: 1 } } });
    }
    // nothing lost
    expect((await ask(core, 'outbox:list', {})).unsent).toBe(1);
    expect((await ask(core, 'settings:get', {})).tokenSet).toBe(true);
    expect((await ask(core, 'drafts:list', {})).drafts).toHaveLength(1);

    const erased = await ask(core, 'settings:erase', { confirmedUnsent: 1 });
    expect(erased).toMatchObject({ mode: 'unconfigured', baseUrl: null, tokenSet: false, tokenOrigin: null });
    expect((await ask(core, 'outbox:list', {})).unsent).toBe(0);
    await close(core);
    expect(fs.readdirSync(dir).filter((f) => /^(orders|catalogue)-/.test(f))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'vault', 'token.vault'))).toBe(false);
    // and no trace in the encrypted files either: read with the key, nothing of that service is left
    const key = Buffer.from(fs.readFileSync(path.join(dir, DATABASE_KEY_FILE), 'utf8'), 'hex');
    const outbox = new OutboxRepository(path.join(dir, 'outbox.sqlite'), key);
    expect(outbox.unsentCount()).toBe(0);
    expect(outbox.db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(0);
    outbox.close();
  });

  it('with every order sent one confirmation is enough', async () => {
    const core = open();
    await fullRun(core);
    expect((await ask(core, 'settings:erase-preview', {})).unsent).toBe(0);
    expect((await ask(core, 'settings:erase', { confirmedUnsent: 0 })).mode).toBe('unconfigured');
  });
});
