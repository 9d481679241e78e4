/**
 * The one sender of orders. The service has no idempotency key, so a POST that may have reached it is never
 * repeated automatically: it becomes 'unknown' and is reconciled by reading the order list (sync/reconcile.ts).
 */
import type { OutboxEntry } from '../../../../shared/domain';
import { sameMoney } from '../../../../shared/money';
import { ApiFailure, type ServiceConnection, type ServiceHttp } from '../http/client';
import { parseOrder, type ParsedOrder } from '../orders/api';
import { unwrapRecord } from '../http/fields';
import type { OutboxRepository, SendTiming } from './db';
import { systemWall, type WallClock } from '../clock';
import { OUTBOX_LIMITS } from '../limits';
import { redact } from '../redact';
import { zoneOf, type ServiceClock } from '../http/service-clock';
import { reconcileOrder, type SeenOrder } from './reconcile';

export interface OutboxSenderDeps {
  repo: OutboxRepository;
  http: ServiceHttp;
  /** The service orders go to now, or null when none is set up. */
  target: () => Promise<{ key: string; conn: ServiceConnection } | null>;
  /** The order book of the service `key`, read whole again; false when it could not be. */
  readOrderBook: (key: string) => Promise<boolean>;
  /** Orders in the order book for this e-mail, each with when this computer first saw it. */
  ordersFor: (key: string, email: string) => Promise<SeenOrder[]>;
  /** When the order book of `key` was last read whole (this computer's clock), or null. */
  orderBookAsOf: (key: string) => Promise<number | null>;
  /**
   * What the order book of `key` says when a POST begins: its write number (orders written later were seen after the
   * send) and how long ago it was last read whole on the monotonic clock (null: not in this process).
   */
  bookAtSend?: (key: string) => Promise<{ seq: number; ageMs: number | null } | null>;
  /** The service's clock as seen in its Date headers. */
  clock: ServiceClock;
  /** This computer's wall clock and a monotonic one (tests step the wall clock). */
  wall?: WallClock;
  onChange: () => void;
  /** The service created the order and answered with it (written into the order book at once). */
  onSent?: (key: string, order: ParsedOrder) => Promise<void> | void;
  /** Told when the service cannot be reached, so the connection state catches up (and its return is noticed). */
  onUnreachable?: () => void;
  sleep?: (ms: number) => Promise<void>;
  /** Deadline of one POST (tests shorten it). */
  postDeadlineMs?: number;
}

/** This process: a monotonic reading is comparable only with one taken in the same process. */
const MONO_EPOCH = `${process.pid}-${Math.round(performance.timeOrigin)}`;

export class OutboxSender {
  private running: Promise<void> | null = null;
  private reconciling: Promise<void> | null = null;
  /** Set by stop(): nothing new is sent or reconciled (the outbox is closing). */
  private stopped = false;

  private readonly wall: WallClock;

  constructor(private readonly deps: OutboxSenderDeps) {
    this.wall = deps.wall ?? systemWall;
  }

  /** Sends what is queued, one order at a time, until the queue is empty or sending must wait (or stop() is called). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once no send and no reconciliation is under way (never rejects: their callers hear of failures). */
  async idle(): Promise<void> {
    // one may start as the other ends (resume reconciles, then sends): wait until neither runs
    while (this.running || this.reconciling) {
      await this.running?.catch(() => undefined);
      await this.reconciling?.catch(() => undefined);
    }
  }

