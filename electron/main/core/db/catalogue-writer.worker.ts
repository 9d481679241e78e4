/**
 * The catalogue writer thread: commits the batches of pages a sync hands it, in order, on its own connection, and
 * answers each with how the row counts changed (or why it failed).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogueRepository } from './catalogue';
import type { WriterReply, WriterRequest } from './catalogue-writer';

const port = parentPort!;
const { file, pragmas } = workerData as { file: string; pragmas: string[] };
const repo = new CatalogueRepository(file, { role: 'writer', pragmas });

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
      reply = { id: request.id, ok: true, delta: { rows: 0, listed: -repo.finishPass(request.pass) } };
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
