/**
 * The reference Order & Product service: the spec implemented, for demo mode, tests and benchmarks.
 * startService({...}) -> { url, token, close, faults, stats }.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { applyEarlyFault } from './answers';
import { registerControlRoutes } from './control';
import type { DateOrder, ServiceClockSettings } from './dates';
import { FaultController, type Fault, type FaultRule } from './faults';
import { sendError, sleep } from './http';
import { PRODUCTS_PER_PAGE, type ListShapeOption } from './lists';
import { registerNotAllowed, registerOrderCreate, registerOrderReads, registerProductRoutes } from './routes';
import { openStore, type ServiceStore } from './store';
import { addWireHooks, type Encoding } from './wire';

export { PRODUCTS_PER_PAGE, SERVICE_VERSION, LIST_SHAPES, type ListShapeOption } from './lists';
export { chooseEncoding, type Encoding } from './wire';
export type { ServiceClockSettings } from './dates';

export interface ServiceOptions {
  port?: number;
  host?: string;
  token: string;
  products?: number;
  orders?: number;
  seed?: number;
  /** Day/month order of slash dates this instance writes and accepts. */
  dateOrder?: DateOrder;
  /** SQLite file to keep (and reuse) the generated data set; in memory when absent. */
  dataFile?: string;
  /** Encrypts `dataFile` with this key (demo mode keeps what was typed in training under the app's database key). */
  dataKey?: Buffer | null;
  /**
   * Shape of GET /api/order: `paginated`, Laravel's full paginator; `simple`, its simple one (`links.next`, meta
   * without `total`/`last_page`); `data-paged` and `bare-paged`, pages of `{data}` or a bare array with no word of
   * the pages after; `data` and `bare`, the whole list whatever the page asked for.
   */
  orderList?: ListShapeOption;
  /** Shape of GET /api/product pages (as `orderList`; `data` and `bare` are the whole list). */
  productList?: ListShapeOption;
  /** Order of GET /api/order: oldest first (by id, the default) or newest first. */
  orderSort?: 'oldest-first' | 'newest-first';
  orderPageSize?: number;
  /** Envelope of single-record reads and of the created order. */
  single?: 'data' | 'bare';
  /** Faults active from the start. */
  faults?: FaultRule[];
  /** Milliseconds every request waits before it is answered, as a service across a network does (benchmarks). */
  latencyMs?: number;
  /**
   * Requests worked on at once, like the worker processes of a small PHP application: more wait their turn (the load
   * bench measures that queueing). Unlimited when absent.
   */
  workers?: number;
  /** Expose /__control routes (fault rules, statistics, stock changes) to holders of the token. */
  control?: boolean;
  /**
   * Compress answers for a client that asks (Accept-Encoding), as nginx or Apache in front of the Laravel app do:
   * true takes the client's first choice of br, gzip and deflate; a name uses only that one (when asked for).
   */
  compress?: boolean | Encoding;
  /**
   * Every answer's body crosses one shared line of this many Mbit/s (#31.5: a shop's 16 Mbit/s DSL), after compression,
   * as the bytes on a real line are; with latencyMs, a first download as a shop waits for it. Unlimited when absent.
   */
  lineMbit?: number;
  /**
   * ETags on the list pages (GET /api/product, GET /api/order): a request whose If-None-Match names the page's current
   * version is answered 304 with no body. Off by default (the service the spec describes sends none).
   */
  etags?: boolean;
  anchor?: Date;
  /** SQLite's native binary, when the host names one (demo mode in the installed app: see packaged-paths.ts). */
  nativeBinding?: string | null;
  /** A wrong clock (its Date header and created_at stamps this far off) and the zone its stamps are written in. */
  clock?: Partial<ServiceClockSettings>;
}

export interface ServiceStats {
  requests: number;
  /** Most requests in progress at the same time. */
  maxInFlight: number;
  inFlight: number;
  ordersCreated: number;
  orderPosts: number;
  faultsInjected: number;
  /** Requests by route ("GET /api/product", "GET /api/order/:id", …), and how many were answered 304. */
  byRoute: Record<string, number>;
  /** Most requests of one route in progress at the same time (a client's cap per kind of pass, seen from outside). */
  maxInFlightByRoute: Record<string, number>;
  notModified: number;
}

