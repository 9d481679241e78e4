/**
 * The one sender of orders. The service has no idempotency key, so a POST that may have reached it is never
 * repeated automatically: it becomes 'unknown' and is reconciled by reading the order list.
 */
import Big from 'big.js';
import type { OutboxEntry } from '../../../../shared/domain';
import { ApiFailure, type ServiceConnection, type ServiceHttp } from '../api/http';
import { parseOrder, type ParsedOrder } from '../api/orders';
import { unwrapRecord } from '../api/products';
import type { OutboxRepository } from '../db/outbox';
import { OUTBOX_LIMITS } from '../limits';

export interface OutboxSenderDeps {
  repo: OutboxRepository;
  http: ServiceHttp;
  /** The service orders go to now, or null when none is set up. */
  target: () => Promise<{ key: string; conn: ServiceConnection } | null>;
  /** Orders on the service with this e-mail (fresh from the service), for reconciliation. */
  candidates: (email: string) => Promise<ParsedOrder[] | null>;
  onChange: () => void;
  /** Told when the service cannot be reached, so the connection state catches up (and its return is noticed). */
  onUnreachable?: () => void;
  sleep?: (ms: number) => Promise<void>;
  /** Deadline of one POST (tests shorten it). */
  postDeadlineMs?: number;
}

const sameMoney = (a: string | null, b: string | null): boolean => {
  if (a === null || b === null) return a === b;
  try {
    return new Big(a).eq(b);
  } catch {
    return false;
  }
};

/** The same customer, items, quantities and total, created around the time the entry was sent. */
export function matchesEntry(order: ParsedOrder, entry: OutboxEntry): boolean {
  const want = entry.order;
  if (order.email.toLowerCase() !== want.email.toLowerCase() || order.name !== want.name) return false;
  if (!sameMoney(order.totalPrice, want.total_price)) return false;
  const key = (items: { id: number | null; quantity: number | null }[]) =>
    items
      .map((i) => `${i.id}x${i.quantity}`)
      .sort()
      .join(',');
  if (key(order.items.map((i) => ({ id: i.productVariantId, quantity: i.quantity }))) !== key(want.order_items))
    return false;
  const created = order.items[0]?.createdAt ? Date.parse(`${order.items[0].createdAt.replace(' ', 'T')}Z`) : NaN;
  return Number.isNaN(created) || created >= entry.createdAt - OUTBOX_LIMITS.reconcileWindowMs;
}

export class OutboxSender {
  private running: Promise<void> | null = null;

  constructor(private readonly deps: OutboxSenderDeps) {}

  /** Sends what is queued, one order at a time, until the queue is empty or sending must wait. */
  kick(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async idle(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const target = await this.deps.target();
      if (!target) return;
      const entry = this.deps.repo.nextQueued(target.key);
      if (!entry) return;
      const carryOn = await this.send(entry, target.conn, target.key);
      this.deps.onChange();
      if (!carryOn) return;
    }
  }

