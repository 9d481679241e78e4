// @vitest-environment jsdom
/**
 * The palette tells a product's stock in the words of the Items step's product picker: "Out of stock" for none (or
 * less), "stock —" for a figure the catalogue does not have, "4 in stock" otherwise — in every language, never
 * "0 in stock". The palette has keys of its own (its words are in the first screen's part of English), so each
 * catalogue is checked to word them as the picker's keys do.
 */
import { MantineProvider } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import de from '../../../shared/i18n/de.json';
import en from '../../../shared/i18n/en.json';
import es from '../../../shared/i18n/es.json';
import fr from '../../../shared/i18n/fr.json';
import nl from '../../../shared/i18n/nl.json';
import type { ProductRow } from '../../../shared/domain';
import { browserBits } from './jsdom';

vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async () => ({})),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { laterWords, t } = await import('../../../renderer/src/i18n');
const { PaletteProducts } = await import('../../../renderer/src/components/PaletteParts');
const { StockFigure } = await import('../../../renderer/src/screens/new-order/FavouritesGrid');

const row = (id: number, available: number | null): ProductRow =>
  ({ id, sku: `S-${id}`, name: `Product ${id}`, price: '1.20', available }) as ProductRow;

/** The description of the palette's "open in Stock" action for the product, as drawn. */
function paletteStock(product: ProductRow): string {
  render(
    <MantineProvider env="test">
      <Spotlight.Root forceOpened query="product" onQueryChange={() => undefined}>
        <Spotlight.ActionsList>
          <PaletteProducts
            products={[product]}
            quantity={null}
            go={() => () => undefined}
            add={() => undefined}
            pin={() => undefined}
          />
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </MantineProvider>,
  );
  const open = screen.getByRole('button', { name: new RegExp(`^${product.sku} — ${product.name}`) });
  const text = open.textContent ?? '';
  cleanup();
  return text;
}

/** What the product picker shows for the product's stock. */
function pickerStock(product: ProductRow): string {
  const { container } = render(
    <MantineProvider env="test">
      <StockFigure row={product} />
    </MantineProvider>,
  );
  const text = container.querySelector('span')?.textContent ?? '';
  cleanup();
  return text;
}

beforeAll(async () => {
  browserBits();
  await laterWords(); // the palette's chunk waits for them
});
afterEach(cleanup);

describe('the palette’s stock words are the product picker’s', () => {
  it.each([
    ['none', 0],
    ['less than none', -2],
    ['unknown', null],
    ['some', 4],
  ])('%s in stock: the palette says what the picker says', (_, available) => {
    const product = row(1, available);
    const picker = pickerStock(product);
    expect(picker).not.toBe('');
    expect(paletteStock(product)).toContain(`· ${picker}`);
  });

  it('none in stock is never "0 in stock"', () => {
    const text = paletteStock(row(2, 0));
    expect(text).not.toContain(t('palette.available', { count: 0 }));
    expect(text).toContain(t('wizard.stock.out'));
  });

  it.each(Object.entries({ en, de, fr, es, nl }))('%s: the palette’s keys word stock as the picker’s', (_, words) => {
    const catalogue = words as Record<string, string>;
    expect(catalogue['palette.stockOut']).toBe(catalogue['wizard.stock.out']);
    expect(catalogue['palette.noStock']).toBe(catalogue['wizard.items.stockUnknown']);
    expect(catalogue['palette.available']).toBe(catalogue['wizard.items.inStock']);
  });
});
