/**
 * The reference service's storage: products and orders kept as their JSON text, keyed by a dense id,
 * so a product page is one prepared range query and a string join.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import { makeOrder, makeProduct, type ServiceOrder, type ServiceProduct } from './seed';
import type { DateOrder } from './dates';

/** Bump when seed records change shape, so a reused data file is regenerated. */
export const GENERATOR_VERSION = 3;

export interface SeedOptions {
  seed: number;
  products: number;
  orders: number;
  dateOrder: DateOrder;
  /** Orders are dated over the 180 days before this date. Default: now. */
  anchor?: Date;
}

export interface ServiceStore {
  productCount(): number;
  productPage(firstId: number, count: number): string[];
  productJson(id: number): string | undefined;
  product(id: number): ServiceProduct | undefined;
  orderCount(): number;
  orderPage(offset: number, count: number): string[];
  /** The same, newest first. */
  orderPageNewestFirst(offset: number, count: number): string[];
  orderJson(id: number): string | undefined;
  /** Replaces a product's or an order's JSON as served (tests of hostile or odd content); the id must exist. */
  replaceProduct(id: number, record: object): void;
  replaceOrder(id: number, record: object): void;
  /** Takes a product off the service, as a shop that stopped selling it: reads give 404, an order with it 422. */
  withdrawProduct(id: number): void;
  /** Stores a new order: assigns ids, returns the stored order. */
  insertOrder(build: (orderId: number, firstItemId: number) => ServiceOrder): ServiceOrder;
  close(): void;
}

const BATCH = 5_000;

