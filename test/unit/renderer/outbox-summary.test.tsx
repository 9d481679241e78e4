// @vitest-environment jsdom
/**
 * The outbox's words for an entry as a whole (renderer/src/screens/outbox/words.ts, #28.7): the summary line says what
 * happened and what comes next from the entry's state and its attempts' codes, in the language in use; and each
 * entry is listed under the tab that says who acts on it. (Attempts one by one: outbox-words.test.ts.)
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../shared/domain';
import type { Speech } from '../../../shared/i18n/languages';
import { browserBits, speechesLoaded } from './jsdom';

vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async () => ({})),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { Speaking, laterWords } = await import('../../../renderer/src/i18n');
const { summaryLine, tabOf } = await import('../../../renderer/src/screens/outbox/words');
// the outbox's English words come after the first screen (shared/i18n/areas.ts): the screen waits for them, so do these
await laterWords();

beforeAll(async () => {
  browserBits();
  await speechesLoaded();
});
afterEach(cleanup);

// 20 November 2026, 14:05 in the test's own time zone
const AT = new Date(2026, 10, 20, 14, 5).getTime();
const attempt = (outcome: string, status: number | null = null, at = AT) => ({ at, outcome, status, excerpt: null });

function entry(patch: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    draftId: 'd1',
    state: 'queued',
    createdAt: AT,
    updatedAt: AT,
    order: {} as OutboxEntry['order'],
    reason: null,
    fieldErrors: null,
    serverOrderId: null,
    serverPoNumber: null,
    totalsMismatch: false,
    paused: false,
    check: null,
    attempts: [],
    ...patch,
  };
}

/** The summary of `e` as the screen draws it in a language (its catalogue loaded first). */
async function summaryIn(speech: Speech, e: OutboxEntry): Promise<string> {
  render(
    <MantineProvider>
      <Speaking speech={speech}>{() => <p data-testid="summary">{summaryLine(e)}</p>}</Speaking>
    </MantineProvider>,
  );
  return (await screen.findByTestId('summary')).textContent ?? '';
}

describe('the summary line', () => {
  it('a sent order says when and as which PO, and a total the service computed differently', async () => {
    const text = await summaryIn(
      { language: 'en', locale: 'en-GB' },
      entry({ state: 'sent', serverPoNumber: 'PO-0000041', totalsMismatch: true, attempts: [attempt('created', 201)] }),
    );
    expect(text).toBe('Sent 14:05 as PO-0000041. The service’s total differs from the one entered.');
  });

  it('tries while offline are counted and said as such; the next step follows from the codes, not from words', async () => {
    const offline = await summaryIn(
      { language: 'en', locale: 'en-GB' },
      entry({ attempts: [attempt('unreachable'), attempt('unreachable')] }),
    );
    expect(offline).toBe('Tried twice while offline. It is sent when the service is back.');
    cleanup();
    const failed = await summaryIn(
      { language: 'en', locale: 'en-GB' },
      entry({ attempts: [attempt('unreachable'), attempt('server_error', 500), attempt('server_error', 502)] }),
    );
    expect(failed).toBe('Tried 3 times (1 while offline). It is sent when the service is back.');
    cleanup();
    const paused = await summaryIn({ language: 'en', locale: 'en-GB' }, entry({ paused: true }));
    expect(paused).toMatch(/^Waiting: the service refused the API token/);
  });

  it('a rejected order names how many things to correct; in doubt, the last look is said once', async () => {
    const rejected = await summaryIn(
      { language: 'en', locale: 'en-GB' },
      entry({ state: 'rejected', fieldErrors: { zip: ['bad'], email: ['bad'] }, attempts: [attempt('rejected', 422)] }),
    );
    expect(rejected).toBe(
      'Rejected by the service at 14:05: 2 things to correct. Correct it and send it again, or discard it.',
    );
    cleanup();
    const unknown = await summaryIn(
      { language: 'en', locale: 'en-GB' },
      entry({ state: 'unknown', attempts: [attempt('timeout'), attempt('look_none', null, AT + 60_000)] }),
    );
    expect(unknown).toBe(
      'Tried once. Not known whether it arrived. Looked at 14:06: no matching order on the service. Look again, send it again, or discard it.',
    );
  });

  it('is said in the language in use', async () => {
    const text = await summaryIn(
      { language: 'de', locale: 'de-DE' },
      entry({ state: 'sent', serverPoNumber: 'PO-0000041', attempts: [attempt('created', 201)] }),
    );
    expect(text).toContain('PO-0000041');
    expect(text).toContain('14:05');
    expect(text).not.toMatch(/Sent|as PO/);
  });
});

describe('the tab an entry is listed under', () => {
  it('staff act on rejected, in-doubt and paused ones; queued and sending wait; sent ones show on their day', () => {
    expect(tabOf(entry({ state: 'rejected' }))).toBe('needs-you');
    expect(tabOf(entry({ state: 'unknown' }))).toBe('needs-you');
    expect(tabOf(entry({ state: 'queued', paused: true }))).toBe('needs-you');
    expect(tabOf(entry({ state: 'queued' }))).toBe('waiting');
    expect(tabOf(entry({ state: 'sending' }))).toBe('waiting');
    expect(tabOf(entry({ state: 'sent' }), AT + 3_600_000)).toBe('sent-today');
    expect(tabOf(entry({ state: 'sent' }), AT + 2 * 86_400_000)).toBeNull();
    expect(tabOf(entry({ state: 'discarded' }))).toBeNull();
  });
});
