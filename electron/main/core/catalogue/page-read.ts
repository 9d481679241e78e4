/**
 * A product page read where it is written (issue #31.3): the fetching thread hands the writer the answer's bytes, and
 * the writer parses them, shapes the rows and keeps them until the page's batch is committed. What goes back to the
 * fetching thread is only what it needs to decide the next page: the page's facts (records, paging signals, the
 * records it could not read, as codes), or why the answer was not a product page.
 */
import { Buffer } from 'node:buffer';
import type { PageSignals } from '../http/pager';
import { jsonBody, type SkippedReject } from '../http/fields';
import { parseProductPage } from './api';
import { toWriteRow, type PageRows, type WriteRow } from './columns';

/** What the fetching thread learns of a page it handed over as bytes. */
export interface PageFacts {
  /** Products read (the rows kept for the write). */
  products: number;
  lastPage: number | null;
  total: number | null;
  signals: PageSignals;
  /** Records that could not be read, with why (their ids as written). */
  rejects: SkippedReject[];
}

/** Why a successful answer was not a product page (the words are the fetching thread's, with the token redacted). */
export interface PageUnread {
  reason: 'web_page' | 'unreadable' | 'not_a_page';
  /** The answer's start, for the log (not_a_page: none, it was data). */
  excerpt: string;
}

export type PageRead = { ok: true; facts: PageFacts; rows: WriteRow[] } | ({ ok: false } & PageUnread);

/** The writer's answer for a page: its facts and the ticket its rows are kept under, or why it was not read. */
export type PageAnswer = { ok: true; ticket: number; facts: PageFacts } | ({ ok: false } & PageUnread);

/** A page's answer body, as the service sent it (decoded), read into facts and rows. Never throws. */
export function readPageBytes(bytes: Uint8Array, contentType: string): PageRead {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const { parsed, body } = jsonBody(text, contentType);
  if (!parsed)
    return {
      ok: false,
      reason: /<html|<!doctype/i.test(text) ? 'web_page' : 'unreadable',
      excerpt: text.slice(0, 4000),
    };
  const page = parseProductPage(body);
  if (!page) return { ok: false, reason: 'not_a_page', excerpt: '' };
  return {
    ok: true,
    facts: {
      products: page.products.length,
      lastPage: page.lastPage,
      total: page.total,
      signals: page.signals,
      rejects: page.rejects,
    },
    rows: page.products.map(toWriteRow),
  };
}

/** The bytes of an answer as something to transfer to another thread: its own buffer when it has one, else a copy. */
export function transferable(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  // a small Buffer is a view into Node's shared pool, which cannot be handed over: those few kB are copied
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer;
  return new Uint8Array(bytes).buffer;
}

/** Pages the writer read but has not lost: their rows are gone with a writer thread that died; fetch them again. */
export class PagesLost extends Error {
  constructor(readonly pages: number[]) {
    super(`catalogue pages lost with the writer thread: fetch again (${pages.length})`);
    this.name = 'PagesLost';
  }
}

/** A page of a batch: its rows, or the ticket of the rows the writer kept when it read the page. */
export type BatchPage = Omit<PageRows, 'rows'> & ({ rows: WriteRow[]; ticket?: undefined } | { ticket: number });

/** A fetched page for a batch: the ticket of its rows (none for a page with no records: a 404 past the end). */
export const toBatch = (
  page: number,
  ticket: number | null,
  validators: { etag: string | null; lastModified: string | null },
): BatchPage => (ticket === null ? { page, rows: [], ...validators } : { page, ticket, ...validators });

/** The rows of the pages read and not yet written, by ticket (on the writer's side). */
export class HeldRows {
  private readonly rows = new Map<number, WriteRow[]>();

  keep(ticket: number, rows: WriteRow[]): void {
    this.rows.set(ticket, rows);
  }

  /** The batch's pages with their rows (released here); PagesLost when any page's rows are not held. */
  take(pages: BatchPage[]): PageRows[] {
    const missing = pages.filter((p) => p.ticket !== undefined && !this.rows.has(p.ticket)).map((p) => p.page);
    if (missing.length > 0) throw new PagesLost(pages.map((p) => p.page));
    return pages.map(({ ticket, ...page }) => {
      if (ticket === undefined) return page as PageRows;
      const rows = this.rows.get(ticket)!;
      this.rows.delete(ticket);
      return { ...page, rows };
    });
  }

  /** Pages read and never written (past a list's end, a stopped pass): forgotten when the writer closes. */
  clear(): void {
    this.rows.clear();
  }
}
