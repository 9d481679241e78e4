/** The stock list's columns: every one it can show, in its usual order; name, stock and price are always there. */
import type { ProductRow } from '../../../../shared/domain';
import { count, money } from '../../components/format';
import { ListingLabel, listingWords } from '../../components/StatusBadge';
import { stockColumnWidth, StockFigure } from '../../components/StockBadge';
import { textWidth } from '../../components/textWidth';
import type { ListColumn } from '../../components/useListController';
import { t } from '../../i18n';

export const allStockColumns = (): ListColumn<ProductRow>[] => [
  { key: 'sku', header: t('items.skuHeader'), width: 110, sortable: true, priority: 5, render: (p) => p.sku || '—' },
  {
    key: 'name',
    header: t('stock.col.name'),
    width: 'minmax(180px, 1fr)',
    sortable: true,
    required: true,
    render: (p) => (
      <span title={p.name}>
        {p.name || t('orders.noName')}
        {!p.listed && ` · ${t('stock.noLongerListed')}`}
      </span>
    ),
  },
  { key: 'barcode', header: t('product.barcode'), width: 140, priority: 1, render: (p) => p.barcode || '—' },
  {
    key: 'available',
    header: t('stock.col.available'),
    width: stockColumnWidth(110),
    align: 'right',
    sortable: true,
    required: true,
    render: (p) => <StockFigure value={p.available} />,
  },
  {
    key: 'physical',
    header: t('stock.col.physical'),
    width: 90,
    align: 'right',
    sortable: true,
    priority: 3,
    render: (p) => (p.physical === null ? '—' : count(p.physical)),
  },
  {
    key: 'price',
    header: t('items.price'),
    width: 100,
    align: 'right',
    sortable: true,
    required: true,
    render: (p) => money(p.price),
  },
  {
    key: 'status',
    // the service's status of a product is its listing, not its stock (#27.6)
    header: t('listing.label'),
    width: Math.max(
      140,
      textWidth(t('listing.label'), 14, 600) + 40,
      ...listingWords().map((w) => textWidth(w, 13, 600) + 40),
    ),
    sortable: true,
    priority: 4,
    render: (p) => <ListingLabel status={p.listed ? p.status : 'delisted'} />,
  },
];
export const DEFAULT_STOCK_COLUMNS = ['sku', 'name', 'available', 'physical', 'price', 'status'];
