// @vitest-environment jsdom
/**
 * Today (#30.3): "a warning when the order book is not complete for the range". The core says how far the book can be
 * trusted (shared/figures.ts coverageOf, tested there); here the screen as staff meet it: an incomplete book is a
 * warning with its title and why (never read to the end; the last refresh could not reach the service), a complete
 * book or one complete up to a time is a quiet line.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../../shared/contract';
import { dayFigures, type Coverage } from '../../../shared/figures';
import { browserBits } from './jsdom';

let coverage: Coverage = { state: 'complete', completeAt: null, outcome: null };
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async (channel: string, request: { from: string; to: string }) => {
    if (channel !== 'figures:get') return {};
    const figures = dayFigures([], {
      from: request.from,
      to: request.to,
      timeZone: 'Europe/Amsterdam',
      stampZoneMs: null,
      sentByDesk: new Set(),
    });
    const answer: ResponseOf<'figures:get'> = {
      figures,
      coverage,
      cachedAt: Date.now() - 60_000,
      cachedOrders: 40,
      stampZoneKnown: false,
    };
    return answer;
  }),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { Speaking, laterWords, t } = await import('../../../renderer/src/i18n');
const { TodayScreen } = await import('../../../renderer/src/screens/today/TodayScreen');

beforeAll(async () => {
  browserBits();
  await laterWords(); // the screen's chunk waits for them (chunks.tsx)
});
afterEach(cleanup);

async function shown(given: Coverage): Promise<HTMLElement> {
  coverage = given;
  render(
    <MantineProvider>
      <MemoryRouter>
        <Speaking speech={{ language: 'en', locale: 'en-GB' }}>{() => <TodayScreen />}</Speaking>
      </MemoryRouter>
    </MantineProvider>,
  );
  // the first draw loads the dates' locale and the screen's parts: longer than Testing Library's 1 s on a busy machine
  return screen.findByTestId('figures-coverage', {}, { timeout: 10_000 });
}

describe('Today says when the order book is not complete (#30.3)', () => {
  it('never read to the end of the service’s list: a warning, titled, saying the figures may miss orders', async () => {
    const line = await shown({ state: 'incomplete', completeAt: null, outcome: null });
    expect(line.dataset.state).toBe('incomplete');
    expect(line.textContent).toContain(t('figures.coverage.title'));
    expect(line.textContent).toContain(t('figures.coverage.never'));
    expect(line.textContent).toMatch(/may miss orders/);
  });

  it('the last refresh could not reach the service: the warning says so, and since when the book is whole', async () => {
    const at = Date.now() - 3 * 3_600_000;
    const line = await shown({ state: 'incomplete', completeAt: at, outcome: 'unreachable' });
    expect(line.textContent).toContain(t('figures.coverage.title'));
    expect(line.textContent).toMatch(/could not reach the service/);
    expect(line.textContent).toMatch(/may miss orders/);
  });

  it('a complete book, or one complete up to a time, is a quiet line without the warning’s title', async () => {
    const complete = await shown({ state: 'complete', completeAt: Date.now(), outcome: 'end_seen' });
    expect(complete.textContent).toBe(t('figures.coverage.complete'));
    cleanup();
    const until = await shown({ state: 'until', completeAt: Date.now() - 600_000, outcome: 'end_seen' });
    expect(until.textContent).not.toContain(t('figures.coverage.title'));
    expect(until.textContent).toMatch(/^The order book was read to its end at /);
  });
});
