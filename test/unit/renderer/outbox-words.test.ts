/** The outbox's attempts in words (renderer/src/screens/outbox/words.ts, issue #18): no code is shown as written. */
import { describe, expect, it, vi } from 'vitest';
import { ATTEMPT_OUTCOMES, type OutboxEntry } from '../../../shared/domain';
import { ERROR_CODES } from '../../../shared/errors';
import en from '../../../shared/i18n/en.json';

// the screen's words without the window: the store and the bridge only matter in a page
vi.mock('../../../renderer/src/store', () => ({ useStore: () => null }));
vi.mock('../../../renderer/src/bridge', () => ({ BridgeError: class extends Error {} }));
// named at run time only: the unit tests' typecheck (tsconfig.node.json) has no JSX or DOM, and words.ts is checked
// with the renderer (tsconfig.web.json)
const WORDS = '../../../renderer/src/screens/outbox/words';
const { attemptWords } = (await import(/* @vite-ignore */ WORDS)) as {
  attemptWords(attempt: OutboxEntry['attempts'][number]): string;
};

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
