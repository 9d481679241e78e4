/**
 * The reference Order & Product service: the spec implemented, for demo mode, tests and benchmarks.
 * startService({...}) -> { url, token, close, faults, stats }.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Line } from './line';
import { FaultController, parseFaultRule, type Fault, type FaultRule } from './faults';
import { openStore, type ServiceStore } from './store';
import { sendError, sleep } from './http';
import { summaryMessage, validateOrder } from './validate';
import { formatSlashDate, formatTimestamp, type DateOrder } from './dates';
import type { ServiceOrder } from './seed';

export const PRODUCTS_PER_PAGE = 15;
export const SERVICE_VERSION = '1.4.2';

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

/** How the service keeps time; changeable while it runs (tests of reconciliation under wrong clocks). */
export interface ServiceClockSettings {
  /** How far its clock is off, in ms (positive: ahead). */
  skewMs: number;
  /** The zone its created_at stamps are written in, in minutes east of UTC (the spec does not say which). */
  zoneMinutes: number;
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
  const workers = options.workers ? workerPool(options.workers) : null;
  const counters = { requests: 0, ordersCreated: 0, orderPosts: 0, inFlight: 0, maxInFlight: 0, notModified: 0 };
  const byRoute = new Map<string, number>();
  const expected = Buffer.from(`Bearer ${options.token}`);
  const single = options.single ?? 'data';
  const orderList = options.orderList ?? 'paginated';
  const productList = options.productList ?? 'paginated';
  const orderPageSize = options.orderPageSize ?? PRODUCTS_PER_PAGE;
  const orderPage = (offset: number, count: number): string[] =>
    options.orderSort === 'newest-first' ? store.orderPageNewestFirst(offset, count) : store.orderPage(offset, count);

