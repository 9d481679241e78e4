/**
 * A writer for the crash-safety test: in one process, a catalogue sync runs through the real core against the
 * reference service while drafts are saved and outbox entries queued as fast as they can be, printing
 * "ack <kind> <id>" after each write returns (committed). The test kills it with SIGKILL at random moments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DraftRepository } from '../../electron/main/core/db/drafts';
import { OutboxRepository } from '../../electron/main/core/db/outbox';
import { fileDatabaseKey } from '../../electron/main/core/database-key';
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
    // the writer thread as the app runs it (built JavaScript, quick to start) when the build is there
    catalogueWriter: fs.existsSync(BUILT_WRITER) ? { script: BUILT_WRITER, execArgv: [] } : undefined,
  });
  await core.dispatch('settings:save', { baseUrl: serviceUrl, token: 'tok' });
  // the kill timer starts once this run's sync has fetched a page (its writer thread then has work): kills land
  // while pages are being written, not while the process is still starting
  let first: number | null = null;
  const fetching = new Promise<void>((resolve) => {
    core.events.on('catalogue:progress', ({ pagesDone, state }) => {
      first ??= pagesDone;
      if (pagesDone > first || state !== 'running') resolve();
    });
    setTimeout(resolve, 1500);
  });
  await core.dispatch('catalogue:sync', {}); // resumes the unfinished pass of the run before
  await fetching;
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
