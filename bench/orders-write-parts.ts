/**
 * npx tsx bench/orders-write-parts.ts — what each part of the order book's first-refresh write path costs (#31.4; not a
 * test): the 100,000 orders of bench:orders' data (its service's data file, made by a run of bench:orders), read first,
 * then written as OrderRepository.saveOrders writes them (the app's migrations, statements and columns) in batches of
 * ORDER_LIMITS.writeBatchOrders, lowest id first in each, into an empty book; once whole, and once with one part left
 * out. Prints, per run: the CPU seconds of the writes (steadier than their time on a shared machine), the bytes this
 * process wrote meanwhile (WAL frames and checkpoint copies; /proc/self/io) and the book's size.
 *
 *  --parts a,b   which to run, interleaved (default all): `whole`; `plain` (no encryption); `no-search` (no search
 *                index); `no-indexes` (no secondary index); `no-record` (the kept record written empty); `rows-only`
 *                (no search index, no secondary index, no encryption)
 *  --runs N      rounds (default 3)
 *  --orders N    orders (default 100,000; the data file of that size must exist)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3-multiple-ciphers';
import { collectDateEvidence } from '../shared/dates';
import { parseOrderList, type ParsedOrder } from '../electron/main/core/orders/api';
import { ORDER_MIGRATIONS } from '../electron/main/core/orders/migrations/index';
import { prepareOrderStatements } from '../electron/main/core/orders/statements';
import { ftsColumns, orderColumns } from '../electron/main/core/orders/rows';
import { ORDER_WAL_CHECKPOINT_PAGES } from '../electron/main/core/orders/db';
import { ORDER_LIMITS } from '../electron/main/core/limits';
import { unlock } from '../electron/main/core/storage/open';
import { round } from './support';

const PARTS = ['whole', 'plain', 'no-search', 'no-indexes', 'no-record', 'rows-only'] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: PARTS.join(',') },
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '100000' },
  },
});
const parts = values.parts.split(',') as Part[];
for (const part of parts) if (!PARTS.includes(part)) throw new Error(`no part ${part}: ${PARTS.join(', ')}`);

const data = new Database(path.join(os.tmpdir(), `shopdesk-bench-orders-${values.orders}.sqlite`), { readonly: true });
const records = data.prepare('SELECT json FROM orders ORDER BY id DESC').pluck().all() as string[];
data.close();
// read as the refresh reads them: pages of 15, newest first
const orders: ParsedOrder[] = [];
for (let i = 0; i < records.length; i += 15)
  orders.push(...parseOrderList(JSON.parse(`{"data":[${records.slice(i, i + 15).join(',')}]}`))!.orders);

/** Bytes this process has written so far (null where /proc is not there). */
const written = (): number | null =>
  fs.existsSync('/proc/self/io') ? Number(/wchar: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]) : null;

function measure(part: Part): Record<string, unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-orders-parts-'));
  const file = path.join(dir, 'orders.sqlite');
  const db = new Database(file);
  try {
    // as OrderRepository opens its book (storage/open.ts, orders/db.ts)
    if (part !== 'plain' && part !== 'rows-only') unlock(db, crypto.randomBytes(32));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    db.pragma('temp_store = MEMORY');
    db.pragma(`wal_autocheckpoint = ${ORDER_WAL_CHECKPOINT_PAGES}`);
    db.pragma(`journal_size_limit = ${ORDER_WAL_CHECKPOINT_PAGES * 4096}`);
    for (const migrate of ORDER_MIGRATIONS) migrate(db);
    const search = part !== 'no-search' && part !== 'rows-only';
    if (part === 'no-indexes' || part === 'rows-only')
      for (const index of ['status', 'day', 'total', 'customer']) db.exec(`DROP INDEX orders_${index}`);
    const stmt = prepareOrderStatements(db);
    if (!search) db.exec('DROP TABLE orders_fts');
    const evidence = { dayFirst: 0, monthFirst: 0, ambiguous: 0 };
    const stamp = { dateOrder: 'dmy' as const, fetchedAt: Date.now(), sentAt: null, listed: 1, seq: 1 };
    let cpu = 0;
    const before = written();
    for (let i = 0; i < orders.length; i += ORDER_LIMITS.writeBatchOrders) {
      const batch = orders.slice(i, i + ORDER_LIMITS.writeBatchOrders).sort((a, b) => a.id - b.id);
      const start = process.cpuUsage();
      db.transaction(() => {
        stmt.setState.run('seq', String(i));
        for (const o of batch) {
          stmt.exists.get(o.id);
          collectDateEvidence([o.orderDate, o.processedDate, o.closedDate, o.cancelledDate], evidence);
          const row = orderColumns(o, stamp);
          stmt.upsert.run(part === 'no-record' ? { ...row, raw: '' } : row);
          if (!search) continue;
          stmt.ftsDelete.run(o.id);
          stmt.ftsInsert.run(ftsColumns(o));
        }
        stmt.setState.run('evidence', JSON.stringify(evidence));
      })();
      const used = process.cpuUsage(start);
      cpu += (used.user + used.system) / 1e6;
    }
    const after = written();
    const size = (f: string): number => fs.statSync(f, { throwIfNoEntry: false })?.size ?? 0;
    return {
      part,
      writeCpuSeconds: round(cpu),
      writtenMiB: before === null || after === null ? null : round((after - before) / 2 ** 20, 0),
      bookMiB: round((size(file) + size(`${file}-wal`)) / 2 ** 20, 1),
    };
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (let run = 0; run < Number(values.runs); run++)
  for (const part of parts) console.log(JSON.stringify(measure(part)));
