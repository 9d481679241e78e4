/**
 * The one way main talks to the service: auth headers, deadlines, a response size cap, no cross-origin
 * redirects, and an error taxonomy that says whether a request may have reached the server.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { request, errors as undiciErrors, type Agent, type Dispatcher } from 'undici';
import { AppFailure, type ErrorCode } from '../../../../shared/errors';
import { LIMITS } from '../limits';
import { redact } from '../redact';
import { NetworkRoutes, PIN_MISMATCH, UNTRUSTED_CERTIFICATE_CODES, withoutLogin, type ProxyRoute } from './network';
import { jsonBody } from './fields';

export class ApiFailure extends AppFailure {
  constructor(
    code: ErrorCode,
    message: string,
    readonly detail: {
      status?: number;
      /** False only when the request certainly never reached the server (refused, DNS, TLS). */
      maybeDelivered: boolean;
      retryAfterMs?: number;
      /** With 'unreachable': why, as a code the screen can word (issue #18); `proxy*`: the proxy in the way (#26). */
      network?:
        | 'refused'
        | 'host_not_found'
        | 'tls'
        | 'network'
        | 'lost'
        | 'proxy'
        | 'proxy_auth'
        /** #26.5: the origin's certificate trusted by hand, and another one presented. */
        | 'certificate_changed';
      excerpt?: string;
      fields?: Record<string, string[]>;
      /** More facts for the screen to word (issue #18): a reason code, a host, the service's own message. */
      facts?: Record<string, string | number | null>;
    },
  ) {
    super(code, message, detail.fields, {
      ...(detail.status !== undefined ? { status: detail.status } : {}),
      ...(detail.network ? { network: detail.network } : {}),
      ...(detail.retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(detail.retryAfterMs / 1000) } : {}),
      ...detail.facts,
    });
    this.name = 'ApiFailure';
  }
}

/** What identifies a version of a response: sent back as If-None-Match / If-Modified-Since next time. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export interface ApiResponse {
  status: number;
  /** Undefined for a 304 (nothing read, nothing parsed). */
  body: unknown;
  /** The answer's size as read (decoded: what the size cap counts). */
  bytes: number;
  /** The answer's size as it crossed the network (compressed when the service compressed it). */
  wireBytes: number;
  /** The service's clock from the answer's Date header (UTC, whole seconds); null when absent or unreadable. */
  date: number | null;
  /** 304: the service says the version named by the validators sent is still current. */
  notModified: boolean;
  /** The validators of this answer (the ones sent, for a 304). */
  validators: Validators;
  /** With `asBytes`: a successful answer's body as sent (decoded), not parsed; and its content type. */
  raw?: Buffer;
  contentType?: string;
}

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

const header = (value: string | string[] | undefined): string | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.length > 0 && text.length <= 512 ? text : null;
};

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

