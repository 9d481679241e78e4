/**
 * A writer for the crash-safety test: in one process, a catalogue sync runs through the real core against the
 * reference service while drafts are saved and outbox entries queued as fast as they can be, printing
 * "ack <kind> <id>" after each write returns (committed). The test kills it with SIGKILL at random moments.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { DraftRepository } from '../../electron/main/core/drafts/db';
import { OutboxRepository } from '../../electron/main/core/outbox/db';
import { fileDatabaseKey } from '../../electron/main/core/storage/database-key';
import { DraftData } from '../../shared/domain';
import { coreIn } from './core';
import { sampleOrder } from './sample-order';
import { BUILT_WRITER_NAME } from '../../electron/main/core/packaged-paths';

const dir = process.argv[2]!;
const run = process.argv[3]!;
const serviceUrl = process.argv[4];
// encrypted as the app's are (the reliability figures hold with encryption on)
const key = fileDatabaseKey(dir).key;
const outbox = new OutboxRepository(path.join(dir, 'outbox.sqlite'), key);
const drafts = new DraftRepository(path.join(dir, 'drafts.sqlite'), key);
const order = sampleOrder({ remarks: 'x'.repeat(500) });
const BUILT_WRITER = path.resolve('out/main', BUILT_WRITER_NAME);

if (serviceUrl) {
  const core = coreIn(path.join(dir, 'core'), {
    // the writer thread as the app runs it (built JavaScript, quick to start) when the build is there; else from the
    // sources, named from the project folder (this file may run bundled, elsewhere than its source)
    catalogueWriter: fs.existsSync(BUILT_WRITER)
      ? { script: BUILT_WRITER, execArgv: [] }
      : { script: path.resolve('electron/main/core/catalogue/writer.worker.ts'), execArgv: ['--import', 'tsx'] },
  });
  await core.dispatch('settings:save', { baseUrl: serviceUrl, token: 'tok' });
  // the kill timer starts once this run's sync has committed a page (its writer thread is then at work): kills land
  // while pages are being written, not while the process is still starting. Waited for, not timed: on a busy machine a
  // fixed 1.5 s, and then 'a page fetched', came before the writer thread's first commit, and no run of 100 was killed
  // after one (the test's 'pages committed before some kill' failed under two CPU hogs). The commits are read as any
  // reader sees them: the catalogue file's page table, from a connection of its own. A sync stalled for 30 s is let go.
  const coreDir = path.join(dir, 'core');
  const open: { reader: InstanceType<typeof Database> | null } = { reader: null };
  const committedPages = (): number => {
    try {
      if (!open.reader) {
        const file = fs.readdirSync(coreDir).find((f) => /^catalogue-.*\.sqlite$/.test(f));
        if (!file) return 0;
        open.reader = new Database(path.join(coreDir, file), { readonly: true, fileMustExist: true });
      }
      return open.reader.prepare('SELECT count(*) FROM sync_pages').pluck().get() as number;
    } catch {
      return 0; // not made yet, or its tables not yet
    }
  };
  let before = committedPages();
  await core.dispatch('catalogue:sync', {}); // resumes the unfinished pass of the run before
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const now = committedPages();
    if (now > before) break;
    before = Math.min(before, now); // a new pass starts its page table afresh
    const status = await core.dispatch('catalogue:status', {});
    if ((status.ok && (status.value as { state: string }).state !== 'running') || Date.now() > giveUp) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  open.reader?.close();
}
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const draftId = `draft-${run}-${i}`;
  drafts.save(
    draftId,
    'svc',
    1,
    DraftData.parse({ fields: { name: `n${i}`, email: 'e', phone: '', remarks: 'y'.repeat(800) } }),
  );
  process.stdout.write(`ack draft ${draftId}\n`);
  const entry = outbox.submit(`submit-${run}-${i}`, 'svc', order);
  process.stdout.write(`ack outbox ${entry.id}\n`);
  // the sync's fetches and page writes run in between
  if (i % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
}