  const clock: ServiceClockSettings = { skewMs: 0, zoneMinutes: 0, ...options.clock };
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, keepAliveTimeout: 72_000, forceCloseConnections: true });
  app.decorateRequest('fault', undefined);
  if (options.compress) {
    const only = options.compress === true ? null : options.compress;
    app.addHook('onSend', async (req, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      reply.header('vary', 'Accept-Encoding');
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const encoding = chooseEncoding(req.headers['accept-encoding'], only);
      if (encoding === null || body.length < COMPRESS_MIN_BYTES || reply.getHeader('content-encoding')) return payload;
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return ENCODERS[encoding](body);
    });
  }
  if (options.lineMbit) {
    // registered after compression: what crosses the line is what a client receives, compressed or not
    const line = new Line(options.lineMbit);
    app.addHook('onSend', async (_req, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length === 0) return payload;
      reply.header('content-length', body.length);
      return line.stream(body);
    });
  }
  // its own clock in every answer's Date header, wrong when told to be
  app.addHook('onSend', async (_req, reply) => {
    if (clock.skewMs !== 0) reply.header('date', new Date(Date.now() + clock.skewMs).toUTCString());
  });

  const wrap = (value: string): string => (single === 'data' ? `{"data":${value}}` : value);
  /** With ETags on: the page's version as a header, and a 304 when the request already holds it (null otherwise). */
  const notModified = (req: FastifyRequest, reply: FastifyReply, body: string): FastifyReply | null => {
    if (!options.etags || req.fault) return null;
    const tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', tag);
    const held = String(req.headers['if-none-match'] ?? '')
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''));
    if (!held.includes(tag)) return null;
    counters.notModified += 1;
    return reply.code(304).send();
  };
  const origin = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;
  /** "GET /api/product", "GET /api/order/:id", … */
  const routeOf = (req: FastifyRequest): string =>
    `${req.method} ${(req.url.split('?')[0] ?? '').replace(/\/\d+$/, '/:id')}`;
  const inFlightByRoute = new Map<string, number>();
  const maxInFlightByRoute = new Map<string, number>();

  // requests being answered at once: how a client's concurrency cap is seen from outside
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

  app.get('/api/product', async (req, reply) => {
    const page = pageParam((req.query as Record<string, unknown>).page);
    const total = store.productCount();
    const whole = productList === 'data' || productList === 'bare';
    const lastPage = whole ? 1 : Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
    const rows = whole
      ? store.productPage(1, total)
      : page <= lastPage
        ? store.productPage((page - 1) * PRODUCTS_PER_PAGE + 1, PRODUCTS_PER_PAGE)
        : [];
    const path = `${origin(req)}/api/product`;
    const body = listBody(productList, rows, { page, total, lastPage, path, perPage: PRODUCTS_PER_PAGE });
    return notModified(req, reply, body) ?? sendPage(reply, req.fault, body);
  });

  app.get('/api/product/:id', async (req, reply) => {
    const id = idParam((req.params as { id: string }).id);
    const json = id === null ? undefined : store.productJson(id);
    if (!json)
      return sendError(
        req,
        reply,
        404,
        `No query results for model [App\\Models\\Product] ${(req.params as { id: string }).id}`,
      );
    return sendPage(reply, req.fault, wrap(json));
  });

  app.get('/api/order', async (req, reply) => {
    const total = store.orderCount();
    if (orderList === 'data' || orderList === 'bare') {
      const all = orderPage(0, total);
      const body = listBody(orderList, all, { page: 1, total, lastPage: 1, path: '', perPage: total });
      return notModified(req, reply, body) ?? sendPage(reply, req.fault, body);
    }
    const page = pageParam((req.query as Record<string, unknown>).page);
    const lastPage = Math.max(1, Math.ceil(total / orderPageSize));
    const rows = page <= lastPage ? orderPage((page - 1) * orderPageSize, orderPageSize) : [];
    const path = `${origin(req)}/api/order`;
    const body = listBody(orderList, rows, { page, total, lastPage, path, perPage: orderPageSize });
    return notModified(req, reply, body) ?? sendPage(reply, req.fault, body);
  });

  app.get('/api/order/:id', async (req, reply) => {
    const id = idParam((req.params as { id: string }).id);
    const json = id === null ? undefined : store.orderJson(id);
    if (!json)
      return sendError(
        req,
        reply,
        404,
        `No query results for model [App\\Models\\Order] ${(req.params as { id: string }).id}`,
      );
    return sendPage(reply, req.fault, wrap(json));
  });

  app.post('/api/order', async (req, reply) => {
    const result = validateOrder(req.body, { dateOrder, productExists: (id) => store.productJson(id) !== undefined });
    if (!result.ok) return sendError(req, reply, 422, summaryMessage(result.errors), { errors: result.errors });
    const { fields, items } = result.value;
    const now = new Date(Date.now() + clock.skewMs);
    const stamp = formatTimestamp(new Date(now.getTime() + clock.zoneMinutes * 60_000));
    const order = store.insertOrder((orderId, firstItemId): ServiceOrder => ({
      id: orderId,
      po_number: `PO-${String(orderId).padStart(7, '0')}`,
      tracking_number: '',
      status: 'Pending',
      ...fields,
      order_date: fields.order_date || formatSlashDate(now, dateOrder),
      order_items: items.map((item, index) => ({
        id: firstItemId + index,
        order_id: orderId,
        product_variant_id: item.id,
        quantity: item.quantity,
        price: store.product(item.id)?.price ?? '0.00',
        discount: '0.00',
        fulfillment_status: 'Pending',
        created_at: stamp,
        updated_at: stamp,
      })),
    }));
    counters.ordersCreated += 1;
    const fault = req.fault;
    if (fault?.kind === 'drop-after-store') {
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    if (fault?.kind === 'stall-after-store') await sleep(fault.ms);
    reply.code(201);
    return sendPage(reply, fault, wrap(JSON.stringify(order)));
  });

  for (const url of ['/api/order', '/api/product', '/api/order/:id', '/api/product/:id']) {
    const allowed = url === '/api/order' ? 'GET, HEAD, POST' : 'GET, HEAD';
    const methods = url === '/api/order' ? ['PUT', 'PATCH', 'DELETE'] : ['POST', 'PUT', 'PATCH', 'DELETE'];
    app.route({
      method: methods,
      url,
      handler: async (req, reply) =>
        sendError(
          req,
          reply,
          405,
          `The ${req.method} method is not supported for route ${url.slice(1).replace(':id', '{id}')}. Supported methods: ${allowed}.`,
        ),
    });
  }

  if (options.control) {
    const authorised = (req: FastifyRequest): boolean => req.headers.authorization === `Bearer ${options.token}`;
    app.post('/__control/faults', async (req, reply) => {
      if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
      const rule = parseFaultRule(req.body);
      if (!rule) return sendError(req, reply, 422, 'Not a fault rule.');
      faults.add(rule);
      return reply.code(204).send();
    });
    app.delete('/__control/faults', async (req, reply) => {
      if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
      faults.clear();
      return reply.code(204).send();
    });
    // the shop changes a product (stock, price…) in its back office: the service has no write route for it
    app.post('/__control/products/:id', async (req, reply) => {
      if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
      const id = idParam((req.params as { id: string }).id);
      const current = id === null ? undefined : store.product(id);
      const patch = req.body;
      if (!current || id === null || !patch || typeof patch !== 'object' || Array.isArray(patch))
        return sendError(req, reply, 422, 'Not a product change.');
      const changes = Object.fromEntries(
        Object.entries(patch as Record<string, unknown>).filter(
          ([key, value]) => key in current && typeof value === 'string',
        ),
      );
      store.replaceProduct(id, { ...current, ...changes });
      return reply.code(204).send();
    });
    app.get('/__control/stats', async (req, reply) => {
      if (!authorised(req)) return sendError(req, reply, 401, 'Unauthenticated.');
      return reply.type('application/json').send(JSON.stringify(stats()));
    });
  }

  const stats = (): ServiceStats => ({
    ...counters,
    faultsInjected: faults.injected,
    byRoute: Object.fromEntries(byRoute),
    maxInFlightByRoute: Object.fromEntries(maxInFlightByRoute),
  });
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
    resetPeak: () => {
      counters.maxInFlight = counters.inFlight;
      for (const [route, n] of inFlightByRoute) maxInFlightByRoute.set(route, n);
    },
    store,
    close: async () => {
      await app.close();
      store.close();
    },
  };
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