export function openStore(
  options: SeedOptions & { file?: string; nativeBinding?: string | null; key?: Buffer | null },
): ServiceStore {
  const sqlite: Database.Options = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  /** Opens the file, encrypted with the key when one is given (SQLCipher 4's format, as the app's own databases). */
  const open = (file: string): Database.Database => {
    const opened = new Database(file, sqlite);
    if (options.key) {
      opened.pragma("cipher = 'sqlcipher'");
      opened.pragma('legacy = 4');
      opened.pragma(`key = "x'${options.key.toString('hex')}'"`);
    }
    return opened;
  };
  const wanted = JSON.stringify({
    v: GENERATOR_VERSION,
    seed: options.seed,
    products: options.products,
    orders: options.orders,
    dateOrder: options.dateOrder,
  });
  let db = options.file ? open(options.file) : new Database(':memory:', sqlite);
  if (options.file) {
    // another data set, or a file that does not open with the key (a plain one of an older version): made afresh
    const meta = tryReadMeta(db);
    if (meta !== wanted) {
      db.close();
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(options.file + suffix, { force: true });
      db = open(options.file);
    }
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS products (id INTEGER PRIMARY KEY, json TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, json TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
  `);
  if (tryReadMeta(db) !== wanted) seed(db, options, wanted);

  const stmt = {
    productCount: db.prepare('SELECT count(*) AS n FROM products').pluck(),
    productRange: db.prepare('SELECT json FROM products WHERE id >= ? ORDER BY id LIMIT ?').pluck(),
    product: db.prepare('SELECT json FROM products WHERE id = ?').pluck(),
    orderCount: db.prepare('SELECT count(*) AS n FROM orders').pluck(),
    // ids are dense from 1 (the service never deletes), so a page is an id range, not a deep OFFSET
    orderPage: db.prepare('SELECT json FROM orders WHERE id > ? ORDER BY id LIMIT ?').pluck(),
    orderPageDesc: db.prepare('SELECT json FROM orders WHERE id <= ? ORDER BY id DESC LIMIT ?').pluck(),
    order: db.prepare('SELECT json FROM orders WHERE id = ?').pluck(),
    insertOrder: db.prepare('INSERT INTO orders (id, json) VALUES (?, ?)'),
    nextId: db.prepare('SELECT value FROM counters WHERE name = ?').pluck(),
    setId: db.prepare('INSERT OR REPLACE INTO counters (name, value) VALUES (?, ?)'),
  };
  // Counts never change for products (the service cannot create or delete them); cache them.
  const products = stmt.productCount.get() as number;
  let orders = stmt.orderCount.get() as number;

  const insertOrder = db.transaction((build: (orderId: number, firstItemId: number) => ServiceOrder) => {
    const orderId = (stmt.nextId.get('order') as number) + 1;
    const firstItemId = (stmt.nextId.get('item') as number) + 1;
    const order = build(orderId, firstItemId);
    stmt.insertOrder.run(orderId, JSON.stringify(order));
    stmt.setId.run('order', orderId);
    stmt.setId.run('item', firstItemId + order.order_items.length - 1);
    orders += 1;
    return order;
  });

  return {
    productCount: () => products,
    productPage: (firstId, count) => stmt.productRange.all(firstId, count) as string[],
    productJson: (id) => stmt.product.get(id) as string | undefined,
    product: (id) => {
      const json = stmt.product.get(id) as string | undefined;
      return json ? (JSON.parse(json) as ServiceProduct) : undefined;
    },
    orderCount: () => orders,
    orderPage: (offset, count) => stmt.orderPage.all(offset, count) as string[],
    orderPageNewestFirst: (offset, count) => stmt.orderPageDesc.all(orders - offset, count) as string[],
    orderJson: (id) => stmt.order.get(id) as string | undefined,
    insertOrder: (build) => insertOrder(build),
    withdrawProduct: (id) => {
      if (db.prepare('DELETE FROM products WHERE id = ?').run(id).changes !== 1) throw new Error(`no product ${id}`);
    },
    replaceProduct: (id, record) => {
      if (db.prepare('UPDATE products SET json = ? WHERE id = ?').run(JSON.stringify(record), id).changes !== 1)
        throw new Error(`no product ${id}`);
    },
    replaceOrder: (id, record) => {
      if (db.prepare('UPDATE orders SET json = ? WHERE id = ?').run(JSON.stringify(record), id).changes !== 1)
        throw new Error(`no order ${id}`);
    },
    close: () => db.close(),
  };
}

function tryReadMeta(db: Database.Database): string | undefined {
  try {
    return db.prepare("SELECT value FROM meta WHERE key = 'dataset'").pluck().get() as string | undefined;
  } catch {
    return undefined;
  }
}

function seed(db: Database.Database, options: SeedOptions, wanted: string): void {
  db.exec('DELETE FROM products; DELETE FROM orders; DELETE FROM counters; DELETE FROM meta;');
  const insertProduct = db.prepare('INSERT INTO products (id, json) VALUES (?, ?)');
  const prices = new Map<number, string>();
  const insertProducts = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      const product = makeProduct(options.seed, id);
      insertProduct.run(id, JSON.stringify(product));
    }
  });
  for (let from = 1; from <= options.products; from += BATCH) {
    insertProducts(from, Math.min(options.products, from + BATCH - 1));
  }
  const priceOf = (productId: number): string => {
    let price = prices.get(productId);
    if (price === undefined) {
      price = makeProduct(options.seed, productId).price ?? '0.00';
      if (prices.size < 200_000) prices.set(productId, price);
    }
    return price;
  };
  const ctx = {
    seed: options.seed,
    productCount: options.products,
    anchor: options.anchor ?? new Date(),
    dateOrder: options.dateOrder,
    priceOf,
  };
  const insertOrder = db.prepare('INSERT INTO orders (id, json) VALUES (?, ?)');
  let itemId = 0;
  const insertOrders = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      const order = makeOrder(ctx, id, itemId + 1, options.orders);
      itemId += order.order_items.length;
      insertOrder.run(id, JSON.stringify(order));
    }
  });
  for (let from = 1; from <= options.orders; from += BATCH) {
    insertOrders(from, Math.min(options.orders, from + BATCH - 1));
  }
  const setCounter = db.prepare('INSERT OR REPLACE INTO counters (name, value) VALUES (?, ?)');
  setCounter.run('order', options.orders);
  setCounter.run('item', itemId);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('dataset', ?)").run(wanted);
}
