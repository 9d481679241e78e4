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

describe('outbox migration 007: reasons as codes', () => {
  it('each sentence an older Shopdesk stored reads back as its code with the facts it named; other text as written', async () => {
    const Database = (await import('better-sqlite3-multiple-ciphers')).default;
    const { OUTBOX_MIGRATIONS } = await import('../../../electron/main/core/outbox/migrations');
    const { OutboxRepository } = await import('../../../electron/main/core/outbox/db');
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'outbox-007-'));
    const file = path.join(dir, 'outbox.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    for (const step of OUTBOX_MIGRATIONS.slice(0, 6)) step(old);
    old.pragma('user_version = 6');
    type Row = { state: string; reason: string; po?: string; orderId?: number; last?: string };
    const rows: [Row, unknown][] = [
      [{ state: 'queued', reason: 'Sending…' }, { code: 'sending' }],
      [{ state: 'sent', reason: 'Sent.' }, { code: 'sent' }],
      [
        { state: 'sent', reason: "Sent; the service's total (12.50) differs from the one entered." },
        { code: 'sent_total_differs', serviceTotal: '12.50' },
      ],
      [
        { state: 'sent', reason: "Sent; the service's total (—) differs from the one entered." },
        { code: 'sent_total_differs', serviceTotal: null },
      ],
      [
        {
          state: 'sent',
          reason: 'Found on the service as order PO-0042: it had arrived.',
          po: 'PO-0042',
          orderId: 42,
        },
        { code: 'found_on_service', poNumber: 'PO-0042', orderId: 42 },
      ],
      [
        { state: 'sent', reason: 'Found on the service as order #77: it had arrived.' },
        { code: 'found_on_service', poNumber: null, orderId: 77 },
      ],
      [
        {
          state: 'unknown',
          reason: 'The service answered, but not with the order, so it may or may not have been created.',
        },
        { code: 'answer_not_order' },
      ],
      [
        { state: 'unknown', reason: 'Sending failed in an unexpected way; the order may or may not have arrived.' },
        { code: 'send_failed' },
      ],
      [
        {
          state: 'queued',
          reason: 'Waiting: the service refused the API token. Fix it in Settings and the order is sent.',
        },
        { code: 'token_refused' },
      ],
      [{ state: 'queued', reason: 'The service asked to wait; sending again shortly.' }, { code: 'service_busy' }],
      [
        { state: 'queued', reason: 'The service cannot be reached; the order is sent when it is back.' },
        { code: 'unreachable' },
      ],
      [
        { state: 'unknown', reason: 'No answer in time. The order may or may not have been created.', last: 'timeout' },
        { code: 'maybe_delivered', error: 'timeout' },
      ],
      [
        { state: 'unknown', reason: 'Something else. The order may or may not have been created.', last: 'look_none' },
        { code: 'maybe_delivered', error: null },
      ],
      [
        { state: 'unknown', reason: 'Not known whether this order arrived: the service could not be asked yet.' },
        { code: 'not_asked_yet' },
      ],
      [
        { state: 'unknown', reason: 'No matching order was found on the service. Send it again, or discard it.' },
        { code: 'no_match' },
      ],
      [
        {
          state: 'unknown',
          reason:
            '1 possibly matching order was found on the service. Check them, then discard this one or send it again.',
        },
        { code: 'possible_matches', count: 1 },
      ],
      [
        {
          state: 'unknown',
          reason: '3 matching orders were found on the service. Check them, then discard this one or send it again.',
        },
        { code: 'possible_matches', count: 3 },
      ],
      [
        {
          state: 'unknown',
          reason: 'Shopdesk stopped while this order was being sent; it may or may not have arrived.',
        },
        { code: 'interrupted' },
      ],
      [{ state: 'discarded', reason: 'Corrected and entered again.' }, { code: 'corrected' }],
      [{ state: 'queued', reason: 'Sent again on purpose by staff.' }, { code: 'sent_again_by_staff' }],
      [{ state: 'discarded', reason: 'Discarded by staff.' }, { code: 'discarded_by_staff' }],
      [
        { state: 'rejected', reason: 'The email must be a valid email address.' },
        { code: 'rejected', serviceMessage: 'The email must be a valid email address.' },
      ],
      [
        { state: 'rejected', reason: 'The service rejected the data.' },
        { code: 'rejected', serviceMessage: null },
      ],
      [
        { state: 'unknown', reason: 'Words of a version nobody knew.' },
        { code: 'stored', text: 'Words of a version nobody knew.' },
      ],
    ];
    const entry = old.prepare(
      `INSERT INTO outbox (id, draft_id, service_key, state, created_at, updated_at, payload, reason, server_order_id, server_po_number)
       VALUES (@id, @id, 's', @state, 1, 1, '{}', @reason, @orderId, @po)`,
    );
    const attempt = old.prepare('INSERT INTO outbox_attempts (entry_id, at, outcome) VALUES (@id, @at, @outcome)');
    rows.forEach(([row], i) => {
      entry.run({
        id: `e${i}`,
        state: row.state,
        reason: row.reason,
        orderId: row.orderId ?? null,
        po: row.po ?? null,
      });
      attempt.run({ id: `e${i}`, at: 1, outcome: 'server_error' });
      if (row.last) attempt.run({ id: `e${i}`, at: 2, outcome: row.last });
    });
    old.close();

    const repo = new OutboxRepository(file);
    const read = rows.map((_, i) => repo.get(`e${i}`)!.reason);
    repo.close();
    expect(read).toEqual(rows.map(([, reason]) => reason));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
