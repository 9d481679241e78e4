/**
 * A cache an earlier version wrote is upgraded on the catalogue's thread before it opens (the order book's search index
 * rebuilt: 5.6 s per 100,000 orders; the catalogue's status index: 4–5 s at 1,000,000), so the app's thread stays free
 * and staff are told why a screen waits; nothing is skipped when the thread cannot do it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import type { StorageUpgrades } from '../../../shared/contract';
import { CoreEvents } from '../../../electron/main/core/events';
import { upgradeBeforeOpen } from '../../../electron/main/core/catalogue/upgrade';
import { checkInThread, SOURCE_WRITER_THREAD } from '../../../electron/main/core/catalogue/writer';
import { CATALOGUE_MIGRATIONS } from '../../../electron/main/core/catalogue/migrations/index';
import { parseOrder } from '../../../electron/main/core/orders/api';
import { OrderRepository } from '../../../electron/main/core/orders/db';
import { ORDER_MIGRATIONS } from '../../../electron/main/core/orders/migrations/index';
import { ftsColumns, FTS_COLUMNS, orderColumns, ORDER_COLUMNS } from '../../../electron/main/core/orders/rows';
import { fileDatabaseKey } from '../../../electron/main/core/storage/database-key';
import { schemaVersion, unlock } from '../../../electron/main/core/storage/open';
import { ServiceCaches } from '../../../electron/main/core/storage/service-scope';
import { insertSql } from '../../../electron/main/core/storage/sql';
import { Upgrades } from '../../../electron/main/core/storage/upgrades';
import { MemoryVault } from '../../../electron/main/core/settings/vault';
import { startService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn } from '../../support/core';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
const folder = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-upgrade-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const KEY = Buffer.alloc(32, 7);

/** An order book as the version before migration 008 left it: encrypted, schema 7, `n` orders in the old index. */
function oldOrderBook(file: string, n: number, key = KEY): void {
  const db = new Database(file);
  unlock(db, key);
  db.pragma('journal_mode = WAL');
  for (const step of ORDER_MIGRATIONS.slice(0, 7)) step(db);
  db.pragma('user_version = 7');
  const insert = db.prepare(insertSql('orders', ORDER_COLUMNS));
  const index = db.prepare(insertSql('orders_fts', FTS_COLUMNS));
  db.transaction(() => {
    for (let id = 1; id <= n; id++) {
      const raw = {
        id,
        po_number: `PO-${id}`,
        status: 'Pending',
        name: id === 42 ? 'Zoë Quigley' : `Customer ${id}`,
        email: `c${id}@example.org`,
        phone: '',
        city: 'Utrecht',
        order_date: '01/06/2026',
        total_price: '10.00',
        order_items: [],
      };
      const parsed = parseOrder(raw);
      if (!parsed.ok) throw new Error(parsed.reason);
      insert.run({
        ...orderColumns(parsed.order, { dateOrder: 'dmy', fetchedAt: 1, sentAt: null, listed: 1, seq: id }),
        raw: JSON.stringify(raw),
      });
      index.run(ftsColumns(parsed.order));
    }
  })();
  db.close();
}

function recorder(): { upgrades: Upgrades; seen: StorageUpgrades[] } {
  const events = new CoreEvents();
  const seen: StorageUpgrades[] = [];
  events.on('storage:upgrades', (payload) => seen.push(payload));
  return { upgrades: new Upgrades(events), seen };
}

