/** Shared bench helpers: the reference service in its own process, percentiles, timing. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createCore, type Core } from '../electron/main/core/index';
import { MemoryVault } from '../electron/main/core/settings/vault';
import type { CatalogueStatus } from '../shared/domain';

export interface ChildService {
  url: string;
  token: string;
  /** The child's process id (tsx runs the service in a process of its own below it: see cpuOfTree). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts the reference service in a child process (so it does not share the event loop with the client). */
export async function startChildService(opts: {
  products: number;
  orders: number;
  port: number;
  dataFile?: string;
  extra?: string[];
  token?: string;
}): Promise<ChildService> {
  const token = opts.token ?? 'bench-token';
  const args = [
    path.resolve('node_modules/.bin/tsx'),
    'server/cli.ts',
    '--port',
    String(opts.port),
    '--token',
    token,
    '--products',
    String(opts.products),
    '--orders',
    String(opts.orders),
    ...(opts.dataFile ? ['--data-file', opts.dataFile] : []),
    ...(opts.extra ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready in \d+ ms at (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
  });
  return {
    url,
    token,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** How a catalogue pass ended, for a bench's report: its outcome code and the facts that matter there. */
export function passLine(status: CatalogueStatus): string {
  const o = status.outcome;
  const n = (v: number): string => v.toLocaleString('en');
  if (!o) return status.state;
  const failed = o.failedPages > 0 ? `, ${n(o.failedPages)} pages failed` : '';
  return `${o.code}: ${n(o.products)} products, ${n(o.pagesDone)} of ${n(o.pagesTotal ?? o.pagesDone)} pages${failed}`;
}

/** CPU seconds (user + system) used so far by a process and all its descendants; null where /proc is not there. */
export function cpuOfTree(pid: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const ticks = 100; // USER_HZ on Linux
  const stats = new Map<number, { parent: number; cpu: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the command name may contain spaces: fields are counted after its closing parenthesis
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { parent: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / ticks });
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const wanted = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, { parent }] of stats) {
      if (!wanted.has(id) && wanted.has(parent)) {
        wanted.add(id);
        grew = true;
      }
    }
  }
  for (const id of wanted) total += stats.get(id)?.cpu ?? 0;
  return total;
}

/** A core in `dataDir` connected to a service, with its first full order refresh done and timed (in seconds). */
export async function refreshedCore(
  dataDir: string,
  service: { url: string; token: string },
): Promise<{ core: Core; refreshSeconds: number }> {
  const core = createCore({ dataDir, vault: new MemoryVault(), host: 'browser', version: 'bench', background: false });
  await core.dispatch('settings:save', { baseUrl: service.url, token: service.token });
  await core.dispatch('connection:check', {});
  const started = performance.now();
  await core.dispatch('orders:refresh', {});
  for (;;) {
    const status = (await core.dispatch('orders:status', {})) as { ok: true; value: { state: string } };
    if (status.value.state !== 'running') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { core, refreshSeconds: (performance.now() - started) / 1000 };
}
