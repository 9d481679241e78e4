/**
 * The catalogue's secondary indexes and its search index's merging, around a first download: dropped (and merging
 * paused) to load an empty cache ~20 % faster a row, built again at its end — all at once on the writer thread, or one
 * at a time yielding on this one — and found missing after a load that never got to its end (a crash, a full disk).
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { createIndex, FTS_AUTOMERGE, SECONDARY_INDEXES } from './schema';

export class CatalogueIndexes {
  constructor(private readonly db: Database.Database) {}

  /**
   * What a bulk load left undone when it did not get to its end (a crash, a kill): the secondary indexes it dropped
   * are built, and the search index merges its segments in the background again (the merging is left to later writes:
   * one big merge here would hold up opening).
   */
  ensure(): void {
    for (const index of SECONDARY_INDEXES) createIndex(this.db, index);
    if (this.ftsAutomerge() === 0) this.setFtsAutomerge(FTS_AUTOMERGE);
  }

  /** A secondary index missing or the search index unmerged. */
  unfinished(): boolean {
    if (!this.db.open) return false;
    const present = new Set(
      this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all() as string[],
    );
    return SECONDARY_INDEXES.some(({ name }) => !present.has(name)) || this.ftsAutomerge() === 0;
  }

  /** For a bulk load: the secondary indexes dropped, the search index's merging paused. */
  drop(): void {
    this.db.transaction(() => {
      for (const { name } of SECONDARY_INDEXES) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      this.setFtsAutomerge(0);
    })();
  }

  /**
   * The secondary indexes built again, one at a time, yielding in between so the app stays responsive; false when the
   * database closed on the way.
   */
  async rebuild(yieldTo: () => Promise<void>): Promise<boolean> {
    if (!this.db.open) return false;
    this.mergeSearchIndex();
    await yieldTo();
    for (const index of SECONDARY_INDEXES) {
      if (!this.db.open) return false;
      createIndex(this.db, index);
      await yieldTo();
    }
    return true;
  }

  /** The search index's segments, left unmerged by a bulk load, merged into one; background merging is back on. */
  mergeSearchIndex(): void {
    if (this.ftsAutomerge() !== 0) return;
    this.db.transaction(() => {
      this.db.exec(`INSERT INTO products_fts (products_fts) VALUES ('optimize')`);
      this.setFtsAutomerge(FTS_AUTOMERGE);
    })();
  }

  /** FTS5's automerge setting (stored with the index; absent means its default). */
  private ftsAutomerge(): number {
    const value = this.db.prepare(`SELECT v FROM products_fts_config WHERE k = 'automerge'`).pluck().get();
    return value === undefined ? FTS_AUTOMERGE : Number(value);
  }

  private setFtsAutomerge(value: number): void {
    // FTS5 takes its settings as literal SQL only (a bound value is refused); `value` is an integer of ours
    this.db.exec(`INSERT INTO products_fts (products_fts, rank) VALUES ('automerge', ${Math.trunc(value)})`);
  }
}