  /** One POST. Returns whether the next queued order may be sent now. */
  private async send(entry: OutboxEntry, conn: ServiceConnection, key: string): Promise<boolean> {
    const { repo } = this.deps;
    repo.transition(entry.id, 'sending', { reason: 'Sending…' });
    this.deps.onChange();
    try {
      const { status, body } = await this.deps.http.json(conn, '/api/order', {
        method: 'POST',
        body: entry.order,
        deadlineMs: this.deps.postDeadlineMs ?? OUTBOX_LIMITS.postDeadlineMs,
      });
      const parsed = parseOrder(unwrapRecord(body));
      if (!parsed.ok) {
        repo.transition(
          entry.id,
          'unknown',
          { reason: 'The service answered, but not with the order, so it may or may not have been created.' },
          { outcome: 'unreadable answer', status, excerpt: JSON.stringify(body)?.slice(0, 200) ?? null },
        );
        await this.reconcile(entry.id);
        return true;
      }
      const mismatch = !sameMoney(parsed.order.totalPrice, entry.order.total_price);
      repo.transition(
        entry.id,
        'sent',
        {
          reason: mismatch
            ? `Sent; the service's total (${parsed.order.totalPrice ?? '—'}) differs from the one entered.`
            : 'Sent.',
          serverOrderId: parsed.order.id,
          serverPoNumber: parsed.order.poNumber,
          totalsMismatch: mismatch,
        },
        { outcome: 'created', status },
      );
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) {
        repo.transition(
          entry.id,
          'unknown',
          { reason: 'Sending failed in an unexpected way; the order may or may not have arrived.' },
          { outcome: 'error', excerpt: String(error) },
        );
        return false;
      }
      const attempt = {
        outcome: error.code,
        status: error.detail.status ?? null,
        excerpt: error.detail.excerpt ?? error.message,
      };
      if (error.code === 'validation') {
        repo.transition(entry.id, 'rejected', { reason: error.message, fieldErrors: error.fields ?? null }, attempt);
        return true;
      }
      if (error.code === 'unauthorized' || error.code === 'forbidden') {
        repo.transition(
          entry.id,
          'queued',
          { reason: 'Waiting: the service refused the API token. Fix it in Settings and the order is sent.' },
          attempt,
        );
        repo.setPaused(key, true);
        return false;
      }
      if (!error.detail.maybeDelivered) {
        // certainly not sent (refused, DNS, TLS, 429): it stays queued and goes out later, once
        const waitMs = error.code === 'rate_limited' ? (error.detail.retryAfterMs ?? 2_000) : null;
        repo.transition(
          entry.id,
          'queued',
          {
            reason:
              waitMs !== null
                ? 'The service asked to wait; sending again shortly.'
                : 'The service cannot be reached; the order is sent when it is back.',
          },
          attempt,
        );
        if (waitMs !== null) {
          await (this.deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(waitMs);
          return true;
        }
        this.deps.onUnreachable?.();
        return false;
      }
      repo.transition(
        entry.id,
        'unknown',
        { reason: `${error.message} The order may or may not have been created.` },
        attempt,
      );
      await this.reconcile(entry.id);
      return false;
    }
  }

  /**
   * Reads the service's orders for this customer: exactly one match means the order arrived ('sent'); none or
   * several leave the decision to staff. A read never creates anything, so this is always safe.
   */
  async reconcile(id: string): Promise<OutboxEntry | null> {
    const { repo } = this.deps;
    const entry = repo.get(id);
    if (!entry || entry.state !== 'unknown') return entry;
    let candidates: ParsedOrder[] | null;
    try {
      candidates = await this.deps.candidates(entry.order.email);
    } catch {
      candidates = null;
    }
    if (candidates === null) {
      return repo.transition(id, 'unknown', {
        reason: 'Not known whether this order arrived: the service could not be asked yet.',
      });
    }
    const claimed = repo.claimedOrderIds();
    const matches = candidates.filter((order) => matchesEntry(order, entry) && !claimed.has(order.id));
    let result: OutboxEntry;
    if (matches.length === 1) {
      const order = matches[0]!;
      result = repo.transition(
        id,
        'sent',
        {
          reason: `Found on the service as order ${order.poNumber || `#${order.id}`}: it had arrived.`,
          serverOrderId: order.id,
          serverPoNumber: order.poNumber,
          totalsMismatch: false,
        },
        { outcome: 'reconciled: found', status: null },
      );
    } else {
      result = repo.transition(
        id,
        'unknown',
        {
          reason:
            matches.length === 0
              ? 'No matching order was found on the service. Send it again, or discard it.'
              : `${matches.length} matching orders were found on the service. Check them, then discard this one or send it again.`,
        },
        { outcome: matches.length === 0 ? 'reconciled: none' : 'reconciled: several', status: null },
      );
    }
    this.deps.onChange();
    return result;
  }
}