/** Laravel reads ?page= leniently: anything that is not a positive integer is page 1. */
function pageParam(raw: unknown): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 ? page : 1;
}

function idParam(raw: string): number | null {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export type ListShapeOption = 'paginated' | 'simple' | 'data-paged' | 'bare-paged' | 'data' | 'bare';
export const LIST_SHAPES: readonly ListShapeOption[] = [
  'paginated',
  'simple',
  'data-paged',
  'bare-paged',
  'data',
  'bare',
];

interface PageFacts {
  page: number;
  total: number;
  lastPage: number;
  path: string;
  perPage: number;
}

/** A list page in the shape asked for. */
function listBody(shape: ListShapeOption, rows: string[], p: PageFacts): string {
  const list = `[${rows.join(',')}]`;
  if (shape === 'paginated') return paginated(rows, p);
  if (shape === 'simple') return simplePaginated(rows, p);
  return shape === 'data' || shape === 'data-paged' ? `{"data":${list}}` : list;
}

/**
 * Laravel's simplePaginate: no total and no last page; `links.next` is set while a page after this one has rows (the
 * framework asks for one row more than a page to know).
 */
function simplePaginated(rows: string[], p: PageFacts): string {
  const from = rows.length > 0 ? (p.page - 1) * p.perPage + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const link = (n: number): string => `${p.path}?page=${n}`;
  const links = {
    first: link(1),
    last: null,
    prev: p.page > 1 ? link(p.page - 1) : null,
    next: p.page * p.perPage < p.total ? link(p.page + 1) : null,
  };
  const meta = { current_page: p.page, from, path: p.path, per_page: p.perPage, to };
  return `{"data":[${rows.join(',')}],"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`;
}

function paginated(rows: string[], p: PageFacts): string {
  const from = rows.length > 0 ? (p.page - 1) * p.perPage + 1 : null;
  const to = from === null ? null : from + rows.length - 1;
  const link = (n: number): string => `${p.path}?page=${n}`;
  const links = {
    first: link(1),
    last: link(p.lastPage),
    prev: p.page > 1 ? link(p.page - 1) : null,
    next: p.page < p.lastPage ? link(p.page + 1) : null,
  };
  const meta = {
    current_page: p.page,
    from,
    last_page: p.lastPage,
    path: p.path,
    per_page: p.perPage,
    to,
    total: p.total,
  };
  return (
    `{"version":"${SERVICE_VERSION}","author_url":"https://shopdesk.example/reference-service","data":[${rows.join(',')}],` +
    `"links":${JSON.stringify(links)},"meta":${JSON.stringify(meta)}}`
  );
}

/** Faults that answer (or fail) before the route runs. Returns true when the request is finished. */
async function applyEarlyFault(fault: Fault, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  switch (fault.kind) {
    case 'latency':
      await sleep(fault.ms);
      return false;
    case 'drop':
      reply.hijack();
      req.raw.socket.destroy();
      return true;
    case 'status':
      reply.code(fault.status);
      if (fault.body !== undefined) {
        reply.type(fault.contentType ?? 'application/json').send(fault.body);
      } else {
        sendError(req, reply, fault.status, fault.status >= 500 ? 'Server Error' : 'Error');
      }
      return true;
    case 'rate-limit':
      reply.header('Retry-After', fault.retryAfter);
      sendError(req, reply, 429, 'Too Many Attempts.');
      return true;
    case 'html':
      reply
        .code(200)
        .type('text/html; charset=UTF-8')
        .send('<!DOCTYPE html><html><body><h1>Whoops! Something went wrong.</h1></body></html>');
      return true;
    case 'huge': {
      // exactly `bytes` long, so size caps can be tested at their edge
      const body = `{"data":[],"padding":"${'x'.repeat(Math.max(0, fault.bytes - 24))}"}`;
      reply.code(200).type('application/json').send(body);
      return true;
    }
    default:
      return false; // malformed, cut-body, trickle and the *-after-store faults shape the answer later
  }
}

export type Encoding = 'gzip' | 'deflate' | 'br';
/** Smaller answers go as they are (nginx's gzip_min_length is 20 bytes; a few hundred is the usual advice). */
const COMPRESS_MIN_BYTES = 256;
/** Levels a web server uses for answers made on the fly: nginx's gzip_comp_level 6, brotli's comp_level 5. */
const ENCODERS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => promisify(zlib.gzip)(body, { level: 6 }),
  deflate: (body) => promisify(zlib.deflate)(body, { level: 6 }),
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
};

