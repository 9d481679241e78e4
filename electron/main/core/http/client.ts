/**
 * The one way main talks to the service: auth headers, deadlines, a response size cap, no cross-origin redirects, and
 * the outcome of every request told to whoever watches the service's health. How an answer is read is answer.ts's,
 * how it is unpacked encoding.ts's, what a failure is failure.ts's; how a request reaches the service is network.ts's.
 */
import { request, type Agent, type Dispatcher } from 'undici';
import { LIMITS } from '../limits';
import { answered, readAnswer, type ApiResponse, type Validators } from './answer';
import { ACCEPT_ENCODING } from './encoding';
import { ApiFailure, toFailure } from './failure';
import { NetworkRoutes } from './network';
import type { ProxyRoute } from './proxy';

// what every caller of the client uses, from the client: its answers and its failures
export { ApiFailure, parseRetryAfter } from './failure';
export type { ApiResponse, Validators } from './answer';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  deadlineMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  /**
   * Takes a successful answer's body chunk by chunk as it arrives (a list parsed as it streams): the body is then not
   * kept, and `body` is undefined. Error answers are read as usual.
   */
  sink?: (chunk: Buffer) => void;
  /** A conditional GET: the validators of the version already held. */
  validators?: Validators | null;
  /**
   * A successful answer's body handed back as bytes (`raw`), not parsed here: the catalogue's writer thread parses its
   * pages (its caller reports an answer that is not data with `unreadable`). Error answers are read as usual.
   */
  asBytes?: boolean;
}

export interface ServiceConnection {
  baseUrl: string;
  token: string;
}

/**
 * What one request learnt about the health of the service at `origin`: it answered sanely ('ok', any status the
 * service means, 304 and 404 included), asked to slow down ('busy', 429), answered with an error of its own or with
 * something unreadable, or not in time ('failing'), refused the token ('unauthorized'), or could not be reached.
 */
export interface AnswerReport {
  origin: string;
  health: 'ok' | 'busy' | 'failing' | 'unauthorized' | 'unreachable';
  status: number | null;
  retryAfterMs: number | null;
}

type AnswerListener = (report: AnswerReport) => void;

function healthOf(error: ApiFailure): AnswerReport['health'] | null {
  switch (error.code) {
    case 'rate_limited':
      return 'busy';
    case 'server_error':
    case 'bad_response':
    case 'timeout':
      return 'failing';
    case 'unauthorized':
    case 'forbidden':
      return 'unauthorized';
    case 'unreachable':
      // a connection lost mid-answer is a service failing; one never made is a service out of reach
      return error.detail.maybeDelivered ? 'failing' : 'unreachable';
    case 'too_large':
      return null; // our own limit, not the service's health
    default:
      return 'ok';
  }
}

/** The connection pool's settings for the service, direct or through a proxy. */
export const SERVICE_AGENT_OPTIONS: Agent.Options = {
  connections: LIMITS.maxConnections,
  headersTimeout: LIMITS.headersTimeoutMs,
  bodyTimeout: LIMITS.bodyIdleTimeoutMs,
  keepAliveTimeout: 30_000,
};

export class ServiceHttp {
  /** A fixed dispatcher (tests, benchmarks), else the route of each request (api/network.ts). */
  private readonly agent: Agent | null;
  readonly routes: NetworkRoutes;
  /** The route the latest request to each origin took (the connection test says which proxy it used). */
  private readonly lastRoutes = new Map<string, ProxyRoute>();
  /** Told the service's clock (its Date header) on every answer, for reconciliation (sync/clock.ts). */
  onServerDate: ((origin: string, serviceMs: number) => void) | null = null;
  private readonly listeners = new Set<AnswerListener>();
  private readonly totals = { answers: 0, wireBytes: 0, bytes: 0 };

  /** Answers' bodies read so far: how many, their bytes on the network and decoded (benches, diagnostics). */
  transferred(): { answers: number; wireBytes: number; bytes: number } {
    return { ...this.totals };
  }

