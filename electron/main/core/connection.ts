/** Tracks whether the service is reachable, probes in the background, and tells the renderer when that changes. */
import type { ConnectionState } from '../../../shared/contract';
import type { CoreEvents } from './events';
import { probeService } from './api/probe';
import type { ServiceHttp } from './api/http';
import { LIMITS } from './limits';
import { nextRevision } from './revision';

export interface ConnectionTarget {
  mode: ConnectionState['mode'];
  baseUrl: string | null;
  token: string | null;
}

export class ConnectionMonitor {
  private state: ConnectionState = {
    revision: nextRevision(),
    state: 'unconfigured',
    mode: 'unconfigured',
    checkedAt: null,
    message: null,
    productCount: null,
  };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ConnectionState> | undefined;
  private closed = false;

  constructor(
    private readonly http: ServiceHttp,
    private readonly events: CoreEvents,
    private readonly target: () => Promise<ConnectionTarget>,
  ) {}

  current(): ConnectionState {
    return this.state;
  }

  /** Probes now (joining a probe already under way) and schedules the next one. */
  check(): Promise<ConnectionState> {
    this.running ??= this.probe().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Probes after the settings changed: a probe under way read the old ones, so a fresh one follows it. */
  recheck(): Promise<ConnectionState> {
    const running = this.running;
    return running ? running.catch(() => undefined).then(() => this.check()) : this.check();
  }

  /** Sets the state without probing (e.g. while demo mode starts). */
  set(next: Partial<ConnectionState>): void {
    this.publish({ ...this.state, ...next });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async probe(): Promise<ConnectionState> {
    const target = await this.target();
    if (target.mode === 'unconfigured' || !target.baseUrl) {
      this.publish({
        state: 'unconfigured',
        mode: target.mode,
        checkedAt: Date.now(),
        message: null,
        productCount: null,
      });
      return this.state;
    }
    if (this.state.state === 'unconfigured' || this.state.mode !== target.mode)
      this.publish({ ...this.state, state: 'checking', mode: target.mode });
    const verdict = await probeService(this.http, target.baseUrl, target.token);
    const checkedAt = Date.now();
    if (verdict.verdict === 'connected') {
      this.publish({
        state: 'online',
        mode: target.mode,
        checkedAt,
        message: null,
        productCount: verdict.productCount,
      });
    } else if (verdict.verdict === 'wrong_token' || verdict.verdict === 'no_token' || verdict.verdict === 'forbidden') {
      this.publish({
        state: 'unauthorized',
        mode: target.mode,
        checkedAt,
        message: verdict.message,
        productCount: null,
      });
    } else {
      this.publish({
        state: 'offline',
        mode: target.mode,
        checkedAt,
        message: verdict.message,
        productCount: this.state.productCount,
      });
    }
    this.schedule();
    return this.state;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.closed) return;
    const delay = this.state.state === 'online' ? LIMITS.probeOnlineMs : LIMITS.probeOfflineMs;
    this.timer = setTimeout(() => void this.check(), delay);
    this.timer.unref();
  }

  private publish(next: Omit<ConnectionState, 'revision'> & { revision?: number }): void {
    const changed =
      next.state !== this.state.state ||
      next.mode !== this.state.mode ||
      next.message !== this.state.message ||
      next.productCount !== this.state.productCount;
    if (changed) {
      this.state = { ...next, revision: nextRevision() };
      this.events.emit('connection:changed', this.state);
    } else this.state = { ...next, revision: this.state.revision };
  }
}
