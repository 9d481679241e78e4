/**
 * One first full refresh of the order book, as bench:orders runs it (the whole core, its encrypted cache), for a CPU
 * profile: `npx node --cpu-prof --cpu-prof-dir=DIR --import tsx bench/profile-orders.ts [orders]`. Not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refreshedCore, startChildService } from './support';

const ORDERS = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-prof-orders-'));
const service = await startChildService({
  products: 2000,
  orders: ORDERS,
  port: 18952,
  dataFile: path.join(os.tmpdir(), `shopdesk-bench-orders-${ORDERS}.sqlite`),
});
try {
  const { core, refreshSeconds } = await refreshedCore(work, service);
  const status = (await core.dispatch('orders:status', {})) as { value: { cachedOrders: number; outcome: unknown } };
  console.log(`${status.value.cachedOrders} orders in ${refreshSeconds.toFixed(2)} s`, status.value.outcome);
  await core.close();
} finally {
  await service.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
