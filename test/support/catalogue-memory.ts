/**
 * A first catalogue download in a process of its own, measured (#31.1): the reference service in a child process with
 * --products products, the sync as the app runs it (the writer thread), the process's resident memory sampled every
 * 25 ms. Prints one JSON line: the pass's state, the rows cached, and resident memory before, at its peak and after.
 * Run with a small --max-old-space-size by catalogue-memory.test.ts: a JS heap that no longer fits fails the run.
 *
 * With an idle ceiling (MiB) it then stays idle as the app does after a sync (the cache and the HTTP client open),
 * reading its resident memory every half second until it is at or under the ceiling, for at most IDLE_WAIT_MS: V8
 * gives back the heap a long sync grew only once it sees the process idle (its memory reducer: 1–3 minutes here), and
 * what stays after that is the idle app's (bench:memory). It reports the lowest it saw.
 *
 *   node --max-old-space-size=128 --import tsx test/support/catalogue-memory.ts 200000 [idle-ceiling-MiB]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatalogueRepository } from '../../electron/main/core/catalogue/db';
import { CatalogueSync } from '../../electron/main/core/catalogue/sync';
import { SOURCE_WRITER_THREAD, threadWriter } from '../../electron/main/core/catalogue/writer';
import { CoreEvents } from '../../electron/main/core/events';
import { ServiceHttp } from '../../electron/main/core/http/client';

const products = Number(process.argv[2] ?? 200_000);
const idleCeiling = process.argv[3] ? Number(process.argv[3]) : null;
const IDLE_WAIT_MS = 300_000;
const MiB = (bytes: number): number => Math.round(bytes / 2 ** 20);
const root = path.resolve(import.meta.dirname, '../..');
const service = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'server/cli.ts',
    '--port',
    '0',
    '--token',
    'memory',
    '--products',
    String(products),
    '--orders',
    '0',
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  service.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /ready in \d+ ms at (\S+)/.exec(out);
    if (match) resolve(match[1]!);
  });
  service.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
});

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-memory-'));
const file = path.join(work, 'catalogue.sqlite');
const repo = new CatalogueRepository(file);
const http = new ServiceHttp();
const sync = new CatalogueSync({
  repo,
  writer: () => threadWriter(repo, file, SOURCE_WRITER_THREAD),
  http,
  events: new CoreEvents(),
  target: async () => ({ baseUrl: url, token: 'memory' }),
});
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
try {
  const status = await sync.start();
  clearInterval(sampler);
  const after = process.memoryUsage().rss;
  let idle: number | null = null;
  const ended = Date.now();
  if (idleCeiling !== null) {
    const until = ended + IDLE_WAIT_MS;
    idle = after;
    while (MiB(idle) > idleCeiling && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      idle = Math.min(idle, process.memoryUsage().rss);
    }
  }
  console.log(
    JSON.stringify({
      state: status.state,
      rows: repo.rowCount(),
      beforeMiB: MiB(before),
      peakMiB: MiB(peak),
      afterMiB: MiB(after),
      idleMiB: idle === null ? null : MiB(idle),
      idleSeconds: idle === null ? null : Math.round((Date.now() - ended) / 1000),
    }),
  );
} finally {
  clearInterval(sampler);
  repo.close();
  await http.close();
  service.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
