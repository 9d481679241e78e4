/** A CPU profile of one full catalogue sync (node --cpu-prof): where the client's time goes. Not a test. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceHttp } from '../electron/main/core/http/client';
import { CatalogueRepository } from '../electron/main/core/catalogue/db';
import { CoreEvents } from '../electron/main/core/events';
import { CatalogueSync } from '../electron/main/core/catalogue/sync';
import { passLine, startChildService } from './support';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-prof-'));
const service = await startChildService({
  products: PRODUCTS,
  orders: 0,
  port: 18932,
  dataFile: path.join(os.tmpdir(), `shopdesk-bench-${PRODUCTS}.sqlite`),
});
try {
  const repo = new CatalogueRepository(path.join(work, 'sync.sqlite'));
  const sync = new CatalogueSync({
    repo,
    http: new ServiceHttp(),
    events: new CoreEvents(),
    target: async () => ({ baseUrl: service.url, token: service.token }),
  });
  const start = performance.now();
  const status = await sync.start();
  const seconds = (performance.now() - start) / 1000;
  console.log(`${passLine(status)} in ${seconds.toFixed(2)} s: ${Math.round(PRODUCTS / 15 / seconds)} pages/s`);
  repo.close();
} finally {
  await service.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