  /**
   * Before the outbox closes: no send or reconciliation starts from now on, a POST under way is finished and its
   * outcome recorded, no further queued order is claimed. Resolves once nothing is under way.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private get deadline(): number {
    return this.deps.postDeadlineMs ?? OUTBOX_LIMITS.postDeadlineMs;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const target = await this.deps.target();
      if (!target || this.stopped) return;
      const entry = this.deps.repo.nextQueued(target.key);
      if (!entry) return;
      const orderBookAsOf = await this.deps.orderBookAsOf(target.key);
      const book = (await this.deps.bookAtSend?.(target.key)) ?? null;
      // closing: the order stays queued rather than start a POST that quitting could cut off (and put in doubt)
      if (this.stopped) return;
      // claimed only if still queued: a second Shopdesk on the same folder (refused, but) never sends it too
      const origin = new URL(target.conn.baseUrl).origin;
      const sentAt = this.wall.now();
      const offset = this.deps.clock.offset(origin);
      const claimed = this.deps.repo.claim(entry.id, {
        sentAt,
        serviceSentAt: offset === null ? null : sentAt + offset,
        orderBookAsOf,
        seenSeq: book?.seq ?? null,
        bookAgeMs: book?.ageMs ?? null,
        sentMono: this.wall.mono(),
        monoEpoch: MONO_EPOCH,
      });
      if (!claimed) continue;
      this.deps.onChange();
      const carryOn = await this.send(entry, target.conn, target.key);
      this.deps.onChange();
      if (!carryOn) return;
    }
  }

  /** One POST of a claimed entry. Returns whether the next queued order may be sent now. */
  private async send(entry: OutboxEntry, conn: ServiceConnection, key: string): Promise<boolean> {
    const { repo } = this.deps;
    try {
      const { status, body, date } = await this.deps.http.json(conn, '/api/order', {
        method: 'POST',
        body: entry.order,
        deadlineMs: this.deadline,
      });
      const parsed = parseOrder(unwrapRecord(body));
      if (!parsed.ok) {
        repo.transition(
          entry.id,
          'unknown',
          { reason: { code: 'answer_not_order' } },
          { outcome: 'unreadable_answer', status, excerpt: redact(JSON.stringify(body) ?? '') },
        );
        await this.reconcile(entry.id);
        return true;
      }
      // the service's zone, from an order it confirmed: its stamp against the Date of the same answer
      const zone = zoneOf(parsed.order.items[0]?.createdAt, date);
      if (zone !== null) repo.setZone(key, zone);
      const mismatch = !sameMoney(parsed.order.totalPrice, entry.order.total_price);
      repo.transition(
        entry.id,
        'sent',
        {
          reason: mismatch
            ? { code: 'sent_total_differs', serviceTotal: parsed.order.totalPrice ?? null }
            : { code: 'sent' },
          serverOrderId: parsed.order.id,
          serverPoNumber: parsed.order.poNumber,
          totalsMismatch: mismatch,
        },
        { outcome: 'created', status },
      );
      try {
        await this.deps.onSent?.(key, parsed.order);
      } catch {
        // the order is sent either way; the next refresh of the order book brings it
      }
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) {
        repo.transition(
          entry.id,
          'unknown',
          { reason: { code: 'send_failed' } },
          { outcome: 'error', excerpt: redact(String(error)) },
        );
        return false;
      }
      const attempt = {
        outcome: error.code,
        status: error.detail.status ?? null,
        excerpt: redact(error.detail.excerpt ?? error.message),
      };
      if (error.code === 'validation') {
        const said = error.detail.facts?.serviceMessage;
        repo.transition(
          entry.id,
          'rejected',
          {
            reason: { code: 'rejected', serviceMessage: typeof said === 'string' ? said : null },
            fieldErrors: error.fields ?? null,
          },
          attempt,
        );
        return true;
      }
      if (error.code === 'unauthorized' || error.code === 'forbidden') {
        repo.transition(entry.id, 'queued', { reason: { code: 'token_refused' } }, attempt);
        repo.setPaused(key, true);
        return false;
      }
      if (!error.detail.maybeDelivered) {
        // certainly not sent (refused, DNS, TLS, 429): it stays queued and goes out later, once
        const waitMs = error.code === 'rate_limited' ? (error.detail.retryAfterMs ?? 2_000) : null;
        repo.transition(
          entry.id,
          'queued',
          { reason: { code: waitMs !== null ? 'service_busy' : 'unreachable' } },
          attempt,
        );
        if (waitMs !== null) {
          await (this.deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(waitMs);
          return true;
        }
        this.deps.onUnreachable?.();
        return false;
      }
      repo.transition(entry.id, 'unknown', { reason: { code: 'maybe_delivered', error: error.code } }, attempt);
      await this.reconcile(entry.id);
      return false;
    }
  }

