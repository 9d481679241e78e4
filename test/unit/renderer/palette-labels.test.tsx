// @vitest-environment jsdom
/**
 * The palette's product actions follow the store while the palette is open: "Add to order" says whether it adds to
 * the order being entered or starts one as a draft is opened or closed, and the favourites action says Pin or Unpin as
 * the product is pinned or unpinned (here by the store alone, as from the grid or another window).
 */
import { MantineProvider } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductRow } from '../../../shared/domain';
import { emptyDraft } from '../../../shared/order-entry';
import { browserBits } from './jsdom';

vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async () => ({})),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { laterWords, t } = await import('../../../renderer/src/i18n');
const { useStore } = await import('../../../renderer/src/store');
const { PaletteProducts } = await import('../../../renderer/src/components/PaletteParts');

const APPLES = { id: 7, sku: 'A-7', name: 'Apples', price: '1.20', available: 4 } as ProductRow;
const product = `${APPLES.sku} — ${APPLES.name}`;

/** The palette's product actions alone, open, as the palette draws them for one product found. */
function drawn(): void {
  render(
    <MantineProvider env="test">
      <Spotlight.Root forceOpened query="apples" onQueryChange={() => undefined}>
        <Spotlight.ActionsList>
          <PaletteProducts
            products={[APPLES]}
            quantity={null}
            go={() => () => undefined}
            add={() => undefined}
            pin={() => undefined}
          />
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </MantineProvider>,
  );
}

const addAction = (): HTMLElement =>
  screen.getByRole('button', { name: new RegExp(`^${t('palette.addProduct', { product })}`) });
const pinAction = (): HTMLElement =>
  screen.getByRole('button', {
    name: new RegExp(`^(${t('palette.pinProduct', { product })}|${t('palette.unpinProduct', { product })})`),
  });

beforeAll(async () => {
  browserBits();
  await laterWords(); // the palette's chunk waits for them
});
afterEach(() => {
  cleanup();
  useStore.setState((s) => ({ wizard: null, ui: { ...s.ui, favourites: [] } }));
});

describe('the palette’s product actions follow the store', () => {
  it('"Add to order" says it starts an order, then, once a draft is open, that it adds to it, and back', () => {
    drawn();
    expect(addAction().textContent).toContain(t('palette.startsOrder'));
    act(() =>
      useStore.getState().openWizard({ id: 'open-order', step: 2, data: emptyDraft(undefined, '', ''), saved: true }),
    );
    expect(addAction().textContent).toContain(t('palette.addsToOrder'));
    expect(addAction().textContent).not.toContain(t('palette.startsOrder'));
    act(() => useStore.setState({ wizard: null }));
    expect(addAction().textContent).toContain(t('palette.startsOrder'));
  });

  it('the favourites action says Pin, then Unpin once the product is pinned, then Pin again', () => {
    drawn();
    expect(pinAction().textContent).toContain(t('palette.pinProduct', { product }));
    act(() => useStore.setState((s) => ({ ui: { ...s.ui, favourites: [3, APPLES.id] } })));
    expect(pinAction().textContent).toContain(t('palette.unpinProduct', { product }));
    act(() => useStore.setState((s) => ({ ui: { ...s.ui, favourites: [3] } })));
    expect(pinAction().textContent).toContain(t('palette.pinProduct', { product }));
  });
});
