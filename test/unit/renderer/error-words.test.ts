/**
 * #28.5: the core sends codes and facts; words belong to the renderer. An error envelope's `message` is English for
 * the developer's log: the screens word every error from its code and facts, and never show the message — not even
 * for a code they do not know (a newer core's), which reads as an internal error.
 */
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, type AppError, type ErrorCode } from '../../../shared/errors';

vi.mock('../../../renderer/src/store', () => ({ useStore: () => null }));
vi.mock('../../../renderer/src/bridge', () => ({ BridgeError: class extends Error {} }));
// named at run time only: errors.ts is checked with the renderer (tsconfig.web.json)
const ERRORS = '../../../renderer/src/errors';
const { errorWords } = (await import(/* @vite-ignore */ ERRORS)) as {
  errorWords(error: Pick<AppError, 'code' | 'facts'> & { message?: string }): string;
};

/** A message no word of Shopdesk's contains: wherever it shows, the envelope's English got through. */
const SENTINEL = 'ZZ-envelope-message-ZZ';

describe('an error in words, from its code and facts alone', () => {
  it.each([...ERROR_CODES])('%s: words of its own, never the message', (code) => {
    for (const facts of [undefined, { reason: 'something_new', status: 500, network: 'refused' }]) {
      const words = errorWords({ code, message: SENTINEL, facts });
      expect(words).not.toContain(SENTINEL);
      expect(words.trim()).not.toBe('');
    }
  });

  it('a code this screen does not know reads as an internal error, not as the message', () => {
    const internal = errorWords({ code: 'internal', message: SENTINEL });
    const words = errorWords({ code: 'from_a_newer_core' as ErrorCode, message: SENTINEL, facts: { reason: 'x' } });
    expect(words).toBe(internal);
    expect(words).not.toContain(SENTINEL);
  });
});
