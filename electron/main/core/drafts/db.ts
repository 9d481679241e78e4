/** Order-entry drafts, saved on every change (synchronous=FULL): a crash, a power cut or a closed window loses nothing. */
import type Database from 'better-sqlite3-multiple-ciphers';
import { DraftData, type Draft } from '../../../../shared/domain';
import { compact, openDatabase, rekey } from '../storage/open';
import { insertSql, type RowOf } from '../storage/sql';

import { DRAFT_MIGRATIONS } from './migrations';

const DRAFT_COLUMNS = ['id', 'service_key', 'step', 'created_at', 'updated_at', 'data'] as const;

type Row = { id: string; step: number; created_at: number; updated_at: number; data: string };

export class DraftRepository {
  readonly db: Database.Database;
  readonly movedAside: string | null;
  private readonly stmt;

  /** `key` encrypts the file (core/database-key.ts); without one (some tests) it is plain. */
  constructor(file: string, key?: Buffer) {
    const opened = openDatabase({ file, migrations: DRAFT_MIGRATIONS, synchronous: 'FULL', key });
    this.db = opened.db;
    this.movedAside = opened.movedAside;
    this.stmt = {
      upsert: this.db.prepare<RowOf<typeof DRAFT_COLUMNS>>(
        insertSql('drafts', DRAFT_COLUMNS, {
          tail: 'ON CONFLICT(id) DO UPDATE SET step = excluded.step, updated_at = excluded.updated_at, data = excluded.data',
        }),
      ),
      // every order on hold (issue #30.1: up to 100 at once) is listed, then the latest of the other drafts
      list: this.db.prepare(`
        SELECT * FROM drafts WHERE service_key = ?
        ORDER BY json_extract(data, '$.onHold') IS NULL, updated_at DESC LIMIT 150`),
      get: this.db.prepare('SELECT * FROM drafts WHERE id = ?'),
      remove: this.db.prepare('DELETE FROM drafts WHERE id = ?'),
      forgetService: this.db.prepare('DELETE FROM drafts WHERE service_key = ?'),
      byService: this.db.prepare('SELECT service_key AS key, count(*) AS drafts FROM drafts GROUP BY service_key'),
    };
  }

  close(): void {
    this.db.close();
  }

  save(id: string, serviceKey: string, step: number, data: DraftData, now = Date.now()): Draft {
    this.stmt.upsert.run({
      id,
      service_key: serviceKey,
      step,
      created_at: now,
      updated_at: now,
      data: JSON.stringify(data),
    });
    return this.get(id)!;
  }

  get(id: string): Draft | null {
    const row = this.stmt.get.get(id) as Row | undefined;
    return row ? toDraft(row) : null;
  }

  list(serviceKey: string): Draft[] {
    return (this.stmt.list.all(serviceKey) as Row[]).map(toDraft);
  }

  /** Removes every draft of one service (sign out and erase), leaving no free page with their text behind. */
  forget(serviceKey: string): void {
    this.stmt.forgetService.run(serviceKey);
    compact(this.db);
  }

  /** Drafts per service (what erasing everything would lose). */
  countsByService(): { key: string; drafts: number }[] {
    return this.stmt.byService.all() as { key: string; drafts: number }[];
  }

  /** Sign out and erase: every draft of every service removed, the file rebuilt and rewritten under `key`. */
  eraseAll(key: Buffer): void {
    this.db.exec('DELETE FROM drafts');
    rekey(this.db, key);
  }

  discard(id: string): boolean {
    return this.stmt.remove.run(id).changes > 0;
  }
}

function toDraft(row: Row): Draft {
  let data: DraftData;
  try {
    data = DraftData.parse(JSON.parse(row.data));
  } catch {
    data = DraftData.parse({}); // a draft that cannot be read is offered empty rather than crashing the wizard
  }
  return { id: row.id, step: row.step, createdAt: row.created_at, updatedAt: row.updated_at, data };
}
