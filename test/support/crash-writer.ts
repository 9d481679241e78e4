/**
 * A writer for the crash-safety test: saves drafts and queues outbox entries as fast as it can, printing
 * "ack <kind> <id>" after each write returns (committed). The test kills it with SIGKILL at random moments.
 */
import path from 'node:path';
import { DraftRepository } from '../../electron/main/core/db/drafts';
import { OutboxRepository } from '../../electron/main/core/db/outbox';
import { DraftData } from '../../shared/domain';
import { sampleOrder } from './sample-order';

const dir = process.argv[2]!;
const run = process.argv[3]!;
const outbox = new OutboxRepository(path.join(dir, 'outbox.sqlite'));
const drafts = new DraftRepository(path.join(dir, 'drafts.sqlite'));
const order = sampleOrder({ remarks: 'x'.repeat(500) });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const draftId = `draft-${run}-${i}`;
  drafts.save(
    draftId,
    'svc',
    1,
    DraftData.parse({ customer: { name: `n${i}`, email: 'e', phone: '' }, remarks: 'y'.repeat(800) }),
  );
  process.stdout.write(`ack draft ${draftId}\n`);
  const entry = outbox.submit(`submit-${run}-${i}`, 'svc', order);
  process.stdout.write(`ack outbox ${entry.id}\n`);
}
