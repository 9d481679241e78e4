/**
 * Crash safety: a process writing drafts and outbox entries is killed with SIGKILL at random moments, many times.
 * After each kill the databases pass integrity_check and every write acknowledged before the kill is there.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const KILLS = 50;

function runAndKill(dir: string, run: number, afterMs: number): Promise<{ drafts: string[]; outbox: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // one process: tsx as a loader (its CLI would run the writer in a child that outlives the kill)
      ['--import', 'tsx', 'test/support/crash-writer.ts', dir, String(run)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const acked = { drafts: [] as string[], outbox: [] as string[] };
    let buffer = '';
    let timer: NodeJS.Timeout | undefined;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') timer = setTimeout(() => child.kill('SIGKILL'), afterMs);
        const [word, kind, id] = line.split(' ');
        if (word === 'ack' && id) (kind === 'draft' ? acked.drafts : acked.outbox).push(id);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`writer exited by itself (${code}): ${stderr.slice(0, 500)}`));
    });
  });
}

describe('crash safety of drafts and the outbox', () => {
  it(`survives ${KILLS} SIGKILLs at random moments with nothing acknowledged lost`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-crash-'));
    const allDrafts: string[] = [];
    const allOutbox: string[] = [];
    try {
      for (let run = 0; run < KILLS; run++) {
        const acked = await runAndKill(dir, run, 20 + Math.floor(Math.random() * 120));
        allDrafts.push(...acked.drafts);
        allOutbox.push(...acked.outbox);
        for (const name of ['drafts.sqlite', 'outbox.sqlite']) {
          const db = new Database(path.join(dir, name));
          try {
            expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          } finally {
            db.close();
          }
        }
      }
      const drafts = new Database(path.join(dir, 'drafts.sqlite'), { readonly: true });
      const outbox = new Database(path.join(dir, 'outbox.sqlite'), { readonly: true });
      try {
        const draftIds = new Set(drafts.prepare('SELECT id FROM drafts').pluck().all() as string[]);
        const outboxIds = new Set(outbox.prepare('SELECT id FROM outbox').pluck().all() as string[]);
        expect(allOutbox.length).toBeGreaterThan(KILLS);
        expect(allDrafts.filter((id) => !draftIds.has(id))).toEqual([]);
        expect(allOutbox.filter((id) => !outboxIds.has(id))).toEqual([]);
      } finally {
        drafts.close();
        outbox.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
