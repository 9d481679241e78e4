/**
 * Demo / training mode: the reference service on 127.0.0.1 with a random token, its data kept in the app's folder,
 * encrypted with the database key like the other files with customer data (what is typed in training is names and
 * addresses too), this user's only; sign out and erase removes it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { RunningService } from '../../../server/index';
import { secureFile, sqliteBinding } from './storage/open';

export const DEMO_SIZE = { products: 2_500, orders: 800 } as const;
/** The demo service's data, in the data folder (sign out and erase removes it). */
export const DEMO_DATA_FILE = 'demo-service.sqlite';

export async function startDemoService(dataDir: string, key: Buffer): Promise<RunningService> {
  const file = path.join(dataDir, DEMO_DATA_FILE);
  // this user's only, whatever the process's umask (SQLite gives its -wal and -shm the file's mode)
  secureFile(file);
  // loaded only in demo mode: the service's web framework and fake-data library cost every core start ~0.65 s of CPU
  const { startService } = await import('../../../server/index');
  const service = await startService({
    host: '127.0.0.1',
    port: 0,
    token: randomBytes(24).toString('base64url'),
    products: DEMO_SIZE.products,
    orders: DEMO_SIZE.orders,
    seed: 7,
    dataFile: file,
    dataKey: key,
    // the same SQLite binary as the app's own databases: one process loads it from one place
    nativeBinding: sqliteBinding(),
    // as a shop's web server does when asked (issue #26.3): the app reads compressed answers from the start
    compress: true,
  });
  for (const suffix of ['', '-wal', '-shm']) secureFile(file + suffix);
  return service;
}

/** The demo service of this run: started once when asked (two asks at once share one start), stopped when left. */
export class DemoRunner {
  private service: RunningService | null = null;
  private starting: Promise<RunningService> | null = null;

  constructor(
    private readonly dataDir: string,
    /** The database key now (sign out and erase replaces it). */
    private readonly key: () => Buffer,
    private readonly log: { info(message: string): void },
  ) {}

  /** The demo service running now (null: none). */
  get running(): RunningService | null {
    return this.service;
  }

  async ensure(): Promise<RunningService> {
    if (this.service) return this.service;
    this.starting ??= startDemoService(this.dataDir, this.key())
      .then((service) => {
        this.service = service;
        this.log.info(`demo service listening on ${service.url}`);
        return service;
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  async stop(): Promise<void> {
    const running = this.service;
    this.service = null;
    if (running) await running.close();
  }
}
