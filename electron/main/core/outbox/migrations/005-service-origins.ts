/**
 * The address each service key stands for ('demo' for the demo data), so "Sign out and erase" can name the services
 * whose orders are not sent yet.
 */
import type { Migration } from '../../storage/open';

export const up: Migration = (db) =>
  db.exec('CREATE TABLE services (service_key TEXT PRIMARY KEY, origin TEXT NOT NULL)');
