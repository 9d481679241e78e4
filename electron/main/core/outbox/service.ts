/**
 * The outbox feature: orders are queued in SQLite before anything is sent, one sender sends them when the service
 * is reachable, and staff see every entry with its state, attempts and actions.
 */
import path from 'node:path';
import type { Handlers } from '../../../../shared/contract';
import { AppFailure } from '../../../../shared/errors';
import type { ServiceHttp } from '../http/client';
import type { Job, RunOutcome, Scheduler } from '../scheduler';
import { cacheKey, connectionFor, notConfigured } from '../storage/service-scope';
import type { ConnectionMonitor, ConnectionTarget } from '../connection/state';
import { DraftRepository } from '../drafts/db';
import { OutboxRepository } from './db';
import type { CoreEvents } from '../events';
import type { Orders } from '../orders/service';
import { OUTBOX_LIMITS } from '../limits';
import { OutboxSender } from './sender';
import type { WallClock } from '../clock';
import type { ServiceClock } from '../http/service-clock';
import { originOf } from '../settings/token';

/** What erasing everything would lose of one service: its address ('demo', or null when not recorded) and counts. */
export interface PendingService {
  key: string;
  origin: string | null;
  unsent: number;
  drafts: number;
}

type OutboxHandlers = Pick<Handlers, (`outbox:${string}` | `drafts:${string}`) & keyof Handlers>;

export interface OutboxOptions {
  dataDir: string;
  /** This computer's wall clock and a monotonic one (tests step the wall clock). */
  wall?: WallClock;
  http: ServiceHttp;
  events: CoreEvents;
  connection: ConnectionMonitor;
  target: () => Promise<ConnectionTarget>;
  orders: Orders;
  clock: ServiceClock;
  /** Encrypts the outbox and the drafts (customer data). */
  databaseKey: Buffer;
  /** What every text an answer or error brought passes through before it is stored (core/redact.ts). */
  scrub?: (text: string) => string;
  /** Told of a failure in work nobody waits for (a send started in the background); the log in the app. */
  error?: (message: string, detail?: unknown) => void;
  scheduler: Scheduler;
}

export class Outbox {
  readonly repo: OutboxRepository;
  readonly drafts: DraftRepository;
  private readonly sender: OutboxSender;
  private readonly stopListening: () => void;
  private closed = false;
  /** Queued orders tried again on the scheduler (besides at once on submit, and whenever the service is back). */
  readonly sendJob: Job;
  /** Orders in doubt looked for on the service: at start, on every reconnect, and again with backoff until asked. */
  readonly reconcileJob: Job;
  /** Set when a reconciliation could not ask the service (its order list could not be read). */
  private notAsked = false;
  /** Services whose address is noted in the outbox this run (see noteService). */
  private readonly noted = new Set<string>();

  constructor(private readonly options: OutboxOptions) {
    this.repo = new OutboxRepository(path.join(options.dataDir, 'outbox.sqlite'), options.databaseKey, options.scrub);
    this.drafts = new DraftRepository(path.join(options.dataDir, 'drafts.sqlite'), options.databaseKey);
    this.sender = new OutboxSender({
      repo: this.repo,
      http: options.http,
      target: async () => {
        const t = await options.target();
        const key = cacheKey(t);
        const conn = key ? connectionFor(t, key) : null;
        return key && conn ? { key, conn } : null;
      },
      readOrderBook: async (key) => {
        const read = await options.orders.readOrderBook(key);
        if (!read) this.notAsked = true;
        return read;
      },
      ordersFor: (key, email) => options.orders.ordersFor(key, email),
      orderBookAsOf: (key) => options.orders.orderBookAsOf(key),
      bookAtSend: (key) => options.orders.bookAtSend(key),
      clock: options.clock,
      wall: options.wall,
      onChange: () => this.changed(),
      onUnreachable: () => void options.connection.check(),
      onSent: (key, order) => options.orders.recordSent(key, order),
    });
    // Queued orders are also tried on the scheduler, in case the connection never looked down to the probe.
    this.sendJob = options.scheduler.add({
      name: 'outbox-send',
      every: () => (this.repo.awaitingCount() > 0 ? OUTBOX_LIMITS.retryQueuedMs : null),
      run: () => this.sendQueued(),
    });
    this.reconcileJob = options.scheduler.add({
      name: 'outbox-reconcile',
      every: () => null,
      onReconnect: true,
      run: () => this.reconcileInDoubt(),
    });
    // (not on the scheduler's clock: a paused outbox waits for the token to be fixed)
    this.stopListening = options.events.on('connection:changed', (state) => {
      if (state.state === 'online') this.inBackground(this.resume());
    });
  }

