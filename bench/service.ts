/**
 * The reference service's product page rate at concurrency 1, 8 and 64 (keep-alive, loopback), with 100,000 products.
 * A figure, not a test: npm run bench:service [-- --products 100000 --seconds 5]
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { startService } from '../server/index';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, seconds: { type: 'string', default: '5' } },
});
const products = Number(values.products);
const started = Date.now();
const svc = await startService({ token: 'bench', products, orders: 0 });
console.log(`generated ${products.toLocaleString('en')} products in ${Date.now() - started} ms`);
const lastPage = Math.ceil(products / 15);
let page = 0;
const results: Record<string, number> = {};
for (const connections of [1, 8, 64]) {
  const result = await autocannon({
    url: svc.url,
    connections,
    duration: Number(values.seconds),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/product?page=${(page++ % lastPage) + 1}` }),
        headers: { authorization: 'Bearer bench', accept: 'application/json' },
      },
    ],
  });
  results[`c${connections}`] = Math.round(result.requests.average);
  console.log(
    `concurrency ${connections}: ${Math.round(result.requests.average).toLocaleString('en')} pages/s (p99 latency ${result.latency.p99} ms, errors ${result.errors + result.non2xx})`,
  );
}
console.log(JSON.stringify({ products, pagesPerSecond: results }));
await svc.close();