const NOT_DELIVERED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const TLS_ERRORS = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/;

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
        const date = Date.parse(String(response.headers.date ?? ''));
        if (!Number.isNaN(date)) this.onServerDate?.(url.origin, date);
        return {
          status: 304,
          body: undefined,
          bytes: 0,
          wireBytes: 0,
          date: Number.isNaN(date) ? null : date,
          notModified: true,
          validators,
        };
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
      const date = Date.parse(String(response.headers.date ?? ''));
      if (!Number.isNaN(date)) this.onServerDate?.(url.origin, date);
      return this.read(response, options.maxBytes ?? LIMITS.maxResponseBytes, signal, conn.token, date, options);
    }
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

  private async read(
    response: Dispatcher.ResponseData,
    maxBytes: number,
    signal: AbortSignal,
    token: string,
    date: number,
    { sink, asBytes }: Pick<RequestOptions, 'sink' | 'asBytes'> = {},
  ): Promise<ApiResponse> {
    const status = response.statusCode;
    const streaming = sink !== undefined && status >= 200 && status < 300;
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard(response);
      throw new ApiFailure('too_large', 'The service sent a response too large to accept.', {
        status,
        maybeDelivered: true,
      });
    }
    let bytes = 0;
    let wireBytes = 0;
    let whole: Buffer | null = null;
    const encodings = contentEncodings(response.headers['content-encoding']);
    if (!encodings.ok) {
      discard(response);
      throw new ApiFailure(
        'bad_response',
        `The service answered in an encoding Shopdesk does not read (${encodings.unknown}).`,
        { status, maybeDelivered: true, facts: { reason: 'bad_encoding', encoding: encodings.unknown } },
      );
    }
    const tooLarge = (): ApiFailure =>
      new ApiFailure('too_large', 'The service sent a response too large to accept.', { status, maybeDelivered: true });
    const compressed = encodings.applied.length > 0;
    // the size cap counts decoded bytes: a small compressed answer that unpacks to gigabytes (a zip bomb) is stopped
    // once past the cap, never unpacked whole
    let unpacking: Decoded | null = null;
    try {
      if (compressed && streaming) {
        // a list read as it streams: unpacked as it arrives, the parser given the decoded text
        unpacking = await decodedBody(response, encodings.applied, (n) => (wireBytes += n));
        for await (const chunk of unpacking.body) {
          bytes += (chunk as Buffer).length;
          if (bytes > maxBytes) {
            unpacking.body.destroy();
            throw tooLarge();
          }
          sink(chunk as Buffer);
        }
      } else {
        // as it came: read whole (compressed, no bigger than the cap either), then unpacked in one go up to the cap
        const chunks: Buffer[] = [];
        for await (const chunk of response.body) {
          wireBytes += (chunk as Buffer).length;
          if (wireBytes > maxBytes) throw tooLarge();
          if (streaming) sink(chunk as Buffer);
          else chunks.push(chunk as Buffer);
        }
        if (compressed) {
          whole = unpackWhole(Buffer.concat(chunks), encodings.applied, maxBytes);
          if (whole === null) throw tooLarge();
        } else if (!streaming) whole = asBytes ? ownedConcat(chunks, wireBytes) : Buffer.concat(chunks);
        bytes = compressed ? whole!.length : wireBytes;
      }
    } catch (error) {
      discard(response);
      if (error instanceof ApiFailure) throw error;
      if (error instanceof UnpackError || unpacking?.failed(error)) {
        // an error answer whose body cannot be unpacked is still that error, without the service's words
        if (status < 200 || status >= 300)
          throw statusFailure(status, undefined, response.headers['retry-after'], '', token);
        throw new ApiFailure('bad_response', 'The service sent a compressed answer that could not be unpacked.', {
          status,
          maybeDelivered: true,
          facts: { reason: 'bad_encoding', encoding: encodings.applied.join(', ') },
        });
      }
      throw toFailure(error, signal, true);
    } finally {
      this.totals.answers += 1;
      this.totals.wireBytes += wireBytes;
      this.totals.bytes += bytes;
    }
    const validators = { etag: header(response.headers.etag), lastModified: header(response.headers['last-modified']) };
    if (streaming)
      return {
        status,
        body: undefined,
        bytes,
        wireBytes,
        date: Number.isNaN(date) ? null : date,
        notModified: false,
        validators,
      };
    const contentType = String(response.headers['content-type'] ?? '');
    if (asBytes && status >= 200 && status < 300)
      return {
        status,
        body: undefined,
        bytes,
        wireBytes,
        date: Number.isNaN(date) ? null : date,
        notModified: false,
        validators,
        raw: whole!,
        contentType,
      };
    const text = whole!.toString('utf8');
    const { parsed, body } = jsonBody(text, contentType);
    // kept in the outbox and shown: a proxy that echoes the Authorization header must not put the token on disk
    const excerpt = redact(text.slice(0, 4000), [token]);
    if (status >= 200 && status < 300) {
      if (!parsed) {
        const page = /<html|<!doctype/i.test(text);
        const what = page ? 'a web page instead of data' : 'data that could not be read';
        throw new ApiFailure('bad_response', `The service answered with ${what}.`, {
          status,
          maybeDelivered: true,
          facts: { reason: page ? 'web_page' : 'unreadable' },
          excerpt,
        });
      }
      return {
        status,
        body,
        bytes,
        wireBytes,
        date: Number.isNaN(date) ? null : date,
        notModified: false,
        validators,
      };
    }
    throw statusFailure(status, parsed ? body : undefined, response.headers['retry-after'], excerpt, token);
  }
}

/**
 * The chunks put together in memory of their own (Buffer.concat takes a small answer from Node's shared pool, which
 * cannot be moved to another thread): handed to the catalogue's writer thread without a further copy.
 */
function ownedConcat(chunks: Buffer[], length: number): Buffer {
  const whole = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(whole, at);
  return whole;
}