  /**
   * The service is reachable (again) with a working token: paused entries wait no longer, the queue goes out. (Orders
   * in doubt are looked for by the reconcile job, at start and on every reconnect.)
   */
  async resume(): Promise<void> {
    const key = cacheKey(await this.options.target());
    if (this.closed) return;
    if (key) this.repo.setPaused(key, false);
    this.sendJob.trigger();
  }

  /** The send job: the queue goes out; what is still queued afterwards waits for the service. */
  private async sendQueued(): Promise<RunOutcome> {
    await this.sender.kick();
    const key = cacheKey(await this.options.target());
    return key && this.repo.nextQueued(key) ? { kind: 'unusable' } : { kind: 'done' };
  }

  /**
   * The reconcile job: every order whose arrival is in doubt is looked for on the service (a read, always safe); when
   * the service could not be asked, it is tried again with backoff.
   */
  private async reconcileInDoubt(): Promise<RunOutcome> {
    const key = cacheKey(await this.options.target());
    if (!key) return { kind: 'wait', until: null };
    this.notAsked = false;
    await this.sender.reconcileAll();
    return this.notAsked ? { kind: 'failed' } : { kind: 'done' };
  }

  /**
   * Outbox or drafts files that could not be opened at start (damaged, or written with a key this computer no longer
   * has) and were moved aside, never deleted: staff are told where they are.
   */
  setAside(): { store: 'outbox' | 'drafts'; file: string }[] {
    const out: { store: 'outbox' | 'drafts'; file: string }[] = [];
    if (this.repo.movedAside) out.push({ store: 'outbox', file: this.repo.movedAside });
    if (this.drafts.movedAside) out.push({ store: 'drafts', file: this.drafts.movedAside });
    return out;
  }

  /**
   * Orders still to go out or be looked for (queued, paused, sending, in doubt): what holds an update back. A rejected
   * order waits for staff to correct it, which a restart does not disturb.
   */
  awaiting(): number {
    return this.repo.awaitingCount();
  }

  /** Orders of service `key` not sent yet, and its drafts (what erasing it would lose). */
  pendingFor(key: string): { unsent: number; drafts: number } {
    return { unsent: this.repo.unsentFor(key), drafts: this.drafts.list(key).length };
  }

  /** Removes every outbox entry and draft of service `key` (sign out and erase), once no send is under way. */
  async forget(key: string): Promise<void> {
    await this.sender.idle();
    this.repo.forget(key);
    this.drafts.forget(key);
    this.changed();
  }

  /** Orders not sent yet and drafts, per service that has any (what erasing everything would lose). */
  pendingAll(): PendingService[] {
    const origins = this.repo.serviceOrigins();
    const byKey = new Map<string, PendingService>();
    const of = (key: string): PendingService => {
      let pending = byKey.get(key);
      if (!pending) {
        pending = { key, origin: key === 'demo' ? 'demo' : (origins.get(key) ?? null), unsent: 0, drafts: 0 };
        byKey.set(key, pending);
      }
      return pending;
    };
    for (const { key, unsent } of this.repo.unsentByService()) of(key).unsent = unsent;
    for (const { key, drafts } of this.drafts.countsByService()) of(key).drafts = drafts;
    return [...byKey.values()];
  }

  /**
   * Sign out and erase: every outbox entry and draft of every service removed, once no send is under way, and both files
   * rebuilt under `key` (the new database key), so nothing of them is readable with the old one.
   */
  async eraseAll(key: Buffer): Promise<void> {
    await this.sender.idle();
    this.repo.eraseAll(key);
    this.drafts.eraseAll(key);
    this.noted.clear();
    this.changed();
  }

  /** Keeps the address the service now configured stands for, to name it if its orders are counted before an erase. */
  private async noteService(key: string): Promise<void> {
    if (this.noted.has(key)) return; // once per run: drafts are saved on every change
    const target = await this.options.target();
    const origin = target.mode === 'demo' ? 'demo' : originOf(target.baseUrl);
    if (!origin || cacheKey(target) !== key) return;
    this.repo.noteService(key, origin);
    this.noted.add(key);
  }