/** Turns of this thread's event loop while `work` runs: none when the work holds the thread. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = (): void => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  await work;
  done = true;
  return turns;
}

describe('an earlier version’s cache is upgraded on the thread before it opens', () => {
  it('an order book at schema 7: migrated to the newest on the thread while this thread goes on, and said', async () => {
    const file = path.join(folder(), 'orders-x.sqlite');
    oldOrderBook(file, 3_000);
    const { upgrades, seen } = recorder();
    const warnings: string[] = [];
    const upgrade = upgradeBeforeOpen({
      ...{ store: 'orders', file, migrations: ORDER_MIGRATIONS, key: KEY },
      ...{ thread: SOURCE_WRITER_THREAD, upgrades, warn: (m: string) => warnings.push(m) },
    });
    const turns = await turnsDuring(upgrade);
    expect(schemaVersion(file, KEY)).toBe(ORDER_MIGRATIONS.length);
    expect(seen).toEqual([{ running: ['orders'] }, { running: [] }]);
    expect(warnings).toEqual([]);
    // the upgrade did not hold this thread (migrating here runs it in one synchronous go: no turn at all)
    expect(turns).toBeGreaterThan(10);
    // opening it now migrates nothing, and the new index finds what the old one did
    const repo = new OrderRepository(file, KEY);
    cleanup.push(() => repo.close());
    const query = {
      status: null,
      from: null,
      to: null,
      overdueBefore: null,
      dir: 'desc',
      offset: 0,
      limit: 50,
    } as const;
    expect(repo.query({ ...query, text: 'zoe quig', sort: 'id' }).rows.map((r) => r.id)).toEqual([42]);
    expect(repo.query({ ...query, text: '', sort: 'id' }).total).toBe(3_000);
  });

  it('nothing to do for a new file, a file already at the newest, or no thread: no thread, nothing said', async () => {
    const dir = folder();
    const { upgrades, seen } = recorder();
    const base = { migrations: ORDER_MIGRATIONS, key: KEY, upgrades, warn: () => undefined };
    await upgradeBeforeOpen({
      ...base,
      store: 'orders',
      file: path.join(dir, 'none.sqlite'),
      thread: SOURCE_WRITER_THREAD,
    });
    expect(fs.existsSync(path.join(dir, 'none.sqlite'))).toBe(false);
    const current = path.join(dir, 'current.sqlite');
    new OrderRepository(current, KEY).close();
    await upgradeBeforeOpen({ ...base, store: 'orders', file: current, thread: SOURCE_WRITER_THREAD });
    const old = path.join(dir, 'old.sqlite');
    oldOrderBook(old, 10);
    await upgradeBeforeOpen({ ...base, store: 'orders', file: old, thread: 'inline' });
    await upgradeBeforeOpen({ ...base, store: 'orders', file: old, thread: undefined });
    expect(schemaVersion(old, KEY)).toBe(7);
    expect(seen).toEqual([]);
  });

  it('a thread file that is not the one built never runs: the open upgrades on this thread, nothing skipped', async () => {
    const file = path.join(folder(), 'orders-x.sqlite');
    oldOrderBook(file, 50);
    const { upgrades, seen } = recorder();
    const warnings: string[] = [];
    await upgradeBeforeOpen({
      ...{ store: 'orders', file, migrations: ORDER_MIGRATIONS, key: KEY, upgrades },
      ...{ thread: { ...SOURCE_WRITER_THREAD, sha256: '0'.repeat(64) }, warn: (m: string) => warnings.push(m) },
    });
    expect(warnings).toEqual([expect.stringContaining('does not match the hash recorded at build time')]);
    expect(seen).toEqual([]);
    expect(schemaVersion(file, KEY)).toBe(7);
    const repo = new OrderRepository(file, KEY);
    cleanup.push(() => repo.close());
    expect(schemaVersion(file, KEY)).toBe(ORDER_MIGRATIONS.length);
    expect(repo.count()).toBe(50);
  });

  it('a thread that fails (a wrong key for the file) leaves it to the open, which deals with it as before', async () => {
    const file = path.join(folder(), 'orders-x.sqlite');
    oldOrderBook(file, 5);
    const { upgrades, seen } = recorder();
    const warnings: string[] = [];
    // the key is not the file's: the thread cannot read the version, so there is nothing it would touch
    await upgradeBeforeOpen({
      ...{ store: 'orders', file, migrations: ORDER_MIGRATIONS, key: Buffer.alloc(32, 9), upgrades },
      ...{ thread: SOURCE_WRITER_THREAD, warn: (m: string) => warnings.push(m) },
    });
    expect(seen).toEqual([]);
    expect(schemaVersion(file, KEY)).toBe(7);
  });

  it('a catalogue cache at schema 3 gets its status index on the thread', async () => {
    const file = path.join(folder(), 'catalogue-x.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    for (const step of CATALOGUE_MIGRATIONS.slice(0, 3)) step(db);
    db.pragma('user_version = 3');
    db.close();
    const { upgrades, seen } = recorder();
    await upgradeBeforeOpen({
      ...{ store: 'catalogue', file, migrations: CATALOGUE_MIGRATIONS, upgrades, warn: () => undefined },
      thread: SOURCE_WRITER_THREAD,
    });
    expect(schemaVersion(file)).toBe(CATALOGUE_MIGRATIONS.length);
    expect(seen).toEqual([{ running: ['catalogue'] }, { running: [] }]);
    const check = new Database(file, { readonly: true });
    cleanup.push(() => check.close());
    expect(check.prepare("SELECT name FROM sqlite_master WHERE name = 'products_status_name'").pluck().get()).toBe(
      'products_status_name',
    );
  });
});

describe('the thread’s file is checked against the build’s hash for every use (#25.8)', () => {
  it('the full check too: a file that is not the one built never runs, and the check runs on this thread', async () => {
    const file = path.join(folder(), 'catalogue-x.sqlite');
    const db = new Database(file);
    for (const step of CATALOGUE_MIGRATIONS) step(db);
    db.close();
    // a thread file that marks the cache when it runs (test/support/slow-check.worker.ts)
    const script = new URL('../../support/slow-check.worker.ts', import.meta.url);
    const healthy = await checkInThread(file, { script, execArgv: ['--import', 'tsx'], sha256: '0'.repeat(64) });
    expect(healthy).toBe(true);
    expect(fs.existsSync(`${file}.checking`)).toBe(false);
  });
});

describe('a cache waits for its files to be made ready (ServiceCaches prepare)', () => {
  const cache = () => ({ stop: () => undefined, idle: async () => undefined, close: () => undefined });
  const target = async () => ({ mode: 'service' as const, baseUrl: 'https://shop.example', token: 't' });

  it('once per service, shared by opens at the same time; close waits for one under way', async () => {
    let prepares = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened = 0;
    const caches = new ServiceCaches(
      target as never,
      () => (opened++, cache()),
      async () => {
        prepares++;
        await gate;
      },
    );
    const a = caches.open();
    const b = caches.open();
    await new Promise((r) => setTimeout(r, 20));
    expect(opened).toBe(0); // nothing opens while the files are being made ready
    let closed = false;
    const closing = caches.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false); // the files are still in use by the upgrade
    release();
    await closing;
    expect(await a).toBeNull(); // closed meanwhile: nothing opens
    expect(await b).toBeNull();
    expect(prepares).toBe(1);
    expect(opened).toBe(0);
  });

  it('a prepare that fails still lets the cache open (the open does the work itself)', async () => {
    let opened = 0;
    const caches = new ServiceCaches(
      target as never,
      () => (opened++, cache()),
      async () => {
        throw new Error('no thread');
      },
    );
    expect(await caches.open()).not.toBeNull();
    expect(await caches.open()).not.toBeNull();
    expect(opened).toBe(1);
  });
});

describe('through the core: the first start after an update', () => {
  it('the order book of an earlier version is upgraded on the thread, said, and then answers as before', async () => {
    const svc = await startService({ token: 'tok', products: 5, orders: 40, seed: 3 });
    cleanup.push(() => svc.close());
    const dir = folder();
    const vault = new MemoryVault();
    const first = coreIn(dir, { vault });
    await ask(first, 'settings:save', { baseUrl: svc.url, token: 'tok' });
    await ask(first, 'orders:refresh', {});
    for (let i = 0; i < 400 && (await ask(first, 'orders:status', {})).state !== 'complete'; i++)
      await new Promise((r) => setTimeout(r, 25));
    const before = await ask(first, 'orders:query', { sort: 'id' });
    expect(before.total).toBe(40);
    await first.close();
    // the file taken back to an earlier version's layout: schema 7 (the search index with positions)
    const file = fs.readdirSync(dir).find((f) => /^orders-.*\.sqlite$/.test(f))!;
    const key = fileDatabaseKey(dir).key;
    const db = new Database(path.join(dir, file));
    unlock(db, key);
    db.exec(`DROP TABLE orders_fts;
      CREATE VIRTUAL TABLE orders_fts USING fts5(name, email, phone, po_number, tracking_number, city, remarks,
        content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2');`);
    db.pragma('user_version = 7');
    db.close();

    const again = coreIn(dir, { vault });
    cleanup.push(() => again.close());
    const seen: StorageUpgrades[] = [];
    again.events.on('storage:upgrades', (payload) => seen.push(payload));
    expect(await ask(again, 'storage:upgrades', {})).toEqual({ running: [] });
    const after = await ask(again, 'orders:query', { sort: 'id' });
    expect(after.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
    expect(seen).toEqual([{ running: ['orders'] }, { running: [] }]);
    expect(schemaVersion(path.join(dir, file), key)).toBe(ORDER_MIGRATIONS.length);
    const name = before.rows[0]!.name.split(' ')[0]!;
    expect((await ask(again, 'orders:query', { text: name, sort: 'id' })).total).toBeGreaterThan(0);
  });
});
