/**
 * The palette's groups of actions for the products found: open one in Stock, add it to the order (with the quantity
 * typed before the search), pin it to the favourites or take its pin off.
 */
import { Spotlight } from '@mantine/spotlight';
import type { ProductRow } from '../../../shared/domain';
import { t } from '../i18n';
import { useStore } from '../store';
import { money } from './format';

/** A product's stock in the product picker's words (its StockFigure): none or less is "Out of stock", never "0 in stock". */
const stockWords = (available: number | null): string =>
  available === null
    ? t('palette.noStock')
    : available <= 0
      ? t('palette.stockOut')
      : t('palette.available', { count: available });

export function PaletteProducts({
  products,
  quantity,
  go,
  add,
  pin,
}: {
  products: ProductRow[];
  /** The quantity typed before the search; null: none (one is added). */
  quantity: number | null;
  go: (to: string) => () => void;
  add: (product: ProductRow) => void;
  pin: (product: ProductRow) => void;
}) {
  // read by subscription, so the words follow a draft opened or closed and a pin changed while the palette is open
  const orderOpen = useStore((s) => s.wizard !== null);
  const pins = useStore((s) => s.ui.favourites);
  if (products.length === 0) return null;
  return (
    <>
      <Spotlight.ActionsGroup label={t('palette.products')}>
        {products.map((p) => (
          <Spotlight.Action
            key={`p${p.id}`}
            label={`${p.sku} — ${p.name}`}
            description={`${money(p.price)} · ${stockWords(p.available)}`}
            onClick={go(`/stock?product=${p.id}`)}
          />
        ))}
      </Spotlight.ActionsGroup>
      <Spotlight.ActionsGroup label={t('palette.addToOrder')}>
        {products.map((p) => (
          <Spotlight.Action
            key={`a${p.id}`}
            label={
              quantity === null
                ? t('palette.addProduct', { product: `${p.sku} — ${p.name}` })
                : t('palette.addQuantity', { quantity, product: `${p.sku} — ${p.name}` })
            }
            description={orderOpen ? t('palette.addsToOrder') : t('palette.startsOrder')}
            onClick={() => add(p)}
          />
        ))}
      </Spotlight.ActionsGroup>
      <Spotlight.ActionsGroup label={t('favourites.title')}>
        {products.map((p) => {
          const product = `${p.sku} — ${p.name}`;
          const pinned = pins.includes(p.id);
          return (
            <Spotlight.Action
              key={`f${p.id}`}
              label={pinned ? t('palette.unpinProduct', { product }) : t('palette.pinProduct', { product })}
              description={t('palette.pinHelp')}
              onClick={() => pin(p)}
            />
          );
        })}
      </Spotlight.ActionsGroup>
    </>
  );
}
