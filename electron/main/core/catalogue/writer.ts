/**
 * The catalogue's write path, kept off the thread that fetches pages: a sync hands each page's answer to the writer
 * as bytes (transferred, not copied), the writer parses it, keeps its rows and answers with the page's facts
 * (page-read.ts); the sync then hands over whole batches of pages and goes on fetching while they are committed. The writer thread owns a second connection to the same
 * file (WAL: the stock browser keeps reading meanwhile) and answers each batch with how the row counts changed.
 *
 * Should the thread fail to start or die, the batches it had not confirmed are written on the calling thread and
 * the rest of the pass continues there: slower, never lost.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { CatalogueRepository, WriteDelta } from './db';
import { HeldRows, PagesLost, readPageBytes, transferable, type BatchPage, type PageAnswer } from './page-read';
import { checkFile } from '../storage/open';

export interface WriteBatch {
  pass: number;
  /** Each page's rows, or the ticket of the rows the writer kept when it read the page (readPage). */
  pages: BatchPage[];
  fetchedAt: number;
  /** A first download into an empty cache (plain inserts). */
  fresh: boolean;
}

/** Pages a pass found unchanged (304), and when. */
export interface Unchanged {
  pages: number[];
  at: number;
}

export interface PageWriter {
  /**
   * Reads a product page's answer body (decoded bytes; they are handed over, not to be used after): its rows are kept
   * for a later batch under the answer's ticket. Rejects with PagesLost when the bytes went with a thread that died.
   */
  readPage(bytes: Uint8Array, contentType: string): Promise<PageAnswer>;
  /** Commits a batch, whole or not at all, after every batch given before it; the reading side's counts follow. */
  write(batch: WriteBatch): Promise<void>;
  /** Builds the secondary indexes a first download left out, after every batch given before. */
  buildIndexes(): Promise<void>;
  /**
   * Ends a complete pass: products on the pages the service said were unchanged (304) count as seen at `unchanged.at`;
   * products it did not see are marked as no longer listed. Resolves with how many.
   */
  finishPass(pass: number, unchanged?: Unchanged): Promise<number>;
  /** Resolves once every batch given has been committed or has failed, and the writer is released. */
  close(): Promise<void>;
}

/** Where the writer thread's code is, and how to start it. */
export interface WriterThreadSpec {
  script: string | URL;
  /** Node options for the thread (the sources need a TypeScript loader; the built app's file does not). */
  execArgv?: string[];
  /** Pragmas for the thread's connection (tests use max_page_count to fill the disk). */
  pragmas?: string[];
  /** SQLite's native binary as a real file (the installed app names it: see packaged-paths.ts). */
  nativeBinding?: string | null;
  /**
   * The SHA-256 the build recorded for the script (#25.8): the installed app loads the thread from app.asar.unpacked,
   * which Electron's archive integrity check does not cover, so the file is checked against the hash kept inside the
   * archive before it runs. Null: a hash was expected and none could be read — the thread is not started. Absent: no
   * check (the sources in development and tests).
   */
  sha256?: string | null;
}

