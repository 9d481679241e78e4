/**
 * The catalogue's thread: as the writer it commits the batches of pages a sync hands it, in order, on its own
 * connection, and answers each with how the row counts changed (or why it failed); as the checker (`check`) it runs
 * the full integrity check of the cache file, which takes seconds for a large catalogue, and answers once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogueRepository } from './db';
import type { WriterReply, WriterRequest } from './writer';
import { checkFile, useSqliteBinding } from '../storage/open';

const port = parentPort!;
const { file, pragmas, check, nativeBinding } = workerData as {
  file: string;
  pragmas: string[];
  check?: boolean;
  nativeBinding?: string | null;
};
useSqliteBinding(nativeBinding ?? null);
if (check) {
  port.postMessage({ healthy: checkFile(file) });
  port.close();
} else serve(new CatalogueRepository(file, { role: 'writer', pragmas }));

function serve(repo: CatalogueRepository): void {
  port.on('message', (request: WriterRequest) => {
    if (request.type === 'close') {
      repo.close();
      port.close();
      return;
    }
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
        const delta = repo.writePages(request.pass, request.pages, request.fetchedAt, request.fresh);
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
