// @vitest-environment jsdom
/**
 * Orders on hold (#30.1): no limit below 100, and a clear message at it. With 99 orders waiting the open one goes on
 * hold (written, the next order started); with 100 waiting "Put on hold" keeps the order open and says why, with the
 * limit, and writes nothing.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../shared/domain';
import { MAX_HELD } from '../../../shared/holds';
import { emptyDraft } from '../../../shared/order-entry';
import en from '../../../shared/i18n/en.json';
import { browserBits } from './jsdom';

/** The drafts main holds (drafts:list answers them); the saves asked for are recorded. */
let stored: Draft[] = [];
const saves: Array<{ id: string; data: Draft['data'] }> = [];
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async (channel: string, request: { id: string; step: number; data: Draft['data'] }) => {
    if (channel === 'drafts:list') return { drafts: stored };
    if (channel === 'drafts:save') {
      saves.push({ id: request.id, data: request.data });
      return { id: request.id, step: request.step, createdAt: 1, updatedAt: Date.now(), data: request.data };
    }
    return {};
  }),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { useStore } = await import('../../../renderer/src/store');
const { useHold } = await import('../../../renderer/src/screens/new-order/HeldOrders');

const LINE = { productId: 1, sku: 'A-1', name: 'Apples', price: '1.00', available: 3, addedAt: 1, quantity: 1 };

/** `count` orders on hold, as main lists them (the first nine keyed). */
function heldDrafts(count: number): Draft[] {
  return Array.from({ length: count }, (_, i) => {
    const draft = emptyDraft(undefined, '', '');
    return {
      id: `held-${i}`,
      step: 2,
      createdAt: i,
      updatedAt: i,
      data: { ...draft, lines: [LINE], onHold: { name: `Customer ${i}`, at: i, slot: i < 9 ? i + 1 : null } },
    };
  });
}

/** The wizard's hold button and the message beside it, as the wizard draws them. */
function Hold({ onNext }: { onNext: (path: string) => void }) {
  const { button, dialog, message } = useHold(onNext);
  return (
    <>
      {button}
      {dialog}
      {message && <div role="alert">{message}</div>}
    </>
  );
}

beforeAll(browserBits);
afterEach(() => {
  cleanup();
  useStore.setState({ wizard: null, drafts: [], holdNote: null });
  saves.length = 0;
});

async function putOnHoldWith(waiting: number) {
  stored = heldDrafts(waiting);
  const draft = emptyDraft(undefined, '', '');
  useStore.getState().openWizard({
    id: 'open-order',
    step: 2,
    data: { ...draft, fields: { ...draft.fields, name: 'Ada Lovelace' }, lines: [LINE] },
    saved: true,
  });
  const onNext = vi.fn();
  render(
    <MantineProvider>
      <Hold onNext={onNext} />
    </MantineProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: en['hold.put'] }));
  return onNext;
}

describe('orders on hold: the limit (#30.1)', () => {
  it('is not below 100', () => {
    expect(MAX_HELD).toBeGreaterThanOrEqual(100);
  });

  it('with 99 waiting, the order goes on hold under the customer’s name and the next one starts', async () => {
    const onNext = await putOnHoldWith(MAX_HELD - 1);
    await vi.waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    const written = saves.find((s) => s.id === 'open-order');
    expect(written?.data.onHold).toMatchObject({ name: 'Ada Lovelace', slot: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with 100 waiting, the order stays open and says so, naming the limit; nothing is written as held', async () => {
    const onNext = await putOnHoldWith(MAX_HELD);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(en['hold.full'].replace('{max}', String(MAX_HELD)));
    expect(alert.textContent).toMatch(/^100 orders are on hold already/);
    expect(onNext).not.toHaveBeenCalled();
    expect(useStore.getState().wizard?.id).toBe('open-order');
    expect(useStore.getState().wizard?.data.onHold).toBeUndefined();
    expect(saves.some((s) => s.data.onHold !== undefined)).toBe(false);
  });
});