  /**
   * An order just queued goes out at once, unless the service is known to be failing (5xx) or busy (429): a POST into
   * a failing service may or may not create the order and leaves it in doubt for staff to settle, one into a busy one
   * is refused. Then it waits for the send job, which runs as soon as the service answers again. (Offline, it is tried
   * at once: a refused connection certainly sent nothing, and it makes the connection look again.)
   */
  private sendSoon(): void {
    const { state } = this.options.connection.current();
    if (state === 'failing' || state === 'busy') this.sendJob.trigger();
    else this.inBackground(this.sender.kick());
  }

  /** Work started without waiting for it: a failure is logged, never left as an unhandled rejection. */
  private inBackground(work: Promise<void>): void {
    work.catch((error: unknown) => {
      this.options.error?.('outbox: background send failed', error instanceof Error ? error.stack : String(error));
    });
  }

  private changed(): void {
    this.options.events.emit('outbox:changed', { unsent: this.repo.unsentCount() });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    // nothing starts from here on (a resume under way included), and what is under way ends before the files close
    await this.sender.stop();
    this.repo.close();
    this.drafts.close();
  }

  private async key(): Promise<string> {
    const key = cacheKey(await this.options.target());
    if (!key) throw notConfigured();
    return key;
  }

  private entry(id: string) {
    const entry = this.repo.get(id);
    if (!entry)
      throw new AppFailure('not_found', 'This order is not in the outbox.', undefined, { what: 'outbox_entry' });
    return entry;
  }

  readonly handlers: OutboxHandlers = {
    'outbox:list': async () => {
      const key = cacheKey(await this.options.target());
      return { entries: key ? this.repo.list(key) : [], unsent: this.repo.unsentCount(), setAside: this.setAside() };
    },
    'outbox:submit': async ({ draftId, order }) => {
      const key = await this.key();
      await this.noteService(key);
      const draft = this.drafts.get(draftId);
      const entry = this.repo.submit(draftId, key, order);
      // a corrected order replaces the rejected entry it was made from (only if that one is still rejected)
      const replaced = draft?.data.replaces ? this.repo.get(draft.data.replaces) : null;
      if (replaced && replaced.state === 'rejected' && replaced.id !== entry.id) {
        this.repo.transition(replaced.id, 'discarded', { reason: { code: 'corrected' } }, { outcome: 'replaced' });
      }
      // the order is safe in the outbox now; its draft is done (submitting it again finds the same entry)
      this.drafts.discard(draftId);
      this.changed();
      this.sendSoon();
      return entry;
    },
    'outbox:send-again': async ({ id }) => {
      const entry = this.entry(id);
      if (entry.state !== 'unknown')
        throw new AppFailure(
          'invalid_request',
          'Only an order whose arrival is in doubt can be sent again.',
          undefined,
          {
            reason: 'not_in_doubt',
          },
        );
      const queued = this.repo.transition(
        id,
        'queued',
        { reason: { code: 'sent_again_by_staff' } },
        { outcome: 'staff_sent_again' },
      );
      this.changed();
      this.sendSoon();
      return queued;
    },
    'outbox:discard': async ({ id }) => {
      const entry = this.entry(id);
      if (entry.state === 'sending' || entry.state === 'sent')
        throw new AppFailure('invalid_request', 'An order being sent or already sent cannot be discarded.', undefined, {
          reason: 'not_discardable',
        });
      const discarded = this.repo.transition(
        id,
        'discarded',
        { reason: { code: 'discarded_by_staff' } },
        { outcome: 'staff_discarded' },
      );
      this.changed();
      return discarded;
    },
    'drafts:list': async () => {
      const key = cacheKey(await this.options.target());
      return { drafts: key ? this.drafts.list(key) : [] };
    },
    'drafts:save': async ({ id, step, data }) => {
      // a late save from the wizard must not bring back a draft that is already in the outbox
      if (this.repo.forDraft(id))
        throw new AppFailure(
          'invalid_request',
          'This order has already been submitted; it is in the outbox.',
          undefined,
          {
            reason: 'already_submitted',
          },
        );
      const key = await this.key();
      await this.noteService(key);
      return this.drafts.save(id, key, step, data);
    },
    'drafts:discard': async ({ id }) => ({ discarded: this.drafts.discard(id) }),
    'outbox:reconcile': async ({ id }) => {
      this.entry(id);
      return (await this.sender.reconcile(id)) ?? this.entry(id);
    },
  };
}
