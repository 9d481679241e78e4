/** The service's routes as the spec names them: products and orders, read and created; other methods refused. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from './answers';
import { formatSlashDate, formatTimestamp, type DateOrder, type ServiceClockSettings } from './dates';
import { sendError, sleep } from './http';
import { idParam, listBody, pageParam, PRODUCTS_PER_PAGE, type ListShapeOption } from './lists';
import type { ServiceOrder } from './seed';
import type { ServiceStore } from './store';
import { summaryMessage, validateOrder } from './validate';

/** What the routes read: the store, the shapes this instance answers in, its clock. */
export interface RouteContext {
  store: ServiceStore;
  dateOrder: DateOrder;
  clock: ServiceClockSettings;
  productList: ListShapeOption;
  orderList: ListShapeOption;
  orderPageSize: number;
  orderPage(offset: number, count: number): string[];
  /** A single record in this instance's envelope. */
  wrap(value: string): string;
  /** With ETags on: a 304 when the request already holds the page (null otherwise). */
  notModified(req: FastifyRequest, reply: FastifyReply, body: string): FastifyReply | null;
  /** Counts an order stored. */
  created(): void;
}

const origin = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;

/** GET one record by its id: the record in this instance's envelope, or Laravel's 404 naming its model. */
function singleRecord(
  model: 'Product' | 'Order',
  lookup: (id: number) => string | undefined,
  wrap: RouteContext['wrap'],
): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (req, reply) => {
    const raw = (req.params as { id: string }).id;
    const id = idParam(raw);
    const json = id === null ? undefined : lookup(id);
    if (!json) return sendError(req, reply, 404, `No query results for model [App\\Models\\${model}] ${raw}`);
    return sendPage(reply, req.fault, wrap(json));
  };
}

export function registerProductRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { store, productList, wrap, notModified } = ctx;
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

  app.get(
    '/api/product/:id',
    singleRecord('Product', (id) => store.productJson(id), wrap),
  );
}

export function registerOrderReads(app: FastifyInstance, ctx: RouteContext): void {
  const { store, orderList, orderPageSize, orderPage, wrap, notModified } = ctx;
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

  app.get(
    '/api/order/:id',
    singleRecord('Order', (id) => store.orderJson(id), wrap),
  );
}

export function registerOrderCreate(app: FastifyInstance, ctx: RouteContext): void {
  const { store, dateOrder, clock, wrap } = ctx;
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
    ctx.created();
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
}

/** Methods a route does not take: 405 with the methods it does, as Laravel words it. */
export function registerNotAllowed(app: FastifyInstance): void {
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
}
