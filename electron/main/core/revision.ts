/**
 * Revisions for pushed state. A status read over IPC can arrive after a newer pushed one; the renderer keeps the
 * highest revision and drops the stale one. Rising across restarts too (the epoch is the start time).
 */
const epoch = Date.now() * 1000;
let counter = 0;

export function nextRevision(): number {
  counter += 1;
  return epoch + counter;
}