/** What every request accepts: the encodings node:zlib decodes. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The encodings an answer names, in the order applied; or the first one Shopdesk cannot undo. */
function contentEncodings(
  header: string | string[] | undefined,
): { ok: true; applied: string[] } | { ok: false; unknown: string } {
  const applied = String(header ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
  const unknown = applied.find((e) => !DECODERS.has(e));
  return unknown === undefined ? { ok: true, applied } : { ok: false, unknown: unknown.slice(0, 40) };
}

type Decoded = {
  /** The answer's bytes as the service meant them (decoded), read chunk by chunk. */
  body: Readable;
  /** Whether an error came from unpacking (a corrupt or cut compressed body) rather than from the connection. */
  failed(error: unknown): boolean;
};

/** zlib's stream decoders, for a list read as it streams; a body cut short (no end marker) is an error. */
const DECODERS = new Map<string, (raw: boolean) => Transform>([
  ['gzip', () => zlib.createGunzip()],
  ['x-gzip', () => zlib.createGunzip()],
  ['br', () => zlib.createBrotliDecompress()],
  // "deflate" is meant zlib-wrapped (RFC 9110), but some servers send it raw
  ['deflate', (raw) => (raw ? zlib.createInflateRaw() : zlib.createInflate())],
]);

/** The same in one go, for an answer read whole: much cheaper per answer than a stream (a product page is ~8 KB). */
const UNPACK = new Map<string, (raw: boolean, input: Buffer, options: zlib.ZlibOptions) => Buffer>([
  ['gzip', (_raw, input, options) => zlib.gunzipSync(input, options)],
  ['x-gzip', (_raw, input, options) => zlib.gunzipSync(input, options)],
  ['br', (_raw, input, options) => zlib.brotliDecompressSync(input, options)],
  ['deflate', (raw, input, options) => (raw ? zlib.inflateRawSync(input, options) : zlib.inflateSync(input, options))],
]);

/** A compressed answer that could not be unpacked (corrupt, cut short, not what it says). */
class UnpackError extends Error {}

/** The first two bytes of a zlib stream: compression method 8 and a header checksum (RFC 1950). */
const zlibWrapped = (chunk: Buffer | null): boolean =>
  chunk !== null && chunk.length >= 2 && (chunk[0]! & 0x0f) === 8 && ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;

/**
 * An answer read whole, unpacked (the last encoding applied undone first), never to more than `maxBytes`: null when it
 * would be more (zlib stops there: a zip bomb is never unpacked whole).
 */
function unpackWhole(input: Buffer, applied: readonly string[], maxBytes: number): Buffer | null {
  let out = input;
  for (const name of [...applied].reverse()) {
    try {
      out = UNPACK.get(name)!(!zlibWrapped(out), out, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      throw new UnpackError(`could not unpack ${name}`, { cause: error });
    }
  }
  return out;
}

/**
 * A body unpacked as it arrives (gzip, deflate, br, or several in the order applied), counting the bytes that crossed
 * the network. Unpacking follows the reader: nothing is unpacked ahead of what is read, so a size cap on the decoded
 * bytes stops a zip bomb early.
 */
async function decodedBody(
  response: Dispatcher.ResponseData,
  applied: readonly string[],
  onWire: (bytes: number) => void,
): Promise<Decoded> {
  const iterator = (response.body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  // the last encoding applied is undone first; for a deflate one, its first bytes say whether it is wrapped
  const order = [...applied].reverse();
  let first: Buffer | null = null;
  if (order[0] === 'deflate') {
    const next = await iterator.next();
    first = next.done ? null : next.value;
  }
  const peeked = first;
  async function* wire(): AsyncGenerator<Buffer> {
    if (peeked) {
      onWire(peeked.length);
      yield peeked;
    }
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      onWire(next.value.length);
      yield next.value;
    }
  }
  const failures = new Set<unknown>();
  let body: Readable = Readable.from(wire(), { objectMode: false });
  order.forEach((name, i) => {
    const decoder = DECODERS.get(name)!(i === 0 && !zlibWrapped(peeked));
    decoder.on('error', (error) => failures.add(error));
    body = pipeline(body, decoder, () => undefined);
  });
  return { body, failed: (error) => failures.has(error) };
}

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/** Drops an answer's body unread: destroying it makes undici report an abort, which nothing else is there to hear. */
function discard(response: Dispatcher.ResponseData): void {
  if (response.body.destroyed) return;
  response.body.on('error', () => undefined);
  response.body.destroy();
}

function statusFailure(status: number, body: unknown, retryAfter: unknown, excerpt: string, token: string): ApiFailure {
  const serverMessage =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? redact((body as { message: string }).message, [token], 300)
      : null;
  const base = { status, maybeDelivered: true, excerpt, facts: { serviceMessage: serverMessage } };
  if (status === 401) return new ApiFailure('unauthorized', 'The service did not accept the API token.', base);
  if (status === 403) return new ApiFailure('forbidden', 'The API token is not allowed to do this.', base);
  if (status === 404)
    return new ApiFailure('not_found', serverMessage ?? 'The service does not know this record.', base);
  if (status === 410) return new ApiFailure('gone', serverMessage ?? 'The service says this record was removed.', base);
  if (status === 422) {
    return new ApiFailure('validation', serverMessage ?? 'The service rejected the data.', {
      ...base,
      fields: fieldErrors(body, token),
    });
  }
  if (status === 429) {
    return new ApiFailure('rate_limited', 'The service asks Shopdesk to slow down.', {
      ...base,
      maybeDelivered: false,
      retryAfterMs: parseRetryAfter(retryAfter),
    });
  }
  if (status >= 500) return new ApiFailure('server_error', `The service had an internal error (${status}).`, base);
  return new ApiFailure(
    'bad_response',
    serverMessage ? `The service answered ${status}: ${serverMessage}` : `The service answered ${status}.`,
    base,
  );
}

function fieldErrors(body: unknown, token: string): Record<string, string[]> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    const messages = list.filter((m): m is string => typeof m === 'string').map((m) => redact(m, [token], 500));
    if (messages.length > 0)
      Object.defineProperty(out, key, { value: messages, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Retry-After as seconds or an HTTP date; capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const trimmed = text.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, LIMITS.maxRetryAfterMs);
}

function toFailure(
  error: unknown,
  signal: AbortSignal,
  duringBody = false,
  route: ProxyRoute | null = null,
  pinned = false,
): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (!duringBody && route?.kind === 'proxy' && !signal.aborted) {
    // the proxy answered the tunnel request with an error of its own (407: it asks for a login), or could not be reached
    const proxy = withoutLogin(route.proxy);
    const said = /Proxy response \((\d{3})\)/.exec(`${err.message ?? ''} ${err.cause?.message ?? ''}`);
    const status = said ? Number(said[1]) : null;
    if (status !== null || (NOT_DELIVERED.has(code) && !TLS_ERRORS.test(code))) {
      const network = status === 407 ? 'proxy_auth' : 'proxy';
      return new ApiFailure(
        'unreachable',
        status === 407
          ? `The proxy ${proxy} asks for a login.`
          : `The service could not be reached through the proxy ${proxy}${status ? ` (it answered ${status})` : ''}.`,
        {
          maybeDelivered: false,
          network,
          ...(status ? { status } : {}),
          facts: { proxy, proxySource: route.source },
        },
      );
    }
  }
  if (
    signal.aborted ||
    err.name === 'AbortError' ||
    err.name === 'TimeoutError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new ApiFailure('timeout', 'The service did not answer in time.', { maybeDelivered: true });
  }
  if (!duringBody && pinned && (code === PIN_MISMATCH || UNTRUSTED_CERTIFICATE_CODES.has(code))) {
    // the certificate trusted by hand for this address is the only one accepted, and the service presented another
    return new ApiFailure(
      'unreachable',
      'The service could not be reached: its certificate changed, it is not the one trusted for this address.',
      { maybeDelivered: false, network: 'certificate_changed', facts: { tlsCode: code } },
    );
  }
  if (!duringBody && (NOT_DELIVERED.has(code) || TLS_ERRORS.test(code))) {
    const network =
      code === 'ECONNREFUSED'
        ? 'refused'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'host_not_found'
          : TLS_ERRORS.test(code)
            ? 'tls'
            : 'network';
    const why = {
      refused: 'the connection was refused',
      host_not_found: 'the host name was not found',
      tls: 'its security certificate was not accepted',
      network: 'the network could not reach it',
    }[network];
    return new ApiFailure('unreachable', `The service could not be reached: ${why}.`, {
      maybeDelivered: false,
      network,
      ...(network === 'tls' ? { facts: { tlsCode: code } } : {}),
    });
  }
  return new ApiFailure('unreachable', 'The connection to the service was lost.', {
    maybeDelivered: true,
    network: 'lost',
  });
}
