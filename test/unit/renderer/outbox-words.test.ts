/**
 * The outbox's attempts and reasons in words (renderer/src/screens/outbox/words.ts, issues #18, #28.5): no code is
 * shown as written.
 */
import { describe, expect, it, vi } from 'vitest';
import { ATTEMPT_OUTCOMES, OutboxReason, type OutboxEntry } from '../../../shared/domain';
import { ERROR_CODES } from '../../../shared/errors';
import en from '../../../shared/i18n/en.json';

// the screen's words without the window: the store and the bridge only matter in a page
vi.mock('../../../renderer/src/store', () => ({ useStore: () => null }));
vi.mock('../../../renderer/src/bridge', () => ({ BridgeError: class extends Error {} }));
// named at run time only: the unit tests' typecheck (tsconfig.node.json) has no JSX or DOM, and words.ts is checked
// with the renderer (tsconfig.web.json)
const WORDS = '../../../renderer/src/screens/outbox/words';
const { attemptWords, reasonWords } = (await import(/* @vite-ignore */ WORDS)) as {
  attemptWords(attempt: OutboxEntry['attempts'][number]): string;
  reasonWords(reason: OutboxReason): string;
};
// the outbox's English words come after the first screen (shared/i18n/areas.ts): the screen waits for them, so do these
const I18N = '../../../renderer/src/i18n';
await ((await import(/* @vite-ignore */ I18N)) as { laterWords(): Promise<void> }).laterWords();

const attempt = (outcome: string, status: number | null = null) => ({ at: 0, outcome, status, excerpt: null });
/** The English messages with their placeholders as wildcards: a text worded from the catalogue matches one. */
const MESSAGES = Object.values(en).map(
  (message) =>
    new RegExp(
      `^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, '.*')}$`,
      's',
    ),
);
const fromCatalogue = (text: string): boolean => MESSAGES.some((pattern) => pattern.test(text));

describe('attempt words', () => {
  it.each([...ATTEMPT_OUTCOMES, ...ERROR_CODES])('%s is worded from the catalogue', (outcome) => {
    const words = attemptWords(attempt(outcome));
    expect(words).not.toBe(outcome);
    expect(fromCatalogue(words)).toBe(true);
  });

  it('an error code the sender has no attempt words for is worded as the error', () => {
    expect(attemptWords(attempt('token_for_other_address'))).toBe(en['error.tokenForOtherAddress.unknown']);
    expect(attemptWords(attempt('not_configured', 409))).toBe(`${en['error.notConfigured']} (409)`);
  });

  it('a failed send says what happened in words, with the service’s status code and no “HTTP”', () => {
    expect(attemptWords(attempt('server_error', 500))).toBe('The service failed (500)');
    expect(attemptWords(attempt('validation', 422))).toBe('The service rejected the order (422)');
    expect(attemptWords(attempt('created', 201))).toBe(en['outbox.attempt.created']);
    for (const outcome of [...ATTEMPT_OUTCOMES, ...ERROR_CODES])
      expect(attemptWords(attempt(outcome, 503))).not.toMatch(/HTTP/);
  });

  it('a send’s usual outcomes keep their own words; text an older Shopdesk kept is shown as written', () => {
    expect(attemptWords(attempt('unreachable'))).toBe(en['outbox.attempt.unreachable']);
    expect(attemptWords(attempt('look_unlike'))).toBe(en['outbox.attempt.unlike']);
    expect(attemptWords(attempt('sent by hand'))).toBe('sent by hand');
  });
});

/** One reason of every code the core writes, with facts (what outbox migration 007 reads old sentences as). */
const REASONS: OutboxReason[] = [
  { code: 'sending' },
  { code: 'sent' },
  { code: 'sent_total_differs', serviceTotal: '12.50' },
  { code: 'sent_total_differs', serviceTotal: null },
  { code: 'found_on_service', poNumber: 'PO-0042', orderId: 42 },
  { code: 'found_on_service', poNumber: null, orderId: 77 },
  { code: 'found_on_service', poNumber: null, orderId: null },
  { code: 'token_refused' },
  { code: 'service_busy' },
  { code: 'unreachable' },
  { code: 'rejected', serviceMessage: 'The given data was invalid.' },
  { code: 'rejected', serviceMessage: null },
  { code: 'answer_not_order' },
  { code: 'send_failed' },
  { code: 'maybe_delivered', error: 'timeout' },
  { code: 'maybe_delivered', error: 'internal' },
  { code: 'maybe_delivered', error: null },
  { code: 'interrupted' },
  { code: 'not_asked_yet' },
  { code: 'no_match' },
  { code: 'possible_matches', count: 1 },
  { code: 'possible_matches', count: 3 },
  { code: 'corrected' },
  { code: 'sent_again_by_staff' },
  { code: 'discarded_by_staff' },
];

describe('reason words', () => {
  it('every code the contract allows has a sample here (and `stored` is text as written)', () => {
    const codes = OutboxReason.options.map((option) => [...option.shape.code.values][0]);
    expect(new Set([...REASONS.map((r) => r.code), 'stored'])).toEqual(new Set(codes));
  });

  it.each(REASONS.map((r) => [JSON.stringify(r), r] as const))('%s is worded from the catalogue', (_, reason) => {
    const words = reasonWords(reason);
    expect(words).not.toBe(reason.code);
    expect(words).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(fromCatalogue(words)).toBe(true);
    expect(words).not.toMatch(/undefined|NaN|null/);
  });

  it('in English they read as the sentences the core used to store', () => {
    expect(reasonWords({ code: 'found_on_service', poNumber: 'PO-0042', orderId: 42 })).toBe(
      'Found on the service as order PO-0042: it had arrived.',
    );
    expect(reasonWords({ code: 'found_on_service', poNumber: null, orderId: 77 })).toBe(
      'Found on the service as order #77: it had arrived.',
    );
    expect(reasonWords({ code: 'possible_matches', count: 2 })).toBe(
      '2 possibly matching orders were found on the service. Check them, then discard this one or send it again.',
    );
    expect(reasonWords({ code: 'maybe_delivered', error: 'timeout' })).toBe(
      'No answer in time. The order may or may not have been created.',
    );
    expect(reasonWords({ code: 'discarded_by_staff' })).toBe('Discarded by staff.');
  });

  it('what the service said and words an older Shopdesk kept are shown as written', () => {
    expect(reasonWords({ code: 'rejected', serviceMessage: 'The email field is required.' })).toBe(
      'The service rejected the data: “The email field is required.”',
    );
    expect(reasonWords({ code: 'stored', text: 'Words of a version nobody knew.' })).toBe(
      'Words of a version nobody knew.',
    );
  });
});
