/**
 * A catalogue thread whose full check is slow (as for a large catalogue): it opens the file read-only, says so by
 * creating `<file>.checking`, and holds the file for `SLOW_CHECK_MS` before it answers. The real writer otherwise.
 * Tests use it to close the app while a check still has the cache open.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

export const SLOW_CHECK_MS = 1_000;

const { file, check } = workerData as { file: string; check?: boolean };
if (check) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const healthy = db.pragma('quick_check', { simple: true }) === 'ok';
  fs.writeFileSync(`${file}.checking`, '');
  await new Promise((resolve) => setTimeout(resolve, SLOW_CHECK_MS));
  db.close();
  parentPort!.postMessage({ healthy });
  parentPort!.close();
} else await import('../../electron/main/core/catalogue/writer.worker');
