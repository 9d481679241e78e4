/**
 * npm run service -- --port 8080 --token secret --products 5000 --orders 2000 [--data-file f] [--date-order dmy|mdy]
 *   [--latency-ms n] [--order-list paginated|simple|data-paged|bare-paged|data|bare] [--product-list (the same)]
 *   [--control] [--etags] [--compress] [--compress-with br|gzip|deflate] [--line-mbit n]
 */
import { parseArgs } from 'node:util';
import { LIST_SHAPES, startService, type ListShapeOption } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string', default: 'secret' },
    products: { type: 'string', default: '5000' },
    orders: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '42' },
    'data-file': { type: 'string' },
    'date-order': { type: 'string', default: 'dmy' },
    'order-list': { type: 'string', default: 'paginated' },
    'product-list': { type: 'string', default: 'paginated' },
    'order-sort': { type: 'string', default: 'oldest-first' },
    control: { type: 'boolean', default: false },
    etags: { type: 'boolean', default: false },
    compress: { type: 'boolean', default: false },
    'compress-with': { type: 'string' },
    'latency-ms': { type: 'string', default: '0' },
    'line-mbit': { type: 'string', default: '0' },
    workers: { type: 'string', default: '0' },
  },
});

const count = (name: string, text: string, max: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}`);
    process.exit(2);
  }
  return n;
};
const dateOrder = values['date-order'];
const listShape = (name: string, value: string): ListShapeOption => {
  if (!(LIST_SHAPES as readonly string[]).includes(value)) {
    console.error(`--${name} must be one of ${LIST_SHAPES.join(', ')}`);
    process.exit(2);
  }
  return value as ListShapeOption;
};
const orderList = listShape('order-list', values['order-list']);
const productList = listShape('product-list', values['product-list']);
if (dateOrder !== 'dmy' && dateOrder !== 'mdy') {
  console.error('--date-order must be dmy or mdy');
  process.exit(2);
}
const orderSort = values['order-sort'];
if (orderSort !== 'oldest-first' && orderSort !== 'newest-first') {
  console.error('--order-sort must be oldest-first or newest-first');
  process.exit(2);
}

const compressWith = values['compress-with'];
if (compressWith !== undefined && compressWith !== 'br' && compressWith !== 'gzip' && compressWith !== 'deflate') {
  console.error('--compress-with must be br, gzip or deflate');
  process.exit(2);
}

const started = Date.now();
const service = await startService({
  port: count('port', values.port, 65535),
  host: values.host,
  token: values.token,
  products: count('products', values.products, 5_000_000),
  orders: count('orders', values.orders, 1_000_000),
  seed: count('seed', values.seed, 2 ** 31),
  dataFile: values['data-file'],
  dateOrder,
  orderList,
  productList,
  orderSort,
  control: values.control,
  etags: values.etags,
  // --compress-with: only that encoding (a web server with gzip alone, as nginx has without its brotli module)
  compress: compressWith ?? values.compress,
  latencyMs: count('latency-ms', values['latency-ms'], 60_000),
  // answers over one shared line of this speed (a shop's DSL: 16), for a first download as a shop waits for it
  lineMbit: count('line-mbit', values['line-mbit'], 100_000) || undefined,
  workers: count('workers', values.workers, 10_000) || undefined,
});
console.log(`Reference service ready in ${Date.now() - started} ms at ${service.url} (token: ${values.token})`);
const stop = (): void => {
  void service.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
