/**
 * The soak's two processes: the reference service (stopped and started again on the same port and data file for the
 * "service stopped" fault) and the browser host, the app's real core and contract server (`npm run web`'s
 * electron/web/cli.ts), whose memory the soak samples.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startChildService, type ChildService } from '../../bench/support';

export interface ServiceProcess {
  url: string;
  token: string;
  running(): boolean;
  /** Stops it (the shop's service went down); its data stays in its file. */
  stop(): Promise<void>;
  /** Starts it again on the same address with the same data. */
  start(): Promise<void>;
  /** An authorised request to the service (its API or its /__control routes). */
  request(route: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  /** What the service counted (requests by route, order POSTs, 304s, most in flight) over every time it ran. */
  stats(): Promise<ServiceCounts>;
  /** Ends it at once (the soak itself failed): nothing is left running, holding a port or the output open. */
  kill(): void;
}

export interface ServiceCounts {
  requests: number;
  orderPosts: number;
  ordersCreated: number;
  notModified: number;
  maxInFlight: number;
  byRoute: Record<string, number>;
}

const noCounts = (): ServiceCounts => ({
  requests: 0,
  orderPosts: 0,
  ordersCreated: 0,
  notModified: 0,
  maxInFlight: 0,
  byRoute: {},
});

function addCounts(a: ServiceCounts, b: Partial<ServiceCounts>): ServiceCounts {
  const byRoute = { ...a.byRoute };
  for (const [route, n] of Object.entries(b.byRoute ?? {})) byRoute[route] = (byRoute[route] ?? 0) + n;
  return {
    requests: a.requests + (b.requests ?? 0),
    orderPosts: a.orderPosts + (b.orderPosts ?? 0),
    ordersCreated: a.ordersCreated + (b.ordersCreated ?? 0),
    notModified: a.notModified + (b.notModified ?? 0),
    maxInFlight: Math.max(a.maxInFlight, b.maxInFlight ?? 0),
    byRoute,
  };
}

export async function serviceProcess(options: {
  port: number;
  products: number;
  orders: number;
  dataFile: string;
  latencyMs: number;
}): Promise<ServiceProcess> {
  const token = 'soak-service-token';
  const launch = (): Promise<ChildService> =>
    startChildService({
      products: options.products,
      orders: options.orders,
      port: options.port,
      dataFile: options.dataFile,
      token,
      extra: ['--control', '--etags', '--latency-ms', String(options.latencyMs)],
    });
  let child: ChildService | null = await launch();
  const url = child.url;
  /** The counts of the times it ran before this one (a restart starts them at zero). */
  let before = noCounts();
  const current = async (): Promise<Partial<ServiceCounts>> =>
    child ? ((await (await request('/__control/stats')).json()) as Partial<ServiceCounts>) : {};
  const request = (route: string, init: { method?: string; body?: unknown } = {}): Promise<Response> =>
    fetch(`${url}${route}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    });
  return {
    url,
    token,
    running: () => child !== null,
    stop: async () => {
      if (!child) return;
      before = addCounts(before, await current());
      const stopping = child;
      child = null;
      await stopping.stop();
    },
    start: async () => {
      if (!child) child = await launch();
    },
    request,
    stats: async () => addCounts(before, await current()),
    kill: () => {
      if (child) process.kill(child.pid, 'SIGTERM');
    },
  };
}

export interface HostMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface HostProcess {
  pid: number;
  /** The one-time sign-in address it printed. */
  loginUrl: string;
  origin: string;
  /** Every line it wrote to stderr. */
  stderr: string[];
  /** Set when it ended before it was asked to. */
  exitedEarly(): string | null;
  /** Its memory after a full garbage collection (bytes). */
  memory(): Promise<HostMemory>;
  /** Asks it to stop as npm start does (core closed: drafts and outbox written) and waits for it. */
  stop(): Promise<number | null>;
  /** Ends it at once (the soak itself failed). */
  kill(): void;
}

/** `npm run web` as a child process, with --expose-gc so memory samples are taken after a full collection. */
export async function hostProcess(dataDir: string): Promise<HostProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join('electron', 'web', 'cli.ts'), '--data-dir', dataDir, '--no-open'],
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const stderr: string[] = [];
  let stopping = false;
  let early: string | null = null;
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => stderr.push(...chunk.split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) early = `the host ended by itself (code ${code}, signal ${signal})`;
      resolve(code);
    }),
  );
  const loginUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const match = /Open Shopdesk in your browser: (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`the host did not start: ${stderr.join('\n')}`)));
  });
  let waiting: ((usage: HostMemory) => void)[] = [];
  child.on('message', (message: { type?: string; usage?: HostMemory }) => {
    if (message.type !== 'memory' || !message.usage) return;
    const answered = waiting;
    waiting = [];
    for (const resolve of answered) resolve(message.usage);
  });
  return {
    pid: child.pid!,
    loginUrl,
    origin: new URL(loginUrl).origin,
    stderr,
    exitedEarly: () => early,
    memory: () =>
      new Promise<HostMemory>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the host did not answer a memory sample')), 10_000);
        waiting.push((usage) => {
          clearTimeout(timer);
          resolve(usage);
        });
        child.send({ type: 'memory' });
      }),
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.send({ type: 'stop' });
      return exited;
    },
    kill: () => {
      stopping = true;
      child.kill('SIGTERM');
    },
  };
}
