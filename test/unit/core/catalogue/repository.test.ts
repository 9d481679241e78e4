import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseProduct, type ParsedProduct } from '../../../../electron/main/core/catalogue/api';
import { CatalogueRepository, type CatalogueQuery } from '../../../../electron/main/core/catalogue/db';
import { CATALOGUE_MIGRATIONS } from '../../../../electron/main/core/catalogue/migrations';
import { ANCHOR_EVERY, ftsQuery } from '../../../../electron/main/core/storage/windows';

let dir: string;
let repo: CatalogueRepository;
const product = (id: number, patch: Record<string, unknown> = {}): ParsedProduct => {
  const parsed = parseProduct({
    id: String(id),
    sku: `${100 + (id % 900)}-${String(id).padStart(4, '0')}`,
    name: `Product ${id}`,
    bar_code: `87${String(id).padStart(11, '0')}`,
    status: 'Available',
    available_stock: String(id % 10),
    physical_stock: String(id % 10),
    price: `${id}.99`,
    package_content: '1x thing',
    ...patch,
  });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.product;
};
const q = (patch: Partial<CatalogueQuery> = {}): CatalogueQuery => ({
  text: '',
  status: null,
  stock: 'all',
  flags: [],
  sort: 'name',
  dir: 'asc',
  offset: 0,
  limit: 50,
  ...patch,
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-cat-'));
  repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
});
afterEach(() => {
  repo.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('catalogue repository', () => {
  it('migrates by user_version, WAL on', () => {
    expect(repo.db.pragma('user_version', { simple: true })).toBe(CATALOGUE_MIGRATIONS.length);
    expect(repo.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('a cache from the first schema gets the flags index, its rows kept; the flags filter counts from it', () => {
    repo.savePage(1, 1, [product(1, { flag_fragile: 'Yes' }), product(2)]);
    repo.db.exec('DROP INDEX products_flags');
    repo.db.pragma('user_version = 1');
    repo.close();
    repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
    expect(repo.db.pragma('user_version', { simple: true })).toBe(CATALOGUE_MIGRATIONS.length);
    expect(repo.query(q({ flags: ['fragile'] })).rows.map((r) => r.id)).toEqual([1]);
    const plan = repo.db
      .prepare('EXPLAIN QUERY PLAN SELECT count(*) FROM products WHERE (products.flags & ?) = ?')
      .all(1, 1) as { detail: string }[];
    expect(plan.map((r) => r.detail).join()).toMatch(/COVERING INDEX products_flags/);
  });

  it('a new cache indexes four-letter beginnings too; one that holds products keeps its index and its matches', () => {
    const ftsSql = (): string =>
      repo.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'products_fts'").pluck().get() as string;
    expect(ftsSql()).toMatch(/prefix = '2 3 4'/);
    repo.savePage(1, 1, [product(1, { name: 'Walnut board' }), product(2, { name: 'Wall hook' })]);
    expect(repo.query(q({ text: 'waln' })).rows.map((r) => r.id)).toEqual([1]);
    expect(repo.query(q({ text: 'wal' })).rows.map((r) => r.id)).toEqual([2, 1]);

    // a cache from before (prefix '2 3', products in it): migration 5 leaves its index, every search still finds
    repo.db.exec(`
      DELETE FROM products;
      DROP TABLE products_fts;
      CREATE VIRTUAL TABLE products_fts USING fts5(
        name, sku, barcode, contents,
        content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
      );
    `);
    repo.savePage(1, 2, [product(1, { name: 'Walnut board' }), product(2, { name: 'Wall hook' })]);
    repo.db.pragma('user_version = 4');
    repo.close();
    repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
    expect(repo.db.pragma('user_version', { simple: true })).toBe(CATALOGUE_MIGRATIONS.length);
    expect(ftsSql()).toMatch(/prefix = '2 3',/);
    expect(repo.query(q({ text: 'waln' })).rows.map((r) => r.id)).toEqual([1]);

    // the same cache emptied (its products gone) gets the four-letter index when it opens
    repo.db.exec("DELETE FROM products; INSERT INTO products_fts (products_fts) VALUES ('delete-all')");
    repo.db.pragma('user_version = 4');
    repo.close();
    repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
    expect(ftsSql()).toMatch(/prefix = '2 3 4'/);
  });

  it('refuses a database from a newer Shopdesk', () => {
    repo.db.pragma('user_version = 99');
    repo.close();
    expect(() => new CatalogueRepository(path.join(dir, 'c.sqlite'))).toThrow(/newer version of Shopdesk/);
    repo = new CatalogueRepository(path.join(dir, 'other.sqlite'));
  });

  it('a damaged file is moved aside, never deleted, and a fresh cache starts', () => {
    repo.close();
    const file = path.join(dir, 'c.sqlite');
    fs.rmSync(`${file}-wal`, { force: true });
    fs.rmSync(`${file}-shm`, { force: true });
    fs.writeFileSync(file, Buffer.alloc(8192, 7));
    repo = new CatalogueRepository(file);
    expect(repo.movedAside).toMatch(/corrupt-\d+$/);
    expect(fs.existsSync(repo.movedAside!)).toBe(true);
    expect(repo.listedCount()).toBe(0);
  });

  it('page bookkeeping: pages of a pass, state kept', () => {
    repo.savePage(1000, 1, [product(1), product(2)]);
    repo.savePages(1000, [
      { page: 2, products: [product(3)] },
      { page: 3, products: [] },
    ]);
    expect([...repo.pagesDone(1000)].sort()).toEqual([1, 2, 3]);
    expect(repo.pagesDone(2000).size).toBe(0);
    repo.setState({ pass: 1000, passLastPage: 3, passTotal: 3 });
    expect(repo.state()).toMatchObject({ pass: 1000, passLastPage: 3, passTotal: 3 });
    repo.setState({ pass: null });
    expect(repo.state().pass).toBeNull();
  });

  it('a first download writes plain inserts; a duplicate id falls back to upserts without double index entries', () => {
    repo.savePages(1, [{ page: 1, products: [product(1), product(2)] }], 1, true);
    expect(repo.rowCount()).toBe(2);
    // page 2 repeats product 2 (pages shifted on the service): the batch is written again the careful way
    repo.savePages(1, [{ page: 2, products: [product(2, { name: 'Granite renamed' }), product(3)] }], 2, true);
    expect(repo.rowCount()).toBe(3);
    expect(repo.listedCount()).toBe(3);
    expect(repo.detail(2)?.name).toBe('Granite renamed');
    expect(repo.query(q({ text: 'granite', sort: 'id' })).rows.map((r) => r.id)).toEqual([2]);
    expect(repo.db.prepare("SELECT count(*) FROM products_fts WHERE products_fts MATCH 'product'").pluck().get()).toBe(
      2,
    );
    expect([...repo.pagesDone(1)].sort()).toEqual([1, 2]);
  });

  it('a complete pass marks products it did not see as no longer listed', () => {
    repo.savePage(1, 1, [product(1), product(2), product(3)]);
    repo.savePage(2, 1, [product(1), product(3)]);
    expect(repo.finishPass(2)).toBe(1);
    expect(repo.detail(2)?.listed).toBe(false);
    expect(repo.listedCount()).toBe(2);
    // seen again later: listed again
    repo.savePage(3, 1, [product(2)]);
    expect(repo.detail(2)?.listed).toBe(true);
  });

  it('exact barcode and SKU lookup', () => {
    repo.savePage(1, 1, [product(1), product(42)]);
    expect(repo.lookup('8700000000042')?.id).toBe(42);
    expect(repo.lookup(' 8700000000042 ')?.id).toBe(42);
    expect(repo.lookup('142-0042')?.id).toBe(42);
    expect(repo.lookup('999')).toBeNull();
  });

  it('a GTIN finds its product in any of its forms (#29.3); a stored barcode with a wrong check digit by its exact code', () => {
    repo.savePage(1, 1, [
      product(1, { bar_code: '0036000291452' }), // a UPC-A kept as an EAN-13
      product(2, { bar_code: '042100005264' }), // a UPC-A kept as such
      product(3, { bar_code: '8712345678906' }),
      product(4, { bar_code: '96385074' }), // an EAN-8
      product(5, { bar_code: '8700000000042' }), // its check digit is wrong (9 would be right)
    ]);
    // UPC-A and EAN-13 with a leading 0 find the same product, both ways
    expect(repo.lookup('036000291452')?.id).toBe(1);
    expect(repo.lookup('0036000291452')?.id).toBe(1);
    expect(repo.lookup('0042100005264')?.id).toBe(2);
    // a GTIN-14 (indicator 0, as GS1 DataMatrix and GS1-128 carry it) finds its EAN-13, UPC-A or EAN-8
    expect(repo.lookup('08712345678906')?.id).toBe(3);
    expect(repo.lookup('00036000291452')?.id).toBe(1);
    expect(repo.lookup('00042100005264')?.id).toBe(2);
    expect(repo.lookup('00000096385074')?.id).toBe(4);
    // a UPC-E finds its UPC-A
    expect(repo.lookup('04252614')?.id).toBe(2);
    // exact first: the stored code whose check digit fails is found as it is
    expect(repo.lookup('8700000000042')?.id).toBe(5);
    // a misread, one digit off, finds nothing (not another product by its forms)
    expect(repo.lookup('036000291453')).toBeNull();
    expect(repo.lookup('8712345678905')).toBeNull();
    // a case's GTIN-14 (indicator 1) is not its unit
    expect(repo.lookup('18712345678903')).toBeNull();
  });

  it('FTS: prefix as you type, several words, SKU, barcode, contents', () => {
    repo.savePage(1, 1, [
      product(1, { name: 'Granite Coffee Mug', package_content: '1x mug, 1x gift box' }),
      product(2, { name: 'Granite Tea Pot' }),
      product(3, { name: 'Café Crème Cup' }),
      product(4, { name: 'Steel Mug' }),
    ]);
    const names = (text: string) => repo.query(q({ text })).rows.map((r) => r.name);
    expect(names('gr')).toEqual(['Granite Coffee Mug', 'Granite Tea Pot']);
    expect(names('gran mug')).toEqual(['Granite Coffee Mug']);
    expect(names('mug')).toEqual(['Granite Coffee Mug', 'Steel Mug']);
    expect(names('gift')).toEqual(['Granite Coffee Mug']);
    expect(names('cafe')).toEqual(['Café Crème Cup']);
    expect(names('101-00')).toEqual(['Granite Coffee Mug']);
    expect(names('870000000000')).toHaveLength(4);
    expect(names('8700000000003')).toEqual(['Café Crème Cup']);
  });

  it('FTS queries are safe with punctuation and quotes', () => {
    repo.savePage(1, 1, [product(1, { name: 'He said "hi" (loud)' })]);
    for (const text of ['"', "'", '"hi', 'AND', 'OR NOT', 'NEAR(', '*', '-', 'name:x', '^', '((', '\\', 'hi"*']) {
      expect(() => repo.query(q({ text }))).not.toThrow();
    }
    expect(repo.query(q({ text: '"hi"' })).rows).toHaveLength(1);
    expect(ftsQuery('  ')).toBeNull();
    expect(ftsQuery('a"b')).toBe('"a"* AND "b"*');
  });

  it('filters: status, stock level, flags; counts', () => {
    repo.savePage(1, 1, [
      product(1, { available_stock: '0', flag_fragile: 'Yes' }),
      product(2, { available_stock: '3', status: 'Discontinued' }),
      product(3, { available_stock: '50', flag_fragile: 'Yes', flag_liquid: 'Yes' }),
      product(4, { available_stock: 'n/a' }),
    ]);
    expect(repo.query(q({ stock: 'out' })).rows.map((r) => r.id)).toEqual([1]);
    expect(repo.query(q({ stock: 'low' })).rows.map((r) => r.id)).toEqual([2]);
    expect(repo.query(q({ stock: 'in' })).rows.map((r) => r.id)).toEqual([3]);
    // the reorder list (#30.4): low or out, at the threshold from Settings → Stock; an unknown figure is neither
    expect(repo.query(q({ stock: 'low-or-out' })).rows.map((r) => r.id)).toEqual([1, 2]);
    expect(repo.query(q({ stock: 'low-or-out', lowStock: 2 })).rows.map((r) => r.id)).toEqual([1]);
    expect(repo.query(q({ stock: 'low-or-out', lowStock: 50 })).rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(repo.query(q({ stock: 'low', lowStock: 50 })).rows.map((r) => r.id)).toEqual([2, 3]);
    expect(repo.query(q({ stock: 'in', lowStock: 2 })).rows.map((r) => r.id)).toEqual([2, 3]);
    expect(repo.query(q({ stock: 'low-or-out', lowStock: 0 })).total).toBe(1);
    expect(repo.query(q({ status: 'Discontinued' })).total).toBe(1);
    expect(repo.query(q({ flags: ['fragile'] })).rows.map((r) => r.id)).toEqual([1, 3]);
    expect(repo.query(q({ flags: ['fragile', 'liquid'] })).rows.map((r) => r.id)).toEqual([3]);
    expect(repo.statuses()).toEqual(['Available', 'Discontinued']);
  });

  it('keyset windows at any depth equal a plain ORDER BY, for every sort and direction', () => {
    const n = ANCHOR_EVERY * 4 + 37;
    const batch: ParsedProduct[] = [];
    for (let id = 1; id <= n; id++)
      batch.push(product(id, { name: `Item ${(id * 7919) % 1000}`, available_stock: String(id % 13) }));
    repo.savePage(1, 1, batch);
    for (const sort of ['name', 'sku', 'available', 'price', 'status', 'id'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const key = {
          name: 'name_key',
          sku: 'sku',
          available: 'available_key',
          price: 'price_key',
          status: 'status',
          id: 'id',
        }[sort];
        const order = dir === 'asc' ? 'ASC' : 'DESC';
        const expected = repo.db
          .prepare(`SELECT id FROM products ORDER BY ${key} ${order}, id ${order}`)
          .pluck()
          .all() as number[];
        for (const offset of [0, 1, ANCHOR_EVERY - 1, ANCHOR_EVERY, ANCHOR_EVERY * 3 + 5, n - 10, n - 1]) {
          const window = repo.query(q({ sort, dir, offset, limit: 20 }));
          expect(window.total).toBe(n);
          expect(window.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 20));
        }
      }
    }
  });

  it('text searches in catalogue order (driven by the FTS index) page the same as a plain query, with filters', () => {
    const n = ANCHOR_EVERY * 3 + 11;
    const batch: ParsedProduct[] = [];
    for (let id = 1; id <= n; id++) {
      batch.push(
        product(id, {
          name: id % 3 === 0 ? `Granite thing ${id}` : `Steel thing ${id}`,
          available_stock: String(id % 7),
        }),
      );
    }
    repo.savePage(1, 1, batch);
    for (const stock of ['all', 'in'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const where = stock === 'in' ? 'AND available_key > 5' : '';
        const expected = repo.db
          .prepare(
            `SELECT id FROM products WHERE name LIKE 'Granite%' ${where} ORDER BY id ${dir === 'asc' ? 'ASC' : 'DESC'}`,
          )
          .pluck()
          .all() as number[];
        const offsets = [0, ANCHOR_EVERY - 3, ANCHOR_EVERY, expected.length - 5].filter(
          (o) => o >= 0 && o < expected.length,
        );
        for (const offset of offsets) {
          const window = repo.query(q({ text: 'gran', sort: 'id', dir, stock, offset, limit: 10 }));
          expect(window.total).toBe(expected.length);
          expect(window.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 10));
        }
      }
    }
  });

  it('sorted searches and filters page the same as a plain query, walking the sort index when many rows match', () => {
    // 7,200 products: 6,600 "Granite", 600 "Marble"; 144 discontinued. The sort index is walked above 1,000 matches.
    const batch: ParsedProduct[] = [];
    for (let id = 1; id <= 7_200; id++) {
      const word = id % 12 === 0 ? 'Marble' : id % 12 === 1 ? 'Oak' : 'Granite';
      batch.push(
        product(id, {
          name: `${word} ${(id * 7919) % 1000}`,
          available_stock: String(id % 7),
          price: `${id % 97}.50`,
          status: id % 50 === 0 ? 'Discontinued' : 'Available',
        }),
      );
    }
    repo.savePage(1, 1, batch);
    // which way each list is read: the SQL it prepares
    const prepared: string[] = [];
    const prepare = repo.db.prepare.bind(repo.db);
    repo.db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof repo.db.prepare;
    const walks = (query: Partial<CatalogueQuery>): boolean => {
      prepared.length = 0;
      repo.query(q(query));
      return prepared.some((sql) => sql.includes('INDEXED BY products_name'));
    };
    expect(walks({ text: 'gran' })).toBe(true);
    expect(walks({ text: 'marb' })).toBe(false);
    const reads = (query: Partial<CatalogueQuery>): string[] => {
      prepared.length = 0;
      repo.query(q(query));
      return [...new Set(prepared.flatMap((sql) => /INDEXED BY (\w+)/.exec(sql)?.[1] ?? []))];
    };
    // a status filter sorted by name walks (status, name_key, id), which holds that status's rows only
    expect(reads({ status: 'Available' })).toEqual(['products_status_name']);
    expect(walks({ status: 'Discontinued' })).toBe(false);
    // a search with a filter narrower than its text is read from the filter's index
    expect(reads({ text: 'gran', status: 'Discontinued' })).toEqual(['products_status']);
    expect(reads({ text: 'marb', stock: 'in' })).toEqual([]); // the text is the narrower
    const cases: { query: Partial<CatalogueQuery>; where: string }[] = [
      { query: { text: 'gran' }, where: "name LIKE 'Granite%'" },
      { query: { text: 'marb' }, where: "name LIKE 'Marble%'" },
      { query: { text: 'gran', stock: 'in' }, where: "name LIKE 'Granite%' AND available_key > 5" },
      { query: { status: 'Available' }, where: "status = 'Available'" },
      { query: { status: 'Discontinued', stock: 'in' }, where: "status = 'Discontinued' AND available_key > 5" },
      { query: { text: 'gran', status: 'Discontinued' }, where: "name LIKE 'Granite%' AND status = 'Discontinued'" },
      {
        query: { text: 'gran', status: 'Discontinued', stock: 'in' },
        where: "name LIKE 'Granite%' AND status = 'Discontinued' AND available_key > 5",
      },
    ];
    for (const { query, where } of cases) {
      for (const [sort, key] of [
        ['name', 'name_key'],
        ['price', 'price_key'],
        ['id', 'id'],
      ] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const order = dir === 'asc' ? 'ASC' : 'DESC';
          const expected = prepare(`SELECT id FROM products WHERE ${where} ORDER BY ${key} ${order}, id ${order}`)
            .pluck()
            .all() as number[];
          for (const offset of [0, ANCHOR_EVERY + 3, expected.length - 4].filter((o) => o < expected.length)) {
            const window = repo.query(q({ ...query, sort, dir, offset, limit: 10 }));
            expect(window.total).toBe(expected.length);
            expect(window.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 10));
          }
        }
      }
    }
    // a count is worked out once while the rows stay as they are, and again once they change
    prepared.length = 0;
    repo.query(q({ status: 'Available', offset: 300 }));
    repo.query(q({ status: 'Available', offset: 600 }));
    expect(prepared.filter((sql) => sql.startsWith('SELECT count(*)'))).toHaveLength(0);
    repo.savePage(1, 2, [product(9_001)]);
    expect(repo.query(q({ status: 'Available' })).total).toBe(7_200 - 144 + 1);
  });

  it('a sorted search gives exactly the search index matches in sort order, read once or scrolled, as the rows change', () => {
    // tricky names: accents and their plain forms, digits inside and at the start, many equal names (ties by id),
    // punctuation, other scripts, a ligature; searched by words, SKUs and barcodes too
    const names = [
      'Café crème',
      'CAFE Creme',
      'cafe-creme 2',
      'Crème brûlée',
      '10x Cable',
      'Cable 10m',
      'Granite Bowl',
      'Granite Bowl',
      'Granite Bowl',
      'granite bowl',
      'Gränite Bôwl',
      "O'Neil Granite",
      'Super-Granite',
      'Кофе гранит',
      '咖啡 Granite',
      'ﬁne Granite',
      'Øre Granite',
      'Straße Granite',
    ];
    const batch: ParsedProduct[] = [];
    for (let id = 1; id <= 3_000; id++) {
      batch.push(
        product(id, {
          name: `${names[id % names.length]!}${id % 5 === 0 ? ` ${id % 97}` : ''}`,
          sku: `SKU-${id % 40}-${id}`,
          bar_code: `87${String((id * 7919) % 100_000).padStart(11, '0')}`,
          status: id % 9 === 0 ? 'Discontinued' : 'Available',
          package_content: id % 7 === 0 ? '1x granite coaster, 1x cloth' : '1x thing',
        }),
      );
    }
    repo.savePage(1, 1, batch);
    // today's answer: the search index's matches, sorted by a plain ORDER BY
    const expected = (text: string, sort: 'name_key' | 'price_key', dir: 'ASC' | 'DESC', status: string | null) =>
      repo.db
        .prepare(
          `SELECT id FROM products WHERE id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?)
           ${status ? 'AND status = ?' : ''} ORDER BY ${sort} ${dir}, id ${dir}`,
        )
        .pluck()
        .all(...[ftsQuery(text), ...(status ? [status] : [])]) as number[];
    const searches = [
      'gran',
      'granite bowl',
      'cafe',
      'café',
      'crem',
      '10',
      'cable',
      'sku 12',
      '8700000',
      'кофе',
      'bowl',
      'g',
    ];
    const check = (): void => {
      for (const text of searches) {
        for (const [sort, key] of [
          ['name', 'name_key'],
          ['price', 'price_key'],
        ] as const) {
          for (const dir of ['asc', 'desc'] as const) {
            for (const status of [null, 'Available']) {
              const all = expected(text, key, dir === 'asc' ? 'ASC' : 'DESC', status);
              // the first read (a search as typed), then scrolling: the next window, deep ones, back to the start
              const offsets = [0, 10, ANCHOR_EVERY + 3, all.length - 4, 0, ANCHOR_EVERY * 2 - 1];
              for (const offset of offsets.filter((o) => o >= 0 && o < Math.max(1, all.length))) {
                const window = repo.query(q({ text, sort, dir, status, offset, limit: 10 }));
                expect(window.total, `${text} ${sort} ${dir} ${status} @${offset}`).toBe(all.length);
                expect(window.rows.map((r) => r.id)).toEqual(all.slice(offset, offset + 10));
              }
            }
          }
        }
      }
    };
    expect(expected('gran', 'name_key', 'ASC', null).length).toBeGreaterThan(1_000); // walks the name index
    // both ways are read: SQLite's own set for the first rows, the matches kept in a temp table once scrolled
    const prepared: string[] = [];
    const prepare = repo.db.prepare.bind(repo.db);
    repo.db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof repo.db.prepare;
    check();
    // a search's matches are kept once it is read past its first rows, and read from there on
    const scrolled = searches.filter((text) => expected(text, 'name_key', 'ASC', null).length > ANCHOR_EVERY + 3);
    expect(prepared.filter((sql) => sql.startsWith('INSERT INTO temp.')).length).toBe(scrolled.length);
    expect(prepared.some((sql) => sql.includes('products.id IN (SELECT rowid FROM products_fts'))).toBe(true);
    // the rows change: what was kept of a search is not read again
    const renamed: ParsedProduct[] = [];
    for (let id = 1; id <= 3_000; id += 3) renamed.push(product(id, { name: `Marble ${id}`, package_content: '' }));
    repo.savePage(1, 2, renamed);
    check();
  });

  it('a status filter counts exactly whether its status holds most rows or few, sorted by name or not', () => {
    // statuses on both sides of the most common one, so the other statuses are counted below and above it
    const statusOf = (id: number): string => (id % 10 === 0 ? 'Archived' : id % 10 === 1 ? 'Withdrawn' : 'Live');
    const batch: ParsedProduct[] = [];
    for (let id = 1; id <= 3_000; id++)
      batch.push(product(id, { name: `Item ${(id * 37) % 501}`, status: statusOf(id) }));
    repo.savePage(1, 1, batch);
    repo.markUnlisted(5); // a product no longer listed is still in the list, as before
    for (const status of ['Live', 'Archived', 'Withdrawn', 'Nowhere']) {
      for (const [sort, key] of [
        ['name', 'name_key'],
        ['id', 'id'],
      ] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const order = dir === 'asc' ? 'ASC' : 'DESC';
          const expected = repo.db
            .prepare(`SELECT id FROM products WHERE status = ? ORDER BY ${key} ${order}, id ${order}`)
            .pluck()
            .all(status) as number[];
          for (const offset of [0, ANCHOR_EVERY + 3, expected.length - 4].filter((o) => o >= 0)) {
            const window = repo.query(q({ status, sort, dir, offset, limit: 10 }));
            expect(window.total).toBe(expected.length);
            expect(window.rows.map((r) => r.id)).toEqual(expected.slice(offset, offset + 10));
          }
        }
      }
    }
    expect(repo.query(q({ status: 'Live' })).total).toBe(2_400);
  });

  it('windows are capped at 500 rows', () => {
    const batch: ParsedProduct[] = [];
    for (let id = 1; id <= 700; id++) batch.push(product(id));
    repo.savePage(1, 1, batch);
    expect(repo.query(q({ limit: 10_000 })).rows).toHaveLength(500);
  });
});

describe('first download without the secondary indexes', () => {
  const indexes = (r: CatalogueRepository): string[] =>
    (
      r.db
        .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products' AND sql IS NOT NULL")
        .pluck()
        .all() as string[]
    )
      .map((sql) => sql.replace(/\s+/g, ' ').replace(' IF NOT EXISTS', ''))
      .sort();
  /** FTS5's background merging: stored with the index, absent while it has its default (4). */
  const automerge = (r: CatalogueRepository): unknown =>
    r.db.prepare("SELECT v FROM products_fts_config WHERE k = 'automerge'").pluck().get() ?? 'default';

  it('drops them only for an empty cache and builds exactly the same ones at the end', async () => {
    const before = indexes(repo);
    expect(before).toHaveLength(9);
    expect(repo.beginBulkLoad()).toBe(true);
    expect(indexes(repo)).toEqual([]);
    const pages = Array.from({ length: 20 }, (_, p) => ({
      page: p + 1,
      products: Array.from({ length: 15 }, (_, i) => product(p * 15 + i + 1)),
    }));
    expect(automerge(repo)).toBe(0); // the search index loads without merging as it goes
    for (const page of pages) repo.savePages(1, [page], 1, true);
    const wal = path.join(dir, 'c.sqlite-wal');
    expect(fs.statSync(wal).size).toBeGreaterThan(0);
    await repo.endBulkLoad();
    expect(fs.statSync(wal).size).toBe(0); // the log the load filled, copied into the file and cut to nothing
    expect(indexes(repo)).toEqual(before);
    expect(automerge(repo)).toBe(4); // merged once at the end, and merging as usual from now on
    expect(repo.db.prepare("SELECT count(*) FROM products_fts WHERE products_fts MATCH 'pr*'").pluck().get()).toBe(300);
    // and they answer: sorted windows, barcode and SKU lookups
    expect(repo.query(q({ sort: 'price', dir: 'desc', limit: 1 })).rows[0]!.id).toBe(300);
    expect(repo.lookup('8700000000042')!.id).toBe(42);
    expect(repo.db.prepare("EXPLAIN QUERY PLAN SELECT * FROM products WHERE barcode = 'x'").all()).toEqual(
      expect.arrayContaining([expect.objectContaining({ detail: expect.stringContaining('products_barcode') })]),
    );
    // a cache with rows is never bulk-loaded again
    expect(repo.beginBulkLoad()).toBe(false);
    expect(indexes(repo)).toEqual(before);
  });

  it('a sorted search with many matches works while the indexes are missing (mid-download), then walks them', async () => {
    repo.beginBulkLoad();
    const pages = Array.from({ length: 400 }, (_, p) => ({
      page: p + 1,
      products: Array.from({ length: 15 }, (_, i) => product(p * 15 + i + 1, { name: `Widget ${(p * 15 + i) % 977}` })),
    }));
    repo.savePages(1, pages, 1, true);
    const first = repo.query(q({ text: 'widg', sort: 'name', limit: 5 }));
    expect(first.total).toBe(6_000);
    await repo.endBulkLoad();
    expect(repo.query(q({ text: 'widg', sort: 'name', limit: 5 }))).toEqual(first);
  });

  it('a crash during the load leaves no index missing: opening the cache builds them again', () => {
    const before = indexes(repo);
    repo.beginBulkLoad();
    repo.savePages(1, [{ page: 1, products: [product(1), product(2)] }], 1, true);
    repo.close(); // the process dies before endBulkLoad
    repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
    expect(indexes(repo)).toEqual(before);
    expect(automerge(repo)).toBe(4); // and the search index merges in the background again
    expect(repo.lookup('8700000000002')!.id).toBe(2);
  });

  it('indexes end with the id SQLite appends, not a second copy; a cache built with one keeps it until emptied', async () => {
    // a new cache: no index names id as a column (every entry ends with the rowid anyway)
    expect(indexes(repo).filter((sql) => /\bid\)/.test(sql))).toEqual([]);
    expect(indexes(repo)).toContain('CREATE INDEX products_name ON products(name_key)');
    // a cache whose indexes were built with id, as before: opening it builds nothing, and it answers the same
    const sorted = (): number[] =>
      repo.query(q({ sort: 'sku', dir: 'desc', offset: 2, limit: 3 })).rows.map((r) => r.id);
    repo.savePage(
      1,
      1,
      Array.from({ length: 40 }, (_, i) => product(i + 1)),
    );
    const slim = sorted();
    repo.db.exec('DROP INDEX products_sku; CREATE INDEX products_sku ON products(sku, id)');
    repo.close();
    repo = new CatalogueRepository(path.join(dir, 'c.sqlite'));
    expect(indexes(repo)).toContain('CREATE INDEX products_sku ON products(sku, id)');
    expect(sorted()).toEqual(slim);
    // emptied and downloaded again, it gets them as the list has them
    repo.db.exec('DELETE FROM products; DELETE FROM products_fts');
    repo.recount();
    expect(repo.beginBulkLoad()).toBe(true);
    repo.savePages(1, [{ page: 1, products: [product(1)] }], 1, true);
    await repo.endBulkLoad();
    expect(indexes(repo)).toContain('CREATE INDEX products_sku ON products(sku)');
  });

  it('a later pass rewrites only what changed; unchanged records get their bookkeeping only', () => {
    repo.savePages(1, [{ page: 1, products: [product(1), product(2)] }], 100);
    const ftsRows = () =>
      repo.db.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'renamed'").pluck().all();
    repo.savePages(2, [{ page: 1, products: [product(1), product(2, { name: 'Renamed 2' })] }], 200);
    const row = (id: number) =>
      repo.db.prepare('SELECT seen_pass, fetched_at, name FROM products WHERE id = ?').get(id);
    expect(row(1)).toEqual({ seen_pass: 2, fetched_at: 200, name: 'Product 1' });
    expect(row(2)).toEqual({ seen_pass: 2, fetched_at: 200, name: 'Renamed 2' });
    expect(ftsRows()).toEqual([2]);
    expect(repo.query(q({ text: 'Product' })).rows.map((r) => r.id)).toEqual([1]);
  });
});