  /**
   * Every entry in doubt of the current service, checked against one fresh read of the order book (at start and
   * whenever the service comes back; a read never creates anything, so this is always safe).
   */
  reconcileAll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.reconciling ??= (async () => {
      const target = await this.deps.target();
      if (!target || this.stopped) return;
      const doubtful = this.deps.repo.inDoubt(target.key);
      if (doubtful.length === 0) return;
      const read = await this.deps.readOrderBook(target.key).catch(() => false);
      for (const entry of doubtful) await this.decide(entry.id, target.key, read);
    })().finally(() => {
      this.reconciling = null;
    });
    return this.reconciling;
  }

  /** One entry in doubt, checked against a fresh read of the order book. */
  async reconcile(id: string): Promise<OutboxEntry | null> {
    const entry = this.deps.repo.get(id);
    if (!entry || entry.state !== 'unknown') return entry;
    const target = await this.deps.target();
    const key = target?.key ?? null;
    const read =
      key !== null &&
      this.deps.repo.timing(id)?.serviceKey === key &&
      (await this.deps.readOrderBook(key).catch(() => false));
    return this.decide(id, key, read);
  }

  /**
   * The POST's moment on the service's clock. Measured again now where this process sent it: the service's time now
   * (the offset since any step of this PC's clock: the order book was just read, so its Date headers are fresh) less
   * the time since the send on the monotonic clock — right even when the PC's clock stepped during the send or just
   * before it. Otherwise as taken when it was sent.
   */
  private async serviceSentAt(timing: SendTiming | null): Promise<number | null> {
    if (!timing) return null;
    if (timing.sentMono !== null && timing.monoEpoch === MONO_EPOCH) {
      const target = await this.deps.target();
      const offset = target ? this.deps.clock.offset(new URL(target.conn.baseUrl).origin) : null;
      if (offset !== null) return this.wall.now() + offset - (this.wall.mono() - timing.sentMono);
    }
    return timing.serviceSentAt;
  }

  private async decide(id: string, key: string | null, read: boolean): Promise<OutboxEntry | null> {
    const { repo } = this.deps;
    const entry = repo.get(id);
    if (!entry || entry.state !== 'unknown') return entry;
    if (!read || key === null) {
      const result = repo.transition(id, 'unknown', { reason: { code: 'not_asked_yet' } }, undefined, {
        outcome: 'unreachable',
        checkedAt: this.wall.now(),
        candidates: [],
      });
      this.deps.onChange();
      return result;
    }
    const timing = repo.timing(id);
    const found = reconcileOrder(entry.order, await this.deps.ordersFor(key, entry.order.email), {
      // an entry sent by an older version has no send time: it was entered (just) before it was sent
      sentAt: timing?.sentAt ?? entry.createdAt,
      serviceSentAt: await this.serviceSentAt(timing),
      zoneMs: repo.zone(key),
      orderBookAsOf: timing?.orderBookAsOf ?? null,
      seenSeqAtSend: timing?.seenSeq ?? null,
      orderBookAgeMs: timing?.bookAgeMs ?? null,
      claimed: repo.claimedOrderIds(id),
      postDeadlineMs: this.deadline,
    });
    const check = { outcome: found.outcome, checkedAt: this.wall.now(), candidates: found.candidates };
    let result: OutboxEntry;
    if (found.match) {
      result = repo.transition(
        id,
        'sent',
        {
          reason: { code: 'found_on_service', poNumber: found.match.poNumber || null, orderId: found.match.id },
          serverOrderId: found.match.id,
          serverPoNumber: found.match.poNumber,
          totalsMismatch: false,
        },
        { outcome: 'look_found', status: null },
        check,
      );
    } else {
      const shown = found.candidates.filter((c) => !c.seenBeforeSending).length;
      result = repo.transition(
        id,
        'unknown',
        { reason: shown === 0 ? { code: 'no_match' } : { code: 'possible_matches', count: shown } },
        { outcome: `look_${found.outcome}`, status: null },
        check,
      );
    }
    this.deps.onChange();
    return result;
  }
}
