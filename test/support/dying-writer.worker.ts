/**
 * A catalogue writer thread that dies (as on a crash) when the second batch arrives, before writing it: the real
 * writer otherwise. Tests use it to prove that the batches a dead thread had not confirmed are still written.
 */
import { parentPort } from 'node:worker_threads';

let writes = 0;
parentPort!.on('message', (request: { type: string }) => {
  if (request.type === 'write' && ++writes === 2) process.exit(70);
});
await import('../../electron/main/core/catalogue/writer.worker');
