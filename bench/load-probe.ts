/**
 * The shop's own website, as the load bench sees it: a visitor asking the service for products at a steady rate, in a
 * process of its own (its timings must not wait for the desktops' event loop). Prints one line per answer:
 * "<epoch ms> <latency ms> <status>".
 *   tsx bench/load-probe.ts <url> <token> <products> <interval-ms>
 */
import { Agent, request } from 'undici';

const [url, token, productsText, intervalText] = process.argv.slice(2);
const products = Number(productsText);
const interval = Number(intervalText);
const agent = new Agent({ connections: 4, keepAliveTimeout: 30_000 });
const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
const pages = Math.max(1, Math.ceil(products / 15));
let stopped = false;
process.on('SIGTERM', () => (stopped = true));
process.stdin.on('end', () => (stopped = true));
process.stdin.resume();

let n = 0;
while (!stopped) {
  n += 1;
  // a product page of the shop, then a product's own page
  const path =
    n % 2 === 0
      ? `/api/product/${1 + Math.floor(Math.random() * products)}`
      : `/api/product?page=${1 + Math.floor(Math.random() * pages)}`;
  const started = performance.now();
  let status: number;
  try {
    const res = await request(`${url}${path}`, { dispatcher: agent, headers });
    status = res.statusCode;
    await res.body.text();
  } catch {
    status = -1;
  }
  const ms = performance.now() - started;
  process.stdout.write(`${Date.now()} ${ms.toFixed(3)} ${status}\n`);
  const wait = interval - ms;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
await agent.close();
// stdin is still open (the parent's pipe): leave now rather than wait for it
process.exit(0);
