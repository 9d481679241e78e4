/**
 * The validators of each page of the order list as last read (ETag, Last-Modified), for conditional requests.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec('CREATE TABLE list_pages (page INTEGER PRIMARY KEY, etag TEXT, last_modified TEXT)');
