/**
 * The catalogue's search and paging figures (bench:catalogue's (e), and bench:catalogue-search): prefix search in
 * catalogue order and sorted by name (its first window, then any window of it; a name's first word, both ways), a status filter sorted by name (first window with its count, cold; then any
 * window of the busiest status), barcode look-up, keyset windows anywhere in the list, and OFFSET at depth.
 */
import type { ParsedProduct } from '../electron/main/core/catalogue/api';
import type { CatalogueQuery, CatalogueRepository } from '../electron/main/core/catalogue/db';
import { percentile, round } from './support';

const line = (label: string, value: string): void => console.log(`${label.padEnd(58)} ${value}`);

export function measureQueries(repo: CatalogueRepository, rows: ParsedProduct[]): Record<string, number> {
  const base: CatalogueQuery = {
    text: '',
    status: null,
    stock: 'all',
    flags: [],
    sort: 'name',
    dir: 'asc',
    offset: 0,
    limit: 100,
  };
  const words = rows.slice(0, 300).map((r) => r.name.split(' ')[1] ?? r.name);
  const time = (fn: () => unknown): number => {
    const s = performance.now();
    fn();
    return performance.now() - s;
  };
  const n = repo.listedCount().toLocaleString('en');
  const prefixId = words.map((w, i) => time(() => repo.query({ ...base, text: w.slice(0, 2 + (i % 3)), sort: 'id' })));
  const prefixName = words
    .slice(0, 100)
    .map((w, i) => time(() => repo.query({ ...base, text: w.slice(0, 2 + (i % 3)) })));
  // what staff type most: the beginning of a name's first word, sorted by name both ways, each read cold. Its
  // matches lie together in name order (every name beginning "Sof…"), so a walk of the name index from the far end
  // steps over most of it before the first match
  const firstWords = rows.slice(0, 300).map((r) => r.name.split(' ')[0] ?? r.name);
  const prefixFirstWord = firstWords.slice(0, 60).map((w, i) => {
    repo.noteWritten({ rows: 0, listed: 0 }); // forget counts and kept matches: each read starts cold
    return time(() => repo.query({ ...base, text: w.slice(0, 2 + (i % 3)), dir: i % 2 === 0 ? 'asc' : 'desc' }));
  });
  // scrolling a search sorted by name: windows anywhere in it after its first (2-, 3- and 4-letter prefixes)
  const prefixNameDeep = words.slice(100, 115).flatMap((w, i) => {
    const text = w.slice(0, 2 + (i % 3));
    const { total: found } = repo.query({ ...base, text });
    return Array.from({ length: 20 }, (_, j) =>
      time(() => repo.query({ ...base, text, offset: Math.floor(((j + 1) / 20) * Math.max(0, found - 100)) })),
    );
  });
  const barcode = rows.slice(0, 300).map((r) => time(() => repo.lookup(r.barcode)));
  repo.query({ ...base, offset: repo.listedCount() - 200 }); // anchors built once
  const total = repo.listedCount();
  const deep = Array.from({ length: 200 }, (_, i) =>
    time(() => repo.query({ ...base, offset: Math.floor((i / 200) * (total - 100)) })),
  );
  // a filter staff use often (every status in turn; "Available" matches most products), sorted by name: the first
  // window with its count, then windows anywhere in the filtered list
  const statuses = repo.db.prepare('SELECT DISTINCT status FROM products').pluck().all() as string[];
  const filtered = statuses.flatMap((status) =>
    Array.from({ length: 5 }, (_, i) => {
      repo.noteWritten({ rows: 0, listed: 0 }); // forget counts and anchors: each read starts cold
      return time(() => repo.query({ ...base, status, dir: i % 2 === 0 ? 'asc' : 'desc' }));
    }),
  );
  const busiest = statuses
    .map((status) => ({ status, n: repo.query({ ...base, status, limit: 1 }).total }))
    .reduce((a, b) => (b.n > a.n ? b : a));
  const filteredDeep = Array.from({ length: 100 }, (_, i) =>
    time(() =>
      repo.query({ ...base, status: busiest.status, offset: Math.floor((i / 100) * Math.max(0, busiest.n - 100)) }),
    ),
  );
  const offsetSql = repo.db.prepare('SELECT * FROM products ORDER BY name_key, id LIMIT 100 OFFSET ?');
  const offsetDeep = Array.from({ length: 20 }, () => time(() => offsetSql.all(total - 100)));
  const out = {
    prefixSearchP50Ms: round(percentile(prefixId, 50), 3),
    prefixSearchP95Ms: round(percentile(prefixId, 95), 3),
    prefixSearchSortedByNameP95Ms: round(percentile(prefixName, 95), 3),
    prefixSortedWindowP95Ms: round(percentile(prefixNameDeep, 95), 3),
    prefixFirstWordSortedP95Ms: round(percentile(prefixFirstWord, 95), 3),
    statusFilterSortedByNameP95Ms: round(percentile(filtered, 95), 3),
    statusFilterWindowP95Ms: round(percentile(filteredDeep.slice(1), 95), 3),
    barcodeLookupP95Ms: round(percentile(barcode, 95), 4),
    keysetWindowP95Ms: round(percentile(deep, 95), 3),
    offsetAtDepthP50Ms: round(percentile(offsetDeep, 50), 2),
  };
  line(
    `(e) at ${n} products: prefix search p50 / p95 (first window + count)`,
    `${out.prefixSearchP50Ms} / ${out.prefixSearchP95Ms} ms`,
  );
  line(
    '    prefix search sorted by name: first window + count / any window, p95',
    `${out.prefixSearchSortedByNameP95Ms} / ${out.prefixSortedWindowP95Ms} ms`,
  );
  line(
    "    the same for a name's first word, either way, cold, p95",
    `${out.prefixFirstWordSortedP95Ms} ms (p50 ${round(percentile(prefixFirstWord, 50), 3)} ms)`,
  );
  line(
    '    status filter sorted by name: first window + count / any window, p95',
    `${out.statusFilterSortedByNameP95Ms} / ${out.statusFilterWindowP95Ms} ms`,
  );
  line('    barcode lookup p95', `${out.barcodeLookupP95Ms} ms`);
  line(
    '    keyset window anywhere in the list, p95 (OFFSET at the end: p50)',
    `${out.keysetWindowP95Ms} ms (${out.offsetAtDepthP50Ms} ms)`,
  );
  return out;
}
