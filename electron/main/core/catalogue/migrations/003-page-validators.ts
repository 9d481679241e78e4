/**
 * The validators of each page as last read (ETag, Last-Modified), for conditional requests.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) => {
  const columns = new Set((db.pragma('table_info(sync_pages)') as { name: string }[]).map((c) => c.name));
  for (const column of ['etag', 'last_modified'])
    if (!columns.has(column)) db.exec(`ALTER TABLE sync_pages ADD COLUMN ${column} TEXT`);
};
