/**
 * The order list's first rows asked with the app's first reads (#31.2). A window that opens on the order list asked
 * for its first block only once the app had drawn around it (after main's first reads, the words, the frame): one
 * more round trip, in line, before staff saw an order. Asked as the scripts start instead, beside those reads, the
 * block is there when the list mounts and is drawn with it. The list reads its rows again as it always does (this is
 * the same query as its first, nothing is skipped); a list whose query is not the one asked (a search typed first)
 * never sees it.
 */
import type { OrderRow } from '../../../shared/domain';
import { call } from '../bridge';
import { DEFAULT_ORDERS_QUERY } from '../store/orders';
import { BLOCK, type Window } from './useWindows';

/** The paths that open on the order list: '/' leads to Orders once the settings are read (firstScreen.ts). */
const ORDERS_PATH = /^\/(orders)?\/?$/;
const FIRST_KEY = JSON.stringify(DEFAULT_ORDERS_QUERY);

let first: { asked: Promise<Window<OrderRow>>; answer: Window<OrderRow> | null } | null = null;

/** Asks for the first block of the order list as it starts, when the window opens on it (path: the router's). */
export function askFirstOrders(path: string): void {
  if (!ORDERS_PATH.test(path)) return;
  const asked = call('orders:query', { ...DEFAULT_ORDERS_QUERY, offset: 0, limit: BLOCK }).then((w) => ({
    rows: w.rows,
    total: w.total,
    cached: w.cachedOrders,
  }));
  const held = { asked, answer: null as Window<OrderRow> | null };
  first = held;
  asked.then(
    (answer) => void (held.answer = answer),
    () => void (first === held && (first = null)), // the list asks for itself
  );
}

/** The first block if it has come and answers this query (the list draws it as it mounts). */
export function firstOrdersCome(queryKey: string): Window<OrderRow> | null {
  return first && queryKey === FIRST_KEY ? first.answer : null;
}

/**
 * For the list's own first read of its first block: the block still on its way (read once, not asked twice), or null
 * (ask: not asked, another query, or already come, when the list reads it again for rows that may have changed).
 * Either way it is let go of.
 */
export function takeFirstOrders(queryKey: string, offset: number): Promise<Window<OrderRow>> | null {
  if (!first || queryKey !== FIRST_KEY || offset !== 0) return null;
  const { asked, answer } = first;
  first = null;
  return answer ? null : asked;
}
