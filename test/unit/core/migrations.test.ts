/**
 * One migration per file (issue #28.6, Signal Desktop's way): each room's `migrations/` folder holds `NNN-what-it-does.ts`
 * files numbered from 001 without a gap, and its index lists exactly those, in their order. user_version counts
 * migrations, so a file slipped in out of order or listed twice would run the wrong step on a customer's database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = path.resolve(__dirname, '../../../electron/main/core');
const rooms = fs
  .readdirSync(CORE, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(CORE, d.name, 'migrations')))
  .map((d) => d.name);

describe('migrations, one per file', () => {
  it('the rooms with a database each have a migrations folder', () => {
    expect(rooms.sort()).toEqual(['catalogue', 'drafts', 'orders', 'outbox']);
  });

  it.each(rooms)(
    '%s: files numbered 001… without a gap, named for what they do, listed in their order',
    async (room) => {
      const folder = path.join(CORE, room, 'migrations');
      const files = fs
        .readdirSync(folder)
        .filter((f) => f !== 'index.ts')
        .sort();
      for (const file of files) expect(file).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
      expect(files.map((f) => Number(f.slice(0, 3)))).toEqual(files.map((_, i) => i + 1));

      const index = (await import(pathToFileURL(path.join(folder, 'index.ts')).href)) as Record<string, unknown>;
      const lists = Object.values(index).filter(Array.isArray);
      expect(lists).toHaveLength(1);
      const list = lists[0] as unknown[];
      expect(list).toHaveLength(files.length);
      for (const [i, file] of files.entries()) {
        const step = (await import(pathToFileURL(path.join(folder, file)).href)) as { up?: unknown };
        expect(typeof step.up, file).toBe('function');
        expect(list[i], `${room} migration ${i + 1} is ${file}`).toBe(step.up);
      }
    },
  );
});

describe('outbox migration 006: attempt outcomes as codes', () => {
  it('an outbox kept by an older Shopdesk reads with codes: each worded outcome renamed, error codes kept', async () => {
    const Database = (await import('better-sqlite3-multiple-ciphers')).default;
    const { OUTBOX_MIGRATIONS } = await import('../../../electron/main/core/outbox/migrations');
    const { LEGACY_OUTCOMES } = await import('../../../electron/main/core/outbox/migrations/006-attempt-outcome-codes');
    const { OutboxRepository } = await import('../../../electron/main/core/outbox/db');
    const { ATTEMPT_KINDS, attemptKind } = await import('../../../shared/domain');
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'outbox-006-'));
    const file = path.join(dir, 'outbox.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    for (const step of OUTBOX_MIGRATIONS.slice(0, 5)) step(old);
    old.pragma('user_version = 5');
    old
      .prepare(
        "INSERT INTO outbox (id, draft_id, service_key, state, created_at, updated_at, payload) VALUES ('e1', 'd1', 's', 'unknown', 1, 1, '{}')",
      )
      .run();
    const legacy = [...Object.keys(LEGACY_OUTCOMES), 'timeout', 'server_error', 'created'];
    const insert = old.prepare("INSERT INTO outbox_attempts (entry_id, at, outcome) VALUES ('e1', @at, @outcome)");
    legacy.forEach((outcome, at) => insert.run({ at, outcome }));
    old.close();

    const repo = new OutboxRepository(file);
    const outcomes = repo.get('e1')!.attempts.map((a) => a.outcome);
    repo.close();
    expect(outcomes).toEqual([...Object.values(LEGACY_OUTCOMES), 'timeout', 'server_error', 'created']);
    for (const code of Object.values(LEGACY_OUTCOMES)) expect(Object.keys(ATTEMPT_KINDS)).toContain(code);
    expect(outcomes.map(attemptKind)).toEqual([
      'send',
      'look',
      'look',
      'look',
      'look',
      'look',
      'staff',
      'staff',
      'staff',
      'send',
      'send',
      'send',
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
