/**
 * Tracks whether the service can be used, and tells the renderer when that changes. Besides online, offline and a
 * refused token, it knows a service that answers but is failing (5xx, unreadable answers or none in time, for a
 * while) and one that is busy (429): it learns that from every request the app makes, and from its own probe, which
 * runs on a schedule that follows the state (and is skipped while other requests prove the service answers).
 */
import type { ConnectionState, Handlers } from '../../../../shared/contract';
import type { CoreEvents } from '../events';
import { probeService } from './probe';
import type { AnswerReport, ServiceHttp } from '../http/client';
import { systemClock, type Clock } from '../clock';
import { CONNECTION_LIMITS, LIMITS } from '../limits';
import { nextRevision } from '../revision';

export interface ConnectionTarget {
  mode: ConnectionState['mode'];
  baseUrl: string | null;
  token: string | null;
}

/** The wait before probing a failing service again, after `probes` probes found it failing. */
export function failingBackoff(probes: number): number {
  const steps = CONNECTION_LIMITS.failingProbeMs;
  return steps[Math.min(Math.max(0, probes), steps.length - 1)]!;
}

const originOf = (baseUrl: string | null): string | null => {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
};

export class ConnectionMonitor {
  private state: ConnectionState = {
    revision: nextRevision(),
    state: 'unconfigured',
    mode: 'unconfigured',
    checkedAt: null,
    verdict: null,
    productCount: null,
    retryAt: null,
    since: null,
  };
  private cancelProbe: (() => void) | null = null;
  private running: Promise<ConnectionState> | undefined;
  private closed = false;
  /** The service whose answers count (the one last probed). */
  private origin: string | null = null;
  /** Failing answers in a row since the last good one, and when the first of them came. */
  private streak: { count: number; since: number } | null = null;
  /** The last good answer from the service (any request). */
  private lastGoodAt: number | null = null;
  /** Probes in a row that found the service failing: the next one waits longer. */
  private failingProbes = 0;
  /** A 429 heard while the probe was under way (the verdict alone does not tell it from a 5xx). */
  private busyHeard: AnswerReport | null = null;
  private readonly stopObserving: () => void;

  constructor(
    private readonly http: ServiceHttp,
    private readonly events: CoreEvents,
    private readonly target: () => Promise<ConnectionTarget>,
    private readonly clock: Clock = systemClock,
  ) {
    this.stopObserving = http.observe((report) => this.heard(report));
  }

  current(): ConnectionState {
    return this.state;
  }

  /** The connection's channels: the state now, and "Check now". */
  readonly handlers: Pick<Handlers, 'connection:status' | 'connection:check'> = {
    'connection:status': async () => this.current(),
    // asked for now ("Check now", a test): a probe already under way may have knocked before the service came back
    // (it answers 'refused' a moment later without ever reaching it), so a fresh one follows it
    'connection:check': async () => this.recheck(),
  };

  /** Whether background work may use the service now. */
  usable(): boolean {
    return this.state.state === 'online';
  }

