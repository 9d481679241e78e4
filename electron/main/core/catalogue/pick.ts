/**
 * The order picker over the local catalogue (picker:search): an exact barcode or SKU first, then name matches (whole
 * words before prefixes), then SKU and barcode, then package contents; and the products most often ordered
 * (orders:often-ordered) for an empty search.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import type { Handlers } from '../../../../shared/contract';
import type { ProductRow } from '../../../../shared/domain';
import { nameRank, PICK_RANKS, searchWords, type PickRank } from '../../../../shared/pick';
import type { Catalogue } from './service';
import { ftsQuery } from '../storage/windows';

/** Rows looked at per kind of match: plenty to rank the first screenful, bounded at any catalogue size. */
const SCAN = 200;

const statements = new WeakMap<Database.Database, Database.Statement>();

function matchIds(db: Database.Database, match: string): number[] {
  let stmt = statements.get(db);
  if (!stmt) {
    stmt = db.prepare(`SELECT rowid FROM products_fts WHERE products_fts MATCH ? LIMIT ${SCAN}`).pluck();
    statements.set(db, stmt);
  }
  return stmt.all(match) as number[];
}

export function pickHandlers(catalogue: Catalogue): Pick<Handlers, 'picker:search'> {
  return {
    'picker:search': async ({ text, limit }) => {
      const open = await catalogue.open();
      const words = ftsQuery(text);
      if (!open || !words) return { rows: [], more: false };
      const { repo } = open;
      const typed = searchWords(text);
      const found = new Map<number, { row: ProductRow; rank: number }>();
      let more = false;
      const add = (row: ProductRow | null, rank: PickRank): void => {
        if (!row || !row.listed || found.has(row.id)) return;
        found.set(row.id, { row, rank: PICK_RANKS.indexOf(rank) });
      };
      add(repo.lookup(text), 'code');
      const byName = matchIds(repo.db, `{name} : (${words})`);
      more ||= byName.length === SCAN;
      for (const id of byName) {
        const row = repo.detail(id);
        if (row) add(row, nameRank(row.name, typed) ?? 'name-prefix');
      }
      for (const [columns, rank] of [
        ['{sku barcode}', 'sku-barcode'],
        ['{contents}', 'contents'],
      ] as const) {
        if (found.size >= SCAN) break;
        const ids = matchIds(repo.db, `${columns} : (${words})`);
        more ||= ids.length === SCAN;
        for (const id of ids) add(repo.detail(id), rank);
      }
      const ranked = [...found.values()].sort(
        (a, b) => a.rank - b.rank || a.row.name.localeCompare(b.row.name) || a.row.id - b.row.id,
      );
      return { rows: ranked.slice(0, limit).map((r) => r.row), more: more || ranked.length > limit };
    },
  };
}