export interface RunningService {
  url: string;
  port: number;
  token: string;
  faults: FaultController;
  clock: ServiceClockSettings;
  stats(): ServiceStats;
  /** Starts counting the most requests in flight afresh (a bench or test measuring a stretch of time). */
  resetPeak(): void;
  store: ServiceStore;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    fault: Fault | undefined;
  }
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const dateOrder = options.dateOrder ?? 'dmy';
  const store = openStore({
    seed: options.seed ?? 42,
    products: options.products ?? 500,
    orders: options.orders ?? 200,
    dateOrder,
    anchor: options.anchor,
    file: options.dataFile,
    key: options.dataKey ?? null,
    nativeBinding: options.nativeBinding ?? null,
  });
  const faults = new FaultController();
  for (const rule of options.faults ?? []) faults.add(rule);
  const clock: ServiceClockSettings = { skewMs: 0, zoneMinutes: 0, ...options.clock };
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, keepAliveTimeout: 72_000, forceCloseConnections: true });
  app.decorateRequest('fault', undefined);
  addWireHooks(app, options, clock);
  const counting = countRequests(app);
  const { counters } = counting;
  guardRequests(app, options, faults, counting);
  answerErrorsAsLaravel(app);

  const context = {
    store,
    dateOrder,
    clock,
    productList: options.productList ?? 'paginated',
    orderList: options.orderList ?? 'paginated',
    orderPageSize: options.orderPageSize ?? PRODUCTS_PER_PAGE,
    orderPage: (offset: number, count: number): string[] =>
      options.orderSort === 'newest-first' ? store.orderPageNewestFirst(offset, count) : store.orderPage(offset, count),
    wrap: (value: string): string => ((options.single ?? 'data') === 'data' ? `{"data":${value}}` : value),
    notModified: (req: FastifyRequest, reply: FastifyReply, body: string): FastifyReply | null => {
      if (!options.etags || req.fault) return null;
      const tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      reply.header('etag', tag);
      const held = String(req.headers['if-none-match'] ?? '')
        .split(',')
        .map((t) => t.trim().replace(/^W\//, ''));
      if (!held.includes(tag)) return null;
      counters.notModified += 1;
      return reply.code(304).send();
    },
    created: () => {
      counters.ordersCreated += 1;
    },
  };
  registerProductRoutes(app, context);
  registerOrderReads(app, context);
  registerOrderCreate(app, context);
  registerNotAllowed(app);

  const stats = (): ServiceStats => ({
    ...counters,
    faultsInjected: faults.injected,
    byRoute: Object.fromEntries(counting.byRoute),
    maxInFlightByRoute: Object.fromEntries(counting.maxInFlightByRoute),
  });
  if (options.control) registerControlRoutes(app, { token: options.token, faults, store, stats });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    token: options.token,
    faults,
    clock,
    stats,
    resetPeak: counting.resetPeak,
    store,
    close: async () => {
      await app.close();
      store.close();
    },
  };
}

interface RequestCounting {
  counters: Omit<ServiceStats, 'faultsInjected' | 'byRoute' | 'maxInFlightByRoute'>;
  byRoute: Map<string, number>;
  maxInFlightByRoute: Map<string, number>;
  resetPeak(): void;
}

/** "GET /api/product", "GET /api/order/:id", … */
const routeOf = (req: FastifyRequest): string =>
  `${req.method} ${(req.url.split('?')[0] ?? '').replace(/\/\d+$/, '/:id')}`;

/** Requests being answered at once: how a client's concurrency cap is seen from outside. */
function countRequests(app: FastifyInstance): RequestCounting {
  const counters = { requests: 0, ordersCreated: 0, orderPosts: 0, inFlight: 0, maxInFlight: 0, notModified: 0 };
  const byRoute = new Map<string, number>();
  const inFlightByRoute = new Map<string, number>();
  const maxInFlightByRoute = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    counters.inFlight += 1;
    counters.maxInFlight = Math.max(counters.maxInFlight, counters.inFlight);
    const route = routeOf(req);
    const ofRoute = (inFlightByRoute.get(route) ?? 0) + 1;
    inFlightByRoute.set(route, ofRoute);
    maxInFlightByRoute.set(route, Math.max(maxInFlightByRoute.get(route) ?? 0, ofRoute));
    reply.raw.once('close', () => {
      counters.inFlight -= 1;
      inFlightByRoute.set(route, (inFlightByRoute.get(route) ?? 1) - 1);
    });
  });
  const resetPeak = (): void => {
    counters.maxInFlight = counters.inFlight;
    for (const [route, n] of inFlightByRoute) maxInFlightByRoute.set(route, n);
  };
  return { counters, byRoute, maxInFlightByRoute, resetPeak };
}

/** Before a route runs: counted, queued for a worker, delayed, faulted when a rule says so, and the token checked. */
function guardRequests(
  app: FastifyInstance,
  options: ServiceOptions,
  faults: FaultController,
  { counters, byRoute }: RequestCounting,
): void {
  const workers = options.workers ? workerPool(options.workers) : null;
  const expected = Buffer.from(`Bearer ${options.token}`);
  app.addHook('onRequest', async (req, reply) => {
    counters.requests += 1;
    if (req.url.startsWith('/__control')) return;
    const route = routeOf(req);
    byRoute.set(route, (byRoute.get(route) ?? 0) + 1);
    // every POST the client sent, whatever became of it (faulted, refused, stored)
    if (req.method === 'POST' && req.url.split('?')[0] === '/api/order') counters.orderPosts += 1;
    if (workers) await workers.take(reply);
    if (options.latencyMs) await sleep(options.latencyMs);
    const fault = faults.take(req.method, req.url);
    req.fault = fault;
    if (fault && (await applyEarlyFault(fault, req, reply))) return reply;
    const header = Buffer.from(req.headers.authorization ?? '');
    if (header.length !== expected.length || !timingSafeEqual(header, expected)) {
      return sendError(req, reply, 401, 'Unauthenticated.');
    }
    return undefined;
  });
}

/** Unknown routes and failures answered as a Laravel application words them. */
function answerErrorsAsLaravel(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    const path = (req.url.split('?')[0] ?? '').replace(/^\//, '');
    return sendError(req, reply, 404, `The route ${path} could not be found.`);
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported media type: send application/json.'
        : status === 400
          ? 'The request body is not valid JSON.'
          : status === 413
            ? 'The request body is too large.'
            : 'Server Error';
    return sendError(req, reply, status, message);
  });
}

/** At most `size` requests worked on at once; the others wait in order. A slot is given back when the answer is done. */
function workerPool(size: number): { take(reply: FastifyReply): Promise<void> } {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  };
  return {
    take: async (reply) => {
      if (busy < size) busy += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      reply.raw.once('close', release);
    },
  };
}

export { FaultController, type Fault, type FaultRule } from './faults';