  /** Probes now (joining a probe already under way) and schedules the next one. */
  check(): Promise<ConnectionState> {
    this.running ??= this.probe().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Probes after the settings changed (a probe under way read the old ones) or when asked to now (a probe under way
   * may have knocked before the service came back): a fresh one follows it.
   */
  recheck(): Promise<ConnectionState> {
    const running = this.running;
    return running ? running.catch(() => undefined).then(() => this.check()) : this.check();
  }

  /**
   * Sets the state without probing (e.g. while demo mode starts): what the last probe found (its verdict, the retry
   * time) and an earlier note no longer stand behind it, so the screen does not word them for the new state.
   */
  set(next: Partial<ConnectionState>): void {
    this.publish({ ...this.state, verdict: null, note: null, retryAt: null, ...next });
  }

  close(): void {
    this.closed = true;
    this.stopObserving();
    this.cancelProbe?.();
  }

  /** What a request of the app learnt about the service. */
  private heard(report: AnswerReport): void {
    if (this.closed || report.origin !== this.origin) return;
    const now = this.clock.now();
    const { state } = this.state;
    if (this.running && report.health === 'busy') this.busyHeard = report;
    switch (report.health) {
      case 'ok':
        this.lastGoodAt = now;
        this.streak = null;
        if (state === 'failing' || (state === 'busy' && now >= (this.state.retryAt ?? 0))) {
          this.failingProbes = 0;
          this.publish({
            ...this.state,
            state: 'online',
            retryAt: null,
            since: null,
            verdict: null,
            note: null,
            checkedAt: now,
          });
          this.schedule();
        } else if (state === 'offline' || state === 'unauthorized') void this.check();
        return;
      case 'busy':
        if (state === 'online' || state === 'failing' || state === 'busy') this.busy(report, now);
        return;
      case 'failing': {
        const streak = (this.streak ??= { count: 0, since: now });
        streak.count += 1;
        if (state !== 'online') return;
        if (
          streak.count >= CONNECTION_LIMITS.failingAfterAnswers ||
          now - streak.since >= CONNECTION_LIMITS.failingAfterMs
        )
          this.failing(streak.since, now);
        // one failure is not yet a failing service: the probe looks again soon
        else this.schedule(CONNECTION_LIMITS.failingProbeMs[0]);
        return;
      }
      case 'unauthorized':
      case 'unreachable':
        if (state !== 'offline' || report.health === 'unauthorized') void this.check();
        return;
    }
  }

  private busy(report: AnswerReport, now: number): void {
    const until = now + (report.retryAfterMs ?? CONNECTION_LIMITS.busyDefaultMs);
    const retryAt = this.state.state === 'busy' ? Math.max(this.state.retryAt ?? 0, until) : until;
    const since = this.state.state === 'busy' ? this.state.since : now;
    // the renderer words it from the state and the time named; why it was offline before no longer holds
    this.publish({
      ...this.state,
      state: 'busy',
      retryAt,
      since,
      checkedAt: now,
      verdict: null,
      note: null,
    });
    this.schedule(retryAt - now);
  }

  private failing(since: number, now: number): void {
    const retryAt = now + failingBackoff(this.failingProbes);
    const first = this.state.state === 'failing' ? (this.state.since ?? since) : since;
    this.publish({
      ...this.state,
      state: 'failing',
      since: first,
      retryAt,
      verdict: null,
      note: null,
      checkedAt: now,
    });
    this.schedule(retryAt - now);
  }

  private async probe(): Promise<ConnectionState> {
    const target = await this.target();
    this.origin = originOf(target.baseUrl);
    if (target.mode === 'unconfigured' || !target.baseUrl) {
      this.publish({
        state: 'unconfigured',
        mode: target.mode,
        checkedAt: this.clock.now(),
        verdict: null,
        productCount: null,
        retryAt: null,
        since: null,
      });
      return this.state;
    }
    if (this.state.state === 'unconfigured' || this.state.mode !== target.mode)
      this.publish({ ...this.state, state: 'checking', mode: target.mode, note: null });
    this.busyHeard = null;
    const verdict = await probeService(this.http, target.baseUrl, target.token);
    const checkedAt = this.clock.now();
    const busy = this.busyHeard;
    this.busyHeard = null;
    if (verdict.verdict === 'connected') {
      this.failingProbes = 0;
      this.streak = null;
      this.lastGoodAt = checkedAt;
      this.publish({
        state: 'online',
        mode: target.mode,
        checkedAt,
        verdict: null,
        productCount: verdict.productCount,
        retryAt: null,
        since: null,
      });
    } else if (verdict.verdict === 'wrong_token' || verdict.verdict === 'no_token' || verdict.verdict === 'forbidden') {
      this.publish({
        state: 'unauthorized',
        mode: target.mode,
        checkedAt,
        verdict: { verdict: verdict.verdict, why: verdict.why, tokenOrigin: verdict.tokenOrigin },
        productCount: null,
        retryAt: null,
        since: null,
      });
    } else if (busy) {
      this.publish({ ...this.state, mode: target.mode });
      this.busy(busy, checkedAt);
      return this.state;
    } else if (
      verdict.verdict === 'server_error' ||
      verdict.verdict === 'timeout' ||
      verdict.verdict === 'not_service'
    ) {
      // it answers (or holds the connection) but not with the service's data
      const since =
        this.state.state === 'failing' ? (this.state.since ?? checkedAt) : (this.streak?.since ?? checkedAt);
      this.state = { ...this.state, mode: target.mode };
      this.failing(since, checkedAt);
      this.failingProbes += 1;
      return this.state;
    } else {
      this.publish({
        state: 'offline',
        mode: target.mode,
        checkedAt,
        verdict: { verdict: verdict.verdict, why: verdict.why, tokenOrigin: verdict.tokenOrigin },
        productCount: this.state.productCount,
        retryAt: null,
        since: this.state.state === 'offline' ? this.state.since : checkedAt,
      });
    }
    this.schedule();
    return this.state;
  }

  /** The next probe: after `delayMs`, or as the state wants (while online, only when nothing else proved it lately). */
  private schedule(delayMs?: number): void {
    this.cancelProbe?.();
    this.cancelProbe = null;
    if (this.closed || this.state.state === 'unconfigured') return;
    const delay =
      delayMs ??
      (this.state.state === 'online'
        ? LIMITS.probeOnlineMs
        : this.state.state === 'failing' || this.state.state === 'busy'
          ? Math.max(0, (this.state.retryAt ?? 0) - this.clock.now())
          : LIMITS.probeOfflineMs);
    const planned = this.clock.now() + delay;
    this.cancelProbe = this.clock.after(delay, () => {
      this.cancelProbe = null;
      // online, and another request proved it since this probe was planned: no need to ask (one request fewer a minute)
      const proven = this.lastGoodAt !== null && planned - this.lastGoodAt < LIMITS.probeOnlineMs;
      if (this.state.state === 'online' && delayMs === undefined && proven) {
        this.schedule(this.lastGoodAt! + LIMITS.probeOnlineMs - this.clock.now());
        return;
      }
      void this.check();
    });
  }

  private publish(next: Omit<ConnectionState, 'revision'> & { revision?: number }): void {
    const changed =
      next.state !== this.state.state ||
      next.mode !== this.state.mode ||
      // another reason behind the same state (refused, then host not found) is news too; the same one again is not
      verdictKey(next.verdict) !== verdictKey(this.state.verdict) ||
      (next.note ?? null) !== (this.state.note ?? null) ||
      next.productCount !== this.state.productCount ||
      next.retryAt !== this.state.retryAt;
    if (changed) {
      this.state = { ...next, revision: nextRevision() };
      this.events.emit('connection:changed', this.state);
    } else this.state = { ...next, revision: this.state.revision };
  }
}

/** What a state's verdict says, as one comparable text: its code, its reason and the facts the screens word. */
function verdictKey(verdict: ConnectionState['verdict']): string {
  if (!verdict) return '';
  const why = verdict.why;
  return [
    verdict.verdict,
    why?.reason,
    why?.host,
    why?.status,
    why?.proxy,
    why?.problem,
    why?.scheme,
    why?.certificate?.sha256,
    verdict.tokenOrigin,
  ].join('|');
}
