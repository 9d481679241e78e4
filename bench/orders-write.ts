/**
 * npx tsx bench/orders-write.ts — the order book's first-refresh write path alone (not a test), for #31.4's routes
 * measured one by one: the 100,000 orders of bench:orders' reference data (its service's data file, made by a run of
 * bench:orders), read as pages of 15, newest first, parsed as the refresh parses a page and written into an empty
 * encrypted cache in batches of ORDER_LIMITS.writeBatchOrders, as the refresh commits them. Prints the time parsing
 * and writing (wall, and the process's CPU while writing: steadier on a shared machine), the file and WAL sizes, the
 * time of a TRUNCATE checkpoint after, search p50 / p95 as bench:orders asks (first window + count), and the customer
 * search's mean.
 *
 *  --orders N   orders (default 100,000; the data file of that size must exist)
 *  --root DIR   the checkout whose order book is measured (default this one): two checkouts in one run
 *  --runs N     runs of each checkout, interleaved (default 1)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3-multiple-ciphers';
import type * as Api from '../electron/main/core/orders/api';
import type * as Db from '../electron/main/core/orders/db';
import type * as Limits from '../electron/main/core/limits';
import { percentile, round } from './support';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    root: { type: 'string', multiple: true },
    runs: { type: 'string', default: '1' },
  },
});
const ORDERS = Number(values.orders);
const roots = values.root?.length ? values.root.map((r) => path.resolve(r)) : [path.resolve(import.meta.dirname, '..')];
const source = path.join(os.tmpdir(), `shopdesk-bench-orders-${ORDERS}.sqlite`);
const data = new Database(source, { readonly: true });
const pages: string[] = [];
{
  const ids = data.prepare('SELECT json FROM orders ORDER BY id DESC').pluck().all() as string[];
  for (let i = 0; i < ids.length; i += 15) pages.push(`{"data":[${ids.slice(i, i + 15).join(',')}]}`);
}
data.close();

for (let run = 0; run < Number(values.runs); run++)
  for (const root of roots) console.log(JSON.stringify({ root, ...(await measure(root)) }));

async function measure(root: string): Promise<Record<string, unknown>> {
  const { OrderRepository } = (await import(path.join(root, 'electron/main/core/orders/db.ts'))) as typeof Db;
  const { parseOrderList } = (await import(path.join(root, 'electron/main/core/orders/api.ts'))) as typeof Api;
  const { ORDER_LIMITS } = (await import(path.join(root, 'electron/main/core/limits.ts'))) as typeof Limits;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-orders-write-'));
  const file = path.join(dir, 'orders.sqlite');
  try {
    const repo = new OrderRepository(file, crypto.randomBytes(32));
    let parsing = 0;
    let writing = 0;
    let writingCpu = 0;
    let walMax = 0;
    let batch: Api.ParsedOrder[] = [];
    const flush = (): void => {
      const start = performance.now();
      const cpu = process.cpuUsage();
      repo.saveOrders(batch, 'dmy', Date.now(), { pages: [] });
      const used = process.cpuUsage(cpu);
      writing += performance.now() - start;
      writingCpu += (used.user + used.system) / 1000;
      batch = [];
      walMax = Math.max(walMax, fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    };
    for (const page of pages) {
      const start = performance.now();
      const list = parseOrderList(JSON.parse(page));
      parsing += performance.now() - start;
      batch = batch.concat(list!.orders);
      if (batch.length >= ORDER_LIMITS.writeBatchOrders) flush();
    }
    if (batch.length > 0) flush();
    const sizes = {
      fileMiB: round(fs.statSync(file).size / 2 ** 20, 1),
      walMiB: round((fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) / 2 ** 20, 1),
      walMaxMiB: round(walMax / 2 ** 20, 1),
    };
    // the WAL folded into the file and cut to nothing, as a refresh could end
    const checkpoint = performance.now();
    repo.db.pragma('wal_checkpoint(TRUNCATE)');
    const checkpointSeconds = round((performance.now() - checkpoint) / 1000, 2);
    const words = ['ma', 'jo', 'smi', 'example', 'po-00', 'ca', 'new', 'st', 'lee', 'an'];
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const start = performance.now();
      repo.query({
        text: words[i % words.length]!,
        status: null,
        from: null,
        to: null,
        overdueBefore: null,
        sort: 'id',
        dir: 'desc',
        offset: 0,
        limit: 100,
      });
      times.push(performance.now() - start);
    }
    const customers = performance.now();
    let customerMs: number | null = null;
    try {
      for (const word of words) repo.customers(word, 8);
      customerMs = round((performance.now() - customers) / words.length, 2);
    } catch {
      // a variant whose records do not read back
    }
    repo.close();
    return {
      orders: repo.count(),
      parseSeconds: round(parsing / 1000, 2),
      writeSeconds: round(writing / 1000, 2),
      writeCpuSeconds: round(writingCpu / 1000, 2),
      ...sizes,
      checkpointSeconds,
      searchP50Ms: round(percentile(times, 50), 3),
      searchP95Ms: round(percentile(times, 95), 3),
      customersMs: customerMs,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
