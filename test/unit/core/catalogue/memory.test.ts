/**
 * #31.1: a first download of 200,000 products stays under a memory ceiling, so a regression that holds pages, rows or
 * SQLite's temporary b-trees in memory fails here rather than on a shop's 4 GB laptop. The sync runs as the app runs
 * it (fetching on the calling thread, the writer thread committing) in a process of its own whose JS heap is held to
 * 128 MiB (it lives in ~35 MiB: bench:memory's live heap) and whose resident memory is sampled every 25 ms.
 *
 * The ceiling is the whole process, measured at 341–377 MiB here (the TypeScript loader and the reference service's
 * client included); 1,000,000 products peak at 410–550 MiB in bench:memory, the goal being under 600 MB.
 *
 * Then idle, as the app is after the sync with the cache open: the process must come down to IDLE_CEILING_MIB (the
 * issue's 250 MB for an idle app; this process, loader included, starts at ~120–130 MiB and settled at 185–191).
 * V8 gives back the heap a long sync grew once it sees the process idle, not at once: the run waits for that (up to
 * five minutes, usually two to three) and fails if memory never comes down — a cache, a thread's memory or rows kept
 * after the sync.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CEILING_MIB = 480;
const IDLE_CEILING_MIB = 250;

describe('memory of a first catalogue download (#31.1)', () => {
  it(`200,000 products: complete, every row cached, the process never above ${CEILING_MIB} MiB resident, idle under ${IDLE_CEILING_MIB} MiB`, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--max-old-space-size=128',
        '--import',
        'tsx',
        'test/support/catalogue-memory.ts',
        '200000',
        String(IDLE_CEILING_MIB),
      ],
      { cwd: ROOT, maxBuffer: 1 << 20 },
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      state: string;
      rows: number;
      beforeMiB: number;
      peakMiB: number;
      idleMiB: number;
      idleSeconds: number;
    };
    console.log(`memory of a 200,000-product download: ${JSON.stringify(result)}`);
    expect(result.state).toBe('complete');
    expect(result.rows).toBe(200_000);
    expect(result.peakMiB).toBeLessThanOrEqual(CEILING_MIB);
    expect(result.idleMiB).toBeLessThanOrEqual(IDLE_CEILING_MIB);
  }, 540_000);
});
