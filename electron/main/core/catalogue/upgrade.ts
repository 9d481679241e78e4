/**
 * A cache an earlier version wrote is brought up to this version's layout on the catalogue's thread before it opens
 * (the order book's search index rebuilt, 5.6 s per 100,000 orders; the catalogue's status index, 4–5 s at 1,000,000
 * products): the app's own thread stays free to answer and draw meanwhile, and staff are told why a screen waits.
 */
import { Worker } from 'node:worker_threads';
import type { UpgradeStore } from '../../../../shared/contract';
import { needsUpgrade, type Migration } from '../storage/open';
import type { Upgrades } from '../storage/upgrades';
import { threadRefusal, type WriterThreadSpec } from './writer';

export type { UpgradeStore };

export interface UpgradeOptions {
  store: UpgradeStore;
  file: string;
  migrations: readonly Migration[];
  /** The file's encryption key (the order book's). */
  key?: Buffer;
  /** The catalogue's thread; 'inline' or none: the open migrates on this thread, as it always could. */
  thread: WriterThreadSpec | 'inline' | undefined;
  upgrades: Upgrades;
  warn: (message: string) => void;
}

/**
 * Upgrades the file on the thread if it needs it; resolves once the thread has let go of the file. Whatever the thread
 * could not do (it would not start, its file is not the one built, the upgrade failed) the open does afterwards, on
 * this thread, exactly as before: nothing is skipped, only moved.
 */
export async function upgradeBeforeOpen(options: UpgradeOptions): Promise<void> {
  const { thread, file, migrations, key } = options;
  if (!thread || thread === 'inline' || !needsUpgrade(file, migrations, key)) return;
  const refused = threadRefusal(thread);
  if (refused) {
    options.warn(`${options.store} cache upgraded on the main thread: the thread was not started (${refused})`);
    return;
  }
  const upgraded = await options.upgrades.track(options.store, () => upgradeInThread(thread, options));
  if (!upgraded) options.warn(`${options.store} cache not upgraded on its thread: the open upgrades it`);
}

function upgradeInThread(spec: WriterThreadSpec, options: UpgradeOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let answer = false;
    let worker: Worker;
    try {
      worker = new Worker(spec.script, {
        workerData: {
          file: options.file,
          pragmas: [],
          upgrade: options.store,
          key: options.key ? new Uint8Array(options.key) : null,
          nativeBinding: spec.nativeBinding ?? null,
        },
        execArgv: spec.execArgv ?? [],
      });
    } catch {
      resolve(false);
      return;
    }
    worker.once('message', (reply: { upgraded?: unknown }) => (answer = reply.upgraded === true));
    worker.on('error', () => undefined);
    worker.once('exit', () => resolve(answer));
  });
}
