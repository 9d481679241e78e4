/**
 * Sign out and erase means everything (issue #25, point 4): after working with service A, switching to service B and
 * using demo mode, erasing leaves nothing of any of them — no order or catalogue cache, draft, outbox entry or demo data
 * of any service, no token, and not the old database key — and unsent orders of every service are counted, per service,
 * before the confirmation that loses them.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KEY_FILE } from '../../../electron/main/core/storage/database-key';
import { DEMO_DATA_FILE } from '../../../electron/main/core/demo';
import { DraftRepository } from '../../../electron/main/core/drafts/db';
import { OutboxRepository } from '../../../electron/main/core/outbox/db';
import { unlock } from '../../../electron/main/core/storage/open';
import type { Core } from '../../../electron/main/core/index';
import { FileVault } from '../../../electron/main/core/settings/vault';
import { startService, type RunningService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn, syncCatalogue, waitFor } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const NAME = 'Philomena Marchbanks';
const EMAIL = 'philomena.marchbanks@example.org';
const TOKEN_A = 'erase-token-service-a';
const TOKEN_B = 'erase-token-service-b';
let root: string;
let dir: string;
let serviceA: RunningService;
let serviceB: RunningService;
let core: Core | null = null;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-erase-'));
  dir = path.join(root, 'data');
  serviceA = await startService({ token: TOKEN_A, products: 30, orders: 8 });
  serviceB = await startService({ token: TOKEN_B, products: 30, orders: 8, seed: 9 });
});
afterEach(async () => {
  await core?.close();
  core = null;
  await serviceA.close();
  await serviceB.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every file of the data folder (its subfolders too) holding the marker, UTF-8 or UTF-16, plaintext or `-wal`. */
function filesHolding(text: string): string[] {
  const needles = [
    Buffer.from(text, 'utf8'),
    Buffer.from(text, 'utf16le'),
    Buffer.from(text, 'utf16le').swap16(),
    Buffer.from(text.toLowerCase(), 'utf8'),
    Buffer.from(text.toLowerCase(), 'utf16le'),
  ];
  const found: string[] = [];
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    if (needles.some((needle) => bytes.includes(needle))) found.push(name);
  }
  return found;
}

const settled = async (c: Core, id: string): Promise<void> =>
  waitFor(async () => {
    const entry = (await ask(c, 'outbox:list', {})).entries.find((e) => e.id === id);
    return entry?.state === 'sent' || entry?.check != null;
  }, 15_000);

const refreshOrders = async (c: Core): Promise<void> => {
  await ask(c, 'orders:refresh', {});
  await waitFor(async () => (await ask(c, 'orders:status', {})).state !== 'running', 15_000);
};

/** Connected, catalogue and order book on disk, an order sent with the marker, a draft with the marker. */
async function workWith(c: Core, label: string): Promise<void> {
  await ask(c, 'connection:check', {});
  if (label !== 'demo') expect((await syncCatalogue(c)).state).toBe('complete');
  const sent = await ask(c, 'outbox:submit', {
    draftId: `erase-${label}-sent`,
    order: sampleOrder({ name: NAME, email: EMAIL, remarks: `${label} ${NAME}` }),
  });
  await settled(c, sent.id);
  expect((await ask(c, 'outbox:list', {})).entries.find((e) => e.id === sent.id)?.state).toBe('sent');
  await refreshOrders(c);
  expect((await ask(c, 'orders:query', { text: 'Marchbanks' })).rows.length).toBeGreaterThan(0);
  await ask(c, 'drafts:save', {
    id: `erase-${label}-draft`,
    step: 1,
    data: { customer: { name: NAME, email: EMAIL, phone: '+44 20 7946 0000' } } as never,
  });
}

