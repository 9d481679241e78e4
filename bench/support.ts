/** Shared bench helpers: the reference service in its own process, percentiles, timing. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ChildService {
  url: string;
  token: string;
  stop(): Promise<void>;
}

/** Starts the reference service in a child process (so it does not share the event loop with the client). */
export async function startChildService(opts: {
  products: number;
  orders: number;
  port: number;
  dataFile?: string;
  extra?: string[];
}): Promise<ChildService> {
  const token = 'bench-token';
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