/** The encoding to answer in: the client's first acceptable choice (q > 0) of the ones offered, or null. */
export function chooseEncoding(header: string | string[] | undefined, only: Encoding | null): Encoding | null {
  const offered: Encoding[] = only ? [only] : ['br', 'gzip', 'deflate'];
  const asked = String(header ?? '')
    .split(',')
    .map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { name: name.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((e) => e.q > 0);
  const best = offered
    .map((name) => ({ name, q: asked.find((e) => e.name === name || e.name === '*')?.q ?? 0 }))
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q)[0];
  return best?.name ?? null;
}

/** Sends a JSON body, bent by a malformed or trickle fault when one applies. */
function sendPage(reply: FastifyReply, fault: Fault | undefined, body: string): FastifyReply {
  if (fault?.kind === 'corrupt-encoding') {
    // says gzip; the middle of the compressed bytes is scrambled (a proxy that mangles, a broken cache)
    reply.hijack();
    const packed = zlib.gzipSync(body);
    for (let i = Math.floor(packed.length / 3); i < Math.floor((packed.length * 2) / 3); i++) packed[i]! ^= 0x5a;
    reply.raw.writeHead(reply.statusCode, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': packed.length,
    });
    reply.raw.end(packed);
    return reply;
  }
  if (fault?.kind === 'cut-body') {
    // headers promise the whole body; half of it arrives, then the connection dies
    reply.hijack();
    const res = reply.raw;
    res.writeHead(reply.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.write(body.slice(0, Math.floor(body.length / 2)), () => res.destroy());
    return reply;
  }
  if (fault?.kind === 'malformed')
    return reply.type('application/json').send(body.slice(0, Math.floor(body.length / 2)));
  if (fault?.kind === 'trickle') {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(reply.statusCode, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const buffer = Buffer.from(body);
    let offset = 0;
    const timer = setInterval(() => {
      if (res.destroyed || offset >= buffer.length) {
        clearInterval(timer);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(buffer.subarray(offset, offset + fault.chunkBytes));
      offset += fault.chunkBytes;
    }, fault.intervalMs);
    res.on('close', () => clearInterval(timer));
    return reply;
  }
  return reply.type('application/json').send(body);
}

export { FaultController, type Fault, type FaultRule } from './faults';
