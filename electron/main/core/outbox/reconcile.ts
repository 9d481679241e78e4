/**
 * Finding an order whose answer was lost, without trusting clocks. A candidate is an order on the service with the
 * same fingerprint (customer, lines, quantities, total) stamped within ±14 h of the send (any time zone); it is
 * ruled out when another outbox entry already answers for it or when this computer saw it before the order was sent.
 * Time ranks what is left. One candidate is taken as this order's arrival only when nothing argues against it: where
 * the service's clock and zone are known its stamp must fall within minutes of the send, and where they are not the
 * order book must have been read shortly before the send (so any older identical order had been seen). Otherwise
 * staff decide, with the candidates shown.
 */
import type { NewOrder, ReconcileCandidate, ReconcileOutcome } from '../../../../shared/domain';
import { sameMoney } from '../../../../shared/money';
import type { ParsedOrder } from '../orders/api';
import { RECONCILE_LIMITS } from '../limits';
import { stampAsUtc } from '../http/service-clock';

/**
 * An order on the service with when this computer first saw it: its wall clock's time, and the order book's write
 * number (which no clock can move; absent where the book gives none).
 */
export interface SeenOrder {
  order: ParsedOrder;
  firstSeen: number;
  seenSeq?: number;
}

export interface ReconcileFacts {
  /** When the POST in doubt began, by this computer's clock. */
  sentAt: number;
  /** The same moment in the service's UTC (this clock plus the Date-header offset); null when no offset was known. */
  serviceSentAt: number | null;
  /** created_at minus the service's UTC, learnt from orders this app created and saw confirmed; null before any. */
  zoneMs: number | null;
  /** When the order book was last read whole before the POST (this computer's clock); null when it never was. */
  orderBookAsOf: number | null;
  /**
   * The order book's write number when the POST began: an order written at most at it was seen before the send. Where
   * it is known, "seen before sending" is decided by it alone, never by comparing two readings of the wall clock.
   */
  seenSeqAtSend?: number | null;
  /** How long before the POST the book was last read whole, on the monotonic clock (null: not known). */
  orderBookAgeMs?: number | null;
  /** Service orders already answering for another outbox entry. */
  claimed: ReadonlySet<number>;
  /** How long the POST could take to arrive. */
  postDeadlineMs: number;
}

export interface ReconcileResult {
  outcome: Exclude<ReconcileOutcome, 'unreachable'>;
  /** The order taken as this one's arrival ('found' only). */
  match: ParsedOrder | null;
  /** What staff are shown: the same fingerprint, best first. */
  candidates: ReconcileCandidate[];
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Customer, lines, quantities and total: what makes two orders the same order. */
export function sameFingerprint(order: ParsedOrder, want: NewOrder): boolean {
  if (!same(order.email, want.email) || !same(order.name, want.name)) return false;
  if (!sameMoney(order.totalPrice, want.total_price)) return false;
  const key = (items: { id: number | null; quantity: number | null }[]) =>
    items
      .map((i) => `${i.id}x${i.quantity}`)
      .sort()
      .join(',');
  return key(order.items.map((i) => ({ id: i.productVariantId, quantity: i.quantity }))) === key(want.order_items);
}

export function reconcileOrder(want: NewOrder, orders: readonly SeenOrder[], facts: ReconcileFacts): ReconcileResult {
  const { windowMs, sendSlackMs, freshOrderBookMs } = RECONCILE_LIMITS;
  const timeKnown = facts.zoneMs !== null && facts.serviceSentAt !== null;
  // where this order's stamp would read if it arrived: exact when the service's zone and clock are known
  const expected = (facts.serviceSentAt ?? facts.sentAt) + (facts.zoneMs ?? 0);
  // without a Date header the computer's own clock may be off as well
  const slack = facts.serviceSentAt !== null ? 5 * 60_000 : 60 * 60_000;
  const rows = orders
    .filter(({ order }) => !facts.claimed.has(order.id) && sameFingerprint(order, want))
    .map((seen) => {
      const created = stampAsUtc(seen.order.items[0]?.createdAt);
      const distance = Number.isNaN(created) ? null : created - expected;
      const seenBefore =
        facts.seenSeqAtSend != null && seen.seenSeq !== undefined
          ? seen.seenSeq <= facts.seenSeqAtSend
          : seen.firstSeen < facts.sentAt;
      return { seen, created, distance, seenBefore };
    })
    // any time zone: only an order stamped further than ±14 h away cannot be this one
    .filter((row) => row.distance === null || Math.abs(row.distance) <= windowMs + (timeKnown ? 0 : slack))
    .sort((a, b) =>
      timeKnown && a.distance !== null && b.distance !== null
        ? Math.abs(a.distance) - Math.abs(b.distance)
        : b.seen.order.id - a.seen.order.id,
    );
  const candidates: ReconcileCandidate[] = rows.slice(0, 10).map((row) => ({
    orderId: row.seen.order.id,
    poNumber: row.seen.order.poNumber,
    createdAt: row.seen.order.items[0]?.createdAt ?? '',
    minutesFromSend: timeKnown && row.distance !== null ? Math.round(row.distance / 60_000) : null,
    seenBeforeSending: row.seenBefore,
  }));
  const eligible = rows.filter((row) => !row.seenBefore);
  if (eligible.length === 0) return { outcome: 'none', match: null, candidates };
  if (eligible.length > 1) return { outcome: 'several', match: null, candidates };
  const only = eligible[0]!;
  if (timeKnown && only.distance !== null) {
    const close = only.distance >= -sendSlackMs && only.distance <= facts.postDeadlineMs + sendSlackMs;
    return close
      ? { outcome: 'found', match: only.seen.order, candidates }
      : { outcome: 'unlike', match: null, candidates };
  }
  // how old the book was at the send: on the monotonic clock where known; two wall-clock readings only as a fallback,
  // and never when they run backwards (the clock stepped back: the age is not known)
  const age =
    facts.orderBookAgeMs != null
      ? facts.orderBookAgeMs
      : facts.orderBookAsOf !== null
        ? facts.sentAt - facts.orderBookAsOf
        : null;
  const fresh = age !== null && age >= 0 && age <= freshOrderBookMs;
  return fresh
    ? { outcome: 'found', match: only.seen.order, candidates }
    : { outcome: 'unverified', match: null, candidates };
}
