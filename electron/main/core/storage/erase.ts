/**
 * Sign out and erase: the files of the data folder that hold what Shopdesk kept of any service — every service's order
 * and catalogue caches, the demo service's data, and copies of them or of the outbox and drafts set aside as damaged or
 * unreadable — with their WAL and shared-memory files. (The outbox and the drafts themselves are emptied and rewritten
 * under a new key by their own repositories; the token vault and the key by theirs.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_DATA_FILE } from '../demo';

/** Names of files that hold a service's data, whichever service (and whatever copy or journal of them). */
const SERVICE_FILE = new RegExp(
  `^(orders-|catalogue-|${escape(DEMO_DATA_FILE)}|outbox\\.sqlite\\.corrupt-|drafts\\.sqlite\\.corrupt-)`,
);
/** Copies of the outbox or the drafts set aside (damaged, or written with a key since lost): they may hold orders. */
const SET_ASIDE_ORDERS = /^(outbox|drafts)\.sqlite\.corrupt-\d+$/;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Removes every service's caches, the demo data and set-aside copies (closed beforehand); returns what was removed. */
export function eraseServiceData(dataDir: string): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(dataDir)) {
    if (!SERVICE_FILE.test(name)) continue;
    fs.rmSync(path.join(dataDir, name), { force: true, recursive: true });
    removed.push(name);
  }
  return removed;
}

/** Copies of the outbox or the drafts set aside earlier, which erasing removes (they could not be read to count). */
export function setAsideCopies(dataDir: string): number {
  try {
    return fs.readdirSync(dataDir).filter((name) => SET_ASIDE_ORDERS.test(name)).length;
  } catch {
    return 0;
  }
}
