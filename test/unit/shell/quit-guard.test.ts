/**
 * Quitting asks first (#30.1: orders on hold "are named in the quit guard"; and the outbox's orders not yet sent): the
 * question the desktop shell shows, in the shell's words.
 */
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../shared/domain';
import { emptyDraft } from '../../../shared/order-entry';
import { QUIT_NAMES, quitQuestion } from '../../../electron/main/quit-guard';
import { englishShell, shellTranslator } from '../../../electron/main/speech';

const draft = (id: string, onHold?: { name: string; at: number; slot: number | null }): Draft => ({
  id,
  step: 2,
  createdAt: 1,
  updatedAt: 1,
  data: { ...emptyDraft(undefined, '', ''), ...(onHold ? { onHold } : {}) },
});
const held = (count: number): Draft[] =>
  Array.from({ length: count }, (_, i) =>
    draft(`held-${i}`, { name: `Customer ${i + 1}`, at: i, slot: i < 9 ? i + 1 : null }),
  );
const { t } = englishShell();

describe('the quit guard', () => {
  it('asks nothing when no order waits (a draft not on hold is not named)', () => {
    expect(quitQuestion(0, [], t)).toBeNull();
    expect(quitQuestion(0, [draft('plain')], t)).toBeNull();
  });

  it('names the orders on hold, keyed ones first, and keeps Shopdesk open unless told to quit', () => {
    const drafts = [draft('plain'), ...held(2).reverse()];
    const question = quitQuestion(0, drafts, t)!;
    expect(question.message).toBe('2 orders are on hold: Customer 1, Customer 2');
    expect(question.detail).toBe(t('shell.quit.heldDetail'));
    expect(question.buttons).toEqual(['Keep Shopdesk open', 'Quit anyway']);
    expect([question.defaultId, question.cancelId]).toEqual([0, 0]);
  });

  it(`names the first ${QUIT_NAMES} and says there are more`, () => {
    const question = quitQuestion(0, held(12), t)!;
    const names = Array.from({ length: QUIT_NAMES }, (_, i) => `Customer ${i + 1}`).join(', ');
    expect(question.message).toBe(`12 orders are on hold: ${names}, …`);
    expect(question.message).not.toContain('Customer 9');
  });

  it('orders not sent come first; the held ones are named in the detail', () => {
    const question = quitQuestion(3, held(1), t)!;
    expect(question.message).toBe('3 orders are not sent yet');
    expect(question.detail).toBe(
      `${t('shell.quit.detail')}\n\n1 order is on hold: Customer 1. ${t('shell.quit.heldDetail')}`,
    );
    expect(quitQuestion(1, [], t)!.detail).toBe(t('shell.quit.detail'));
  });

  it('in the language chosen in Settings', () => {
    const german = quitQuestion(0, held(1), shellTranslator('de', ['en-US']).t)!;
    expect(german.message).toMatch(/Customer 1/);
    expect(german.message).not.toBe('1 order is on hold: Customer 1');
    expect(german.buttons[0]).not.toBe('Keep Shopdesk open');
  });
});