  /** Hears the outcome of every request (the connection state follows them); returns the stop function. */
  observe(listener: AnswerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A successful answer read as bytes turned out not to be data: the connection state hears it as any other failure. */
  unreadable(conn: ServiceConnection, failure: ApiFailure): void {
    this.report(conn, failure);
  }

  private report(conn: ServiceConnection, outcome: { status: number } | ApiFailure, signal?: AbortSignal): void {
    if (this.listeners.size === 0) return;
    let report: AnswerReport;
    if (outcome instanceof ApiFailure) {
      // a request cancelled by its caller says nothing about the service
      if (signal?.aborted) return;
      const health = healthOf(outcome);
      if (health === null) return;
      report = {
        origin: originOf(conn.baseUrl),
        health,
        status: outcome.detail.status ?? null,
        retryAfterMs: outcome.detail.retryAfterMs ?? null,
      };
    } else report = { origin: originOf(conn.baseUrl), health: 'ok', status: outcome.status, retryAfterMs: null };
    for (const listener of this.listeners) listener(report);
  }

  /**
   * `conditional: false` never sends validators (the load bench's model of the app before conditional requests).
   * `routes`: how requests reach the service (proxy, trusted roots); by default the environment's proxy settings.
   */
  constructor(
    dispatcher?: Agent,
    private readonly options: { conditional?: boolean; routes?: NetworkRoutes } = {},
  ) {
    this.agent = dispatcher ?? null;
    this.routes =
      options.routes ??
      new NetworkRoutes({ settings: () => ({ mode: 'system', url: null }), agent: SERVICE_AGENT_OPTIONS });
  }

  /** The route the latest request to `origin` took (null before any). */
  routeTo(origin: string): ProxyRoute | null {
    return this.lastRoutes.get(origin) ?? null;
  }

  async close(): Promise<void> {
    await this.agent?.close();
    await this.routes.close();
  }

  /** Closes at once, aborting requests under way (shutdown, tests). */
  async destroy(): Promise<void> {
    await this.agent?.destroy();
    await this.routes.destroy();
  }

  /** Sends one request to `path` (relative to the base URL) and parses the JSON answer; throws ApiFailure. */
  async json(conn: ServiceConnection, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const method = options.method ?? 'GET';
    // One timer per request; a caller's signal (cancel) aborts it too.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('deadline', 'TimeoutError')),
      options.deadlineMs ?? LIMITS.readDeadlineMs,
    );
    const onCancel = (): void => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onCancel, { once: true });
    if (options.signal?.aborted) controller.abort(options.signal.reason);
    try {
      const response = await this.follow(conn, path, method, options, controller.signal);
      this.report(conn, response);
      return response;
    } catch (error) {
      if (error instanceof ApiFailure) this.report(conn, error, options.signal);
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCancel);
    }
  }

  private async follow(
    conn: ServiceConnection,
    path: string,
    method: 'GET' | 'POST',
    options: RequestOptions,
    signal: AbortSignal,
  ): Promise<ApiResponse> {
    let url = new URL(conn.baseUrl + path);
    const origin = url.origin;
    const validators = method === 'GET' && this.options.conditional !== false ? (options.validators ?? null) : null;
    for (let hop = 0; ; hop++) {
      const response = await this.send(url, method, conn.token, options.body, signal, validators);
      if (response.statusCode === 304 && validators) {
        // the version held is current: nothing to read, nothing to parse
        response.body.dump().catch(() => undefined);
        return answered(304, this.serviceDate(url, response), validators, { notModified: true });
      }
      if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) {
        response.body.dump().catch(() => undefined);
        const next = new URL(String(response.headers.location), url);
        if (next.origin !== origin) {
          throw new ApiFailure(
            'bad_response',
            `The service redirected to another address (${next.host}); Shopdesk does not follow it with your token.`,
            {
              status: response.statusCode,
              maybeDelivered: true,
              facts: { reason: 'redirect_elsewhere', host: next.host },
            },
          );
        }
        if (hop >= LIMITS.maxRedirects || method !== 'GET') {
          throw new ApiFailure('bad_response', 'The service keeps redirecting.', {
            status: response.statusCode,
            maybeDelivered: true,
            facts: { reason: 'redirect_loop' },
          });
        }
        url = next;
        continue;
      }
      const { maxBytes = LIMITS.maxResponseBytes, sink, asBytes } = options;
      const date = this.serviceDate(url, response);
      return readAnswer(response, { maxBytes, signal, token: conn.token, date, sink, asBytes }, (wireBytes, bytes) => {
        this.totals.answers += 1;
        this.totals.wireBytes += wireBytes;
        this.totals.bytes += bytes;
      });
    }
  }

  /** The answer's Date header (NaN when absent or unreadable), told to whoever follows the service's clock. */
  private serviceDate(url: URL, response: Dispatcher.ResponseData): number {
    const date = Date.parse(String(response.headers.date ?? ''));
    if (!Number.isNaN(date)) this.onServerDate?.(url.origin, date);
    return date;
  }

  private async send(
    url: URL,
    method: string,
    token: string,
    body: unknown,
    signal: AbortSignal,
    validators: Validators | null = null,
  ): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      // compressed answers (issue #26.3): a 100,000-product catalogue is ~70 MB of JSON uncompressed
      'accept-encoding': ACCEPT_ENCODING,
      'user-agent': 'Shopdesk',
    };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let route: ProxyRoute = { kind: 'direct', source: 'none' };
    let pinned = false;
    try {
      let dispatcher: Dispatcher;
      if (this.agent) dispatcher = this.agent;
      else {
        route = await this.routes.route(url);
        pinned = url.protocol === 'https:' && this.routes.pinFor(url.origin) !== null;
        dispatcher = await this.routes.dispatcher(route, url.origin);
      }
      this.lastRoutes.set(url.origin, route);
      return await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: payload,
        signal,
        dispatcher,
      });
    } catch (error) {
      throw toFailure(error, signal, false, route, pinned);
    }
  }
}

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}
