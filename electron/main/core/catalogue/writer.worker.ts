/**
 * The catalogue's thread: as the writer it reads each page's bytes a sync hands it (parse, rows kept, the page's facts
 * answered: page-read.ts) and commits the batches of pages, in order, on its own connection, answering each with how
 * the row counts changed (or why it failed); as the checker (`check`) it runs
 * the full integrity check of the cache file, which takes seconds for a large catalogue, and answers once; as the
 * upgrader (`upgrade`) it runs the migrations an earlier version's cache still needs (the catalogue's or the order
 * book's: seconds over a large cache) before the app opens it, and answers once.
 */
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { CatalogueRepository } from './db';
import { HeldRows, readPageBytes } from './page-read';
import type { WriterReply, WriterRequest } from './writer';
import { checkFile, upgradeFile, useSqliteBinding } from '../storage/open';
import { CATALOGUE_MIGRATIONS } from './migrations/index';
import { ORDER_MIGRATIONS } from '../orders/migrations/index';
import type { UpgradeStore } from '../../../../shared/app-status';

const port = parentPort!;
const { file, pragmas, check, upgrade, key, nativeBinding, reads } = workerData as {
  file: string;
  /** Pages to read come on a port of their own, so they are answered between the pages of a batch being written. */
  reads?: MessagePort;
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
} else serve(new CatalogueRepository(file, { role: 'writer', pragmas }), reads ?? port);

function serve(repo: CatalogueRepository, readPort: MessagePort): void {
  const held = new HeldRows();
  /** A page's bytes read: its rows kept under its ticket, its facts answered at once. */
  const read = (request: Extract<WriterRequest, { type: 'read' }>): void => {
    let reply: WriterReply;
    try {
      const page = readPageBytes(new Uint8Array(request.bytes), request.contentType);
      if (page.ok) held.keep(request.id, page.rows);
      const answer = page.ok ? { ok: true as const, ticket: request.id, facts: page.facts } : page;
      reply = { id: request.id, ok: true, delta: { rows: 0, listed: 0 }, page: answer };
    } catch (error) {
      reply = {
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        code: null,
      };
    }
    readPort.postMessage(reply);
  };
  /** Pages that came while a batch is being written are read between its pages: fetching never waits for a commit. */
  const readWaiting = (): void => {
    if (readPort === port) return;
    for (let next = receiveMessageOnPort(readPort); next; next = receiveMessageOnPort(readPort))
      read(next.message as Extract<WriterRequest, { type: 'read' }>);
  };
  if (readPort !== port) readPort.on('message', read);
  port.on('message', (request: WriterRequest) => {
    if (request.type === 'close') {
      held.clear();
      repo.close();
      if (readPort !== port) readPort.close();
      port.close();
      return;
    }
    if (request.type === 'read') return read(request);
    let reply: WriterReply;
    try {
      if (request.type === 'indexes') {
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
        const pages = held.take(request.pages);
        const delta = repo.writePages(request.pass, pages, request.fetchedAt, request.fresh, readWaiting);
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