describe('sign out and erase after two services and demo mode', () => {
  it('names every service’s unsent orders first, then leaves nothing of any of them in the data folder', async () => {
    core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    // service A: an order sent, one the service failed to take (500: in doubt, so not sent), a draft
    await ask(core, 'settings:save', { baseUrl: serviceA.url, token: TOKEN_A });
    await workWith(core, 'a');
    serviceA.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/api/order' });
    const waiting = await ask(core, 'outbox:submit', {
      draftId: 'erase-a-waiting',
      order: sampleOrder({ name: NAME, email: EMAIL, total_price: '99.00' }),
    });
    await settled(core, waiting.id);
    // service B
    await ask(core, 'settings:save', { baseUrl: serviceB.url, token: TOKEN_B });
    await workWith(core, 'b');
    // demo mode
    await ask(core, 'demo:start', {});
    await workWith(core, 'demo');
    const oldKey = fs.readFileSync(path.join(dir, DATABASE_KEY_FILE), 'utf8');
    // the demo service's data is encrypted like the rest: even before the erase no file holds the marker in plain
    expect(fs.existsSync(path.join(dir, DEMO_DATA_FILE))).toBe(true);
    expect(filesHolding(NAME)).toEqual([]);
    expect(fs.readdirSync(dir).filter((f) => /^(orders|catalogue)-/.test(f)).length).toBeGreaterThanOrEqual(4);

    // the orders of a service no longer configured are named with its address, per service
    const preview = await ask(core, 'settings:erase-preview', {});
    expect(preview).toMatchObject({ service: 'demo', unsent: 1, drafts: 3, setAside: 0 });
    const byService = Object.fromEntries(preview.services.map((s) => [s.service, s]));
    expect(byService[new URL(serviceA.url).origin]).toMatchObject({ unsent: 1, drafts: 1, current: false });
    expect(byService[new URL(serviceB.url).origin]).toMatchObject({ unsent: 0, drafts: 1, current: false });
    expect(byService.demo).toMatchObject({ unsent: 0, drafts: 1, current: true });

    // an order of another service is not lost without the confirmation naming it
    const refused = await core.dispatch('settings:erase', { confirmedUnsent: 0 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'erase_needs_confirmation', facts: { unsent: 1 } } });
    expect((await ask(core, 'outbox:list', {})).unsent).toBe(1);
    expect((await ask(core, 'settings:get', {})).mode).toBe('demo');

    const erased = await ask(core, 'settings:erase', { confirmedUnsent: 1 });
    expect(erased).toMatchObject({ mode: 'unconfigured', baseUrl: null, tokenSet: false, demo: { running: false } });
    const after = await ask(core, 'settings:erase-preview', {});
    expect(after).toMatchObject({ unsent: 0, drafts: 0, services: [] });

    const check = (): void => {
      const names = (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
      // what is left: the settings (no address, no token), the screens' and updates' preferences, the folder's lock,
      // the new key and the emptied outbox and drafts written under it; an empty vault folder
      for (const name of names)
        expect(name).toMatch(
          /^(settings\.json|screens\.json|updates\.json|shopdesk\.lock(\.pid|-journal)?|database\.key|(outbox|drafts)\.sqlite(-wal|-shm)?|vault)$/,
        );
      expect(fs.readdirSync(path.join(dir, 'vault'))).toEqual([]);
      expect(filesHolding(NAME)).toEqual([]);
      expect(filesHolding(EMAIL)).toEqual([]);
      for (const token of [TOKEN_A, TOKEN_B, oldKey]) expect(filesHolding(token)).toEqual([]);
      const stored = JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
      expect(stored).toMatchObject({ mode: 'unconfigured', baseUrl: null });
    };
    check(); // while running (WAL files included)
    await core.close();
    core = null;
    check();

    // the old key opens nothing left; the new one opens the emptied outbox and drafts
    const newKey = fs.readFileSync(path.join(dir, DATABASE_KEY_FILE), 'utf8');
    expect(newKey).not.toBe(oldKey);
    for (const name of ['outbox.sqlite', 'drafts.sqlite']) {
      const db = new Database(path.join(dir, name), { readonly: true });
      unlock(db, Buffer.from(oldKey, 'hex'));
      expect(() => db.prepare('SELECT count(*) FROM sqlite_master').get()).toThrow(/not a database/);
      db.close();
    }
    const outbox = new OutboxRepository(path.join(dir, 'outbox.sqlite'), Buffer.from(newKey, 'hex'));
    expect(outbox.movedAside).toBeNull();
    expect(outbox.db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(0);
    outbox.close();
    const drafts = new DraftRepository(path.join(dir, 'drafts.sqlite'), Buffer.from(newKey, 'hex'));
    expect(drafts.movedAside).toBeNull();
    expect(drafts.countsByService()).toEqual([]);
    drafts.close();

    // and the app works on afterwards: a service set up again, an order sent, under the new key
    core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    await ask(core, 'settings:save', { baseUrl: serviceB.url, token: TOKEN_B });
    await ask(core, 'connection:check', {});
    const again = await ask(core, 'outbox:submit', { draftId: 'erase-again', order: sampleOrder() });
    await settled(core, again.id);
    expect((await ask(core, 'outbox:list', {})).entries.map((e) => e.state)).toEqual(['sent']);
    expect((await ask(core, 'outbox:list', {})).setAside).toEqual([]);
  }, 120_000);

  it('copies of the outbox set aside earlier are counted before, and removed by, the erase', async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'outbox.sqlite'), 'not a database at all');
    core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    const list = await ask(core, 'outbox:list', {});
    expect(list.setAside.map((s) => s.store)).toEqual(['outbox']);
    expect((await ask(core, 'settings:erase-preview', {})).setAside).toBe(1);
    await ask(core, 'settings:erase', { confirmedUnsent: 0 });
    expect(fs.readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toEqual([]);
  });
});

describe('demo data (issue #25, point 5)', () => {
  it('is kept encrypted under the database key, this user’s only; a plain file of an older version is replaced', async () => {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // what an older version left: the demo service's data in plain, 0644, with a trainee's order in it
    const plain = new Database(path.join(dir, DEMO_DATA_FILE));
    plain.exec(`CREATE TABLE orders (id INTEGER PRIMARY KEY, json TEXT); INSERT INTO orders VALUES (1, '${NAME}')`);
    plain.close();
    fs.chmodSync(path.join(dir, DEMO_DATA_FILE), 0o644);
    expect(filesHolding(NAME)).toEqual([DEMO_DATA_FILE]);

    core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    await ask(core, 'demo:start', {});
    await workWith(core, 'demo');
    const file = path.join(dir, DEMO_DATA_FILE);
    expect(fs.readFileSync(file).subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');
    expect(filesHolding(NAME)).toEqual([]);
    expect(filesHolding(EMAIL)).toEqual([]);
    if (process.platform !== 'win32')
      for (const name of fs.readdirSync(dir).filter((f) => f.startsWith(DEMO_DATA_FILE)))
        expect((fs.statSync(path.join(dir, name)).mode & 0o777).toString(8), name).toBe('600');

    // a restart keeps what was typed in training (the order is still on the demo service)
    await core.close();
    core = coreIn(dir, { vault: new FileVault(path.join(dir, 'vault')) });
    await core.ready;
    const demo = await ask(core, 'settings:get', {});
    expect(demo).toMatchObject({ mode: 'demo', demo: { running: true } });
    await refreshOrders(core);
    expect((await ask(core, 'orders:query', { text: 'Marchbanks' })).rows.length).toBeGreaterThan(0);

    // and erase takes it away
    await ask(core, 'settings:erase', { confirmedUnsent: 0 });
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(DEMO_DATA_FILE))).toEqual([]);
  }, 120_000);
});
