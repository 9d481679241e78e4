/**
 * The reorder list (#30.4): the stock list's current filter — "Low or out" at the threshold from Settings → Stock —
 * on A4 for printing (SKU, name, available, physical, price), and the same rows as CSV (shared/reorder.ts).
 */
import type { CatalogueQueryRequest } from '../../../shared/contract';
import type { ProductRow } from '../../../shared/domain';
import { call } from '../bridge';
import { count, dayAndTime, money } from '../components/format';
import { t } from '../i18n';

/** The filter's products, a window at a time, up to `max`; `total` is how many matched. */
export async function filteredProducts(
  query: Omit<CatalogueQueryRequest, 'offset' | 'limit'>,
  max: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const rows: ProductRow[] = [];
  let total = 0;
  for (let offset = 0; offset < max; offset += 500) {
    const window = await call('catalogue:query', { ...query, offset, limit: Math.min(500, max - offset) });
    total = window.total;
    rows.push(...window.rows);
    if (window.rows.length === 0 || rows.length >= total) break;
  }
  return { rows, total };
}

export function ReorderListDocument({
  rows,
  total,
  shopName,
  lowStock,
  lowOrOut,
  printed,
}: {
  rows: ProductRow[];
  total: number;
  shopName: string;
  lowStock: number;
  /** The list is the reorder list ("Low or out"), not another filter of the stock list. */
  lowOrOut: boolean;
  printed: number;
}) {
  const title = lowOrOut ? t('reorder.title') : t('reorder.stockList');
  return (
    <article className="order-sheet-print list-sheet" aria-label={t('reorder.label')}>
      <header className="sheet-head">
        <div>
          {/* the shop's name over the list's; without one, the list's name alone (not "Order sheet") */}
          <div className="sheet-shop">{shopName || title}</div>
          {shopName && <div>{title}</div>}
        </div>
        <div className="sheet-po">
          {lowOrOut && <div>{t('reorder.threshold', { count: lowStock })}</div>}
          <div>{t('reorder.printed', { when: dayAndTime(printed) })}</div>
          <div>{t('reorder.products', { count: total })}</div>
        </div>
      </header>
      <table className="sheet-items">
        <thead>
          <tr>
            <th>{t('items.skuHeader')}</th>
            <th>{t('stock.col.name')}</th>
            <th className="num">{t('stock.col.available')}</th>
            <th className="num">{t('stock.col.physical')}</th>
            <th className="num">{t('items.price')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id}>
              <td>{p.sku || '—'}</td>
              <td>{p.name || t('orders.noName')}</td>
              <td className="num">{count(p.available)}</td>
              <td className="num">{count(p.physical)}</td>
              <td className="num">{money(p.price)}</td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={5}>{t('reorder.none')}</td>
            </tr>
          )}
        </tbody>
      </table>
      {total > rows.length && <p className="sheet-note">{t('reorder.firstOnly', { shown: rows.length, total })}</p>}
    </article>
  );
}
