/**
 * The catalogue's thread: as the writer it reads each page's bytes a sync hands it (parse, rows kept, the page's facts
 * answered: page-read.ts) and commits the batches of pages, in order, on its own connection, answering each with how
 * the row counts changed (or why it failed); as the checker (`check`) it runs
 * the full integrity check of the cache file, which takes seconds for a large catalogue, and answers once; as the
 * upgrader (`upgrade`) it runs the migrations an earlier version's cache still needs (the catalogue's or the order
 * book's: seconds over a large cache) before the app opens it, and answers once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogueRepository } from './db';
import { HeldRows, readPageBytes } from './page-read';
import type { WriterReply, WriterRequest } from './writer';
import { checkFile, upgradeFile, useSqliteBinding } from '../storage/open';
import { CATALOGUE_MIGRATIONS } from './migrations/index';
import { ORDER_MIGRATIONS } from '../orders/migrations/index';
import type { UpgradeStore } from '../../../../shared/app-status';

const port = parentPort!;
const { file, pragmas, check, upgrade, key, nativeBinding } = workerData as {
  file: string;
  pragmas: string[];
  check?: boolean;
  upgrade?: UpgradeStore;
  key?: Uint8Array | null;
  nativeBinding?: string | null;
};
useSqliteBinding(nativeBinding ?? null);
if (check) {
  port.postMessage({ healthy: checkFile(file) });
  port.close();
} else if (upgrade) {
  const migrations = upgrade === 'orders' ? ORDER_MIGRATIONS : CATALOGUE_MIGRATIONS;
  port.postMessage({ upgraded: upgradeFile(file, migrations, key ? Buffer.from(key) : undefined) });
  port.close();
} else serve(new CatalogueRepository(file, { role: 'writer', pragmas }));

function serve(repo: CatalogueRepository): void {
  const held = new HeldRows();
  port.on('message', (request: WriterRequest) => {
    if (request.type === 'close') {
      held.clear();
      repo.close();
      port.close();
      return;
    }
    let reply: WriterReply;
    try {
      if (request.type === 'read') {
        const read = readPageBytes(new Uint8Array(request.bytes), request.contentType);
        if (read.ok) held.keep(request.id, read.rows);
        const page = read.ok ? { ok: true as const, ticket: request.id, facts: read.facts } : read;
        reply = { id: request.id, ok: true, delta: { rows: 0, listed: 0 }, page };
      } else if (request.type === 'indexes') {
        // all at once: this thread has nothing else to answer meanwhile, and the app's thread stays free
        repo.buildIndexes();
        reply = { id: request.id, ok: true, delta: { rows: 0, listed: 0 } };
      } else if (request.type === 'finish') {
        reply = {
          id: request.id,
          ok: true,
          delta: { rows: 0, listed: -repo.finishPass(request.pass, request.unchanged) },
        };
      } else {
        const delta = repo.writePages(request.pass, held.take(request.pages), request.fetchedAt, request.fresh);
        reply = { id: request.id, ok: true, delta };
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      reply = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        code: typeof code === 'string' ? code : null,
      };
    }
    port.postMessage(reply);
  });
}