/** The file's SHA-256 (hex); null when it cannot be read. */
export function sha256Of(script: string | URL): string | null {
  try {
    return createHash('sha256').update(fs.readFileSync(script)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * Why the thread's file must not run, or null when it may: the installed app's file must match the hash the build
 * recorded (#25.8) — for every use of the thread (writing, the check, an upgrade), as each runs the same file.
 */
export function threadRefusal(spec: WriterThreadSpec): string | null {
  if (spec.sha256 === undefined) return null;
  if (spec.sha256 === null) return 'no hash was recorded for it';
  const actual = sha256Of(spec.script);
  return actual === spec.sha256
    ? null
    : `its file does not match the hash recorded at build time (${actual?.slice(0, 12) ?? 'unreadable'} ≠ ${spec.sha256.slice(0, 12)})`;
}

/** The thread started from the sources (browser host, tests, benchmarks); the Electron shell names its built file. */
export const SOURCE_WRITER_THREAD: WriterThreadSpec = {
  script: new URL('./writer.worker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};

export type WriterRequest =
  | { type: 'read'; id: number; bytes: ArrayBuffer; contentType: string }
  | ({ type: 'write'; id: number } & WriteBatch)
  | { type: 'indexes'; id: number }
  | { type: 'finish'; id: number; pass: number; unchanged: Unchanged | null }
  | { type: 'close' };
export type WriterReply =
  | { id: number; ok: true; delta: WriteDelta; page?: PageAnswer }
  | { id: number; ok: false; message: string; code: string | null };

/** Tickets for the rows of pages read, unique within a writer (and its fallback). */
const counter = (): (() => number) => {
  let next = 1;
  return () => next++;
};

/** Reads and writes on the calling thread (small caches, and the fallback); `ticket` numbers the pages it reads. */
export function inlineWriter(repo: CatalogueRepository, ticket: () => number = counter()): PageWriter {
  const held = new HeldRows();
  return {
    readPage: async (bytes, contentType) => {
      const read = readPageBytes(bytes, contentType);
      if (!read.ok) return read;
      const id = ticket();
      held.keep(id, read.rows);
      return { ok: true, ticket: id, facts: read.facts };
    },
    write: async ({ pass, pages, fetchedAt, fresh }) => {
      repo.writePages(pass, held.take(pages), fetchedAt, fresh);
    },
    buildIndexes: () => repo.endBulkLoad(),
    finishPass: async (pass, unchanged) => repo.finishPass(pass, unchanged ?? null),
    close: async () => held.clear(),
  };
}

/** A request the thread has not answered yet; `redo` does its work here should the thread die first. */
interface Job {
  redo: (writer: PageWriter) => Promise<unknown>;
  resolve: (reply: Extract<WriterReply, { ok: true }>) => void;
  reject: (error: Error) => void;
}

export function threadWriter(
  repo: CatalogueRepository,
  file: string,
  spec: WriterThreadSpec,
  warn: (message: string) => void = () => undefined,
): PageWriter {
  const refused = threadRefusal(spec);
  if (refused) {
    // a writer file that is not the one built (changed on disk, or its hash missing) never runs: the main thread writes
    warn(`catalogue writer thread not started: ${refused}; writing on the main thread`);
    return inlineWriter(repo);
  }
  const jobs = new Map<number, Job>();
  const ticket = counter();
  let fallback: PageWriter | null = null;
  let closing = false;

  // pages to read go on a channel of their own: the thread answers them between the pages of a batch it is writing
  const reads = new MessageChannel();
  const worker = new Worker(spec.script, {
    workerData: { file, pragmas: spec.pragmas ?? [], nativeBinding: spec.nativeBinding ?? null, reads: reads.port2 },
    transferList: [reads.port2],
    execArgv: spec.execArgv ?? [],
    // the thread makes short-lived rows by the million: a small young generation collects them before they pile up
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      reads.port1.close();
      resolve();
    }),
  );

  /** The thread is gone: what it had not confirmed is written here, and so is everything after it. */
  const takeOver = (reason: string): void => {
    if (fallback) return;
    // its tickets go on from the thread's: a page the thread kept is never taken for one read here
    fallback = inlineWriter(repo, ticket);
    if (!closing || jobs.size > 0) warn(`catalogue writer thread stopped (${reason}); writing on the main thread`);
    void worker.terminate();
    const waiting = [...jobs.values()];
    jobs.clear();
    for (const job of waiting)
      job.redo(fallback).then(() => job.resolve({ id: 0, ok: true, delta: { rows: 0, listed: 0 } }), job.reject);
    // a batch it committed without getting to say so would otherwise be missing from the counts
    repo.recount();
  };

  const answered = (reply: WriterReply): void => {
    const job = jobs.get(reply.id);
    if (!job) return;
    jobs.delete(reply.id);
    if (reply.ok) {
      repo.noteWritten(reply.delta);
      job.resolve(reply);
    } else job.reject(Object.assign(new Error(reply.message), { code: reply.code ?? undefined }));
  };
  worker.on('message', answered);
  reads.port1.on('message', answered);
  reads.port1.unref();
  worker.on('error', (error) => takeOver(error.message));
  worker.on('exit', (code) => {
    if (!closing || jobs.size > 0) takeOver(`exit code ${code}`);
  });

  const ask = (
    request: WriterRequest & { id: number },
    redo: Job['redo'],
    transfer: ArrayBuffer[] = [],
  ): Promise<Extract<WriterReply, { ok: true }>> =>
    new Promise((resolve, reject) => {
      jobs.set(request.id, { redo, resolve, reject });
      if (request.type === 'read') reads.port1.postMessage(request, transfer);
      else worker.postMessage(request, transfer);
    });

  return {
    readPage: async (bytes, contentType) => {
      if (fallback) return fallback.readPage(bytes, contentType);
      const buffer = transferable(bytes);
      // the bytes went to the thread: should it die before answering, the page is fetched again
      const lost = async (): Promise<never> => {
        throw new PagesLost([]);
      };
      const reply = await ask({ type: 'read', id: ticket(), bytes: buffer, contentType }, lost, [buffer]);
      return reply.page!;
    },
    write: async (batch) => {
      if (fallback) return fallback.write(batch);
      await ask({ type: 'write', id: ticket(), ...batch }, (writer) => writer.write(batch));
    },
    buildIndexes: async () => {
      if (fallback) return fallback.buildIndexes();
      await ask({ type: 'indexes', id: ticket() }, (writer) => writer.buildIndexes());
    },
    finishPass: async (pass, unchanged) => {
      if (fallback) return fallback.finishPass(pass, unchanged);
      let redone: number | null = null;
      const { delta } = await ask(
        { type: 'finish', id: ticket(), pass, unchanged: unchanged ?? null },
        async (writer) => {
          redone = await writer.finishPass(pass, unchanged);
        },
      );
      return redone ?? -delta.listed;
    },
    close: async () => {
      closing = true;
      if (!fallback) worker.postMessage({ type: 'close' } satisfies WriterRequest);
      await exited;
    },
  };
}

/**
 * The full integrity check of a cache file, on a thread of its own (seconds for a large catalogue, which the app's
 * main thread must not spend at start); on this thread if no thread can be started. Once `signal` aborts the answer no
 * longer counts (it is `true`: nothing is done about it) and nothing opens the file here; the promise still settles
 * only when the thread has closed the file, so a closing app can remove or move it. The thread is not stopped early:
 * ending a thread inside SQLite, or while it loads SQLite, can bring the whole process down.
 */
export function checkInThread(file: string, spec: WriterThreadSpec, signal?: AbortSignal): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    if (signal?.aborted) return resolve(true);
    // a file that is not the one built never runs, not even to check: the check runs here (#25.8)
    if (threadRefusal(spec)) return resolve(checkFile(file));
    let answer: boolean | null = null;
    let worker: Worker;
    try {
      worker = new Worker(spec.script, {
        workerData: { file, pragmas: [], check: true, nativeBinding: spec.nativeBinding ?? null },
        execArgv: spec.execArgv ?? [],
      });
    } catch {
      resolve(checkFile(file));
      return;
    }
    worker.unref(); // a check still running never holds up quitting
    worker.once('message', (reply: { healthy: boolean }) => (answer = reply.healthy === true));
    worker.on('error', () => undefined);
    worker.once('exit', () => resolve(signal?.aborted ? true : (answer ?? checkFile(file))));
  });
}
