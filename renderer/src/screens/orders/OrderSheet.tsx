/**
 * The order sheet for paper: a document, not the screen. The shop's name and address (Settings → Shop), the print
 * date, the PO number with a Code 128 barcode, customer and delivery address, the lines with SKU, name, quantity,
 * price and line total, the totals in the shop's currency, and the remarks. On A4 its width fits US Letter too; on a
 * till printer's 80 or 58 mm roll it is a slip of one column (#30.6). Printed from the page (Ctrl+P) it lives outside
 * the app's frame (print.css hides everything else); the print preview shows and prints it on the paper chosen.
 */
import { Fragment } from 'react';
import { createPortal } from 'react-dom';
import type { DateView, OrderDetail, OrderItemView } from '../../../../shared/domain';
import { barcodeOf, type Barcode } from '../../../../shared/barcodes';
import type { SheetSize } from '../../../../shared/print';
import type { ShopSettings } from '../../../../shared/shop';
import { BarcodeSvg } from '../../print/BarcodeSvg';
import { formatDay } from '../../components/DateText';
import { count, dayAndTime, money } from '../../components/format';
import { statusText } from '../../components/StatusBadge';
import { t } from '../../i18n';
import { addressLines, textOf, totalsRows } from './orderBlocks';
import { fieldsShown, specOf } from '../../../../shared/order-schema';

/** The customer's lines and the notes, as the order schema places them on the sheet. */
const CUSTOMER = fieldsShown('sheet', 'customer');
const NOTES = fieldsShown('sheet', 'note').map((name) => ({ name, ...specOf(name).note! }));

/** Each note under its title, "None." when empty. */
function SheetNotes({ order: o }: { order: OrderDetail }) {
  return NOTES.map(({ name, title, sheetEmpty }) => (
    <Fragment key={name}>
      <h2>{t(title)}</h2>
      <div className="sheet-lines">{textOf(o, name) || t(sheetEmpty)}</div>
    </Fragment>
  ));
}

const day = (view: DateView): string =>
  view.kind === 'date' ? formatDay(view.iso, 'medium') : view.kind === 'invalid' ? view.text : '—';

/** The PO number's bars (Code 128, the labels' encoder: vector rectangles, no script); none without a PO number. */
const poBars = (o: OrderDetail): Barcode | null => (o.poNumber ? barcodeOf(o.poNumber, 'CODE128') : null);

/** One order line as both papers print it: its words and amounts, '—' where the service sent none. */
function sheetLine(item: OrderItemView, i: number) {
  return {
    key: item.id ?? `line-${i}`,
    sku: item.productSku,
    name: item.productName ?? t('items.productNumber', { id: item.productVariantId ?? '?' }),
    quantity: item.quantity === null ? '—' : count(item.quantity),
    price: money(item.price),
    total: money(item.lineTotal),
    /** "(discount 1.00)" when the line had one. */
    discount:
      item.discount && Number(item.discount) !== 0 ? t('sheet.discount', { amount: money(item.discount) }) : null,
  };
}

/** The totals under the lines (subtotal, shipping, tax, discount as the order has them) and the total. */
function SheetTotals({ order: o, className }: { order: OrderDetail; className: string }) {
  return (
    <table className={className}>
      <tbody>
        {totalsRows(o).map(([label, value]) => (
          <tr key={label}>
            <th>{label}</th>
            <td className="num">{money(value)}</td>
          </tr>
        ))}
        <tr className="sheet-total">
          <th>{t('totals.total')}</th>
          <td className="num">{money(o.totalPrice)}</td>
        </tr>
      </tbody>
    </table>
  );
}

interface SheetProps {
  order: OrderDetail;
  /** Settings → Shop: the name and address at the top of the sheet. */
  shop: Pick<ShopSettings, 'name' | 'address'>;
  printed: number;
}

/** The sheet put outside the app's frame, for the browser's own printing of the page (Ctrl+P): A4. */
export function OrderSheet(props: SheetProps) {
  return createPortal(<OrderSheetDocument {...props} size="a4" />, document.body);
}

/** The sheet on its paper: A4, or a till slip of 80 or 58 mm (#30.6). */
export function OrderSheetDocument({ size, ...props }: SheetProps & { size: SheetSize }) {
  return size === 'a4' ? <A4Sheet {...props} /> : <TillSlip {...props} size={size} />;
}

function A4Sheet({ order: o, shop, printed }: SheetProps) {
  const po = o.poNumber || `#${o.id}`;
  const bars = poBars(o);
  const address = addressLines(o);
  return (
    <article className="order-sheet-print" aria-label={t('sheet.label')}>
      <header className="sheet-head">
        <div>
          <div className="sheet-shop">{shop.name || t('sheet.title')}</div>
          {shop.address && <div className="sheet-lines">{shop.address}</div>}
        </div>
        <div className="sheet-po">
          <div className="sheet-label">{t('sheet.order')}</div>
          <div className="sheet-po-number">{po}</div>
          {bars && <BarcodeSvg code={bars} className="sheet-barcode" />}
        </div>
      </header>
      <dl className="sheet-facts">
        <div>
          <dt>{t('sheet.orderDate')}</dt>
          <dd>{day(o.orderDate)}</dd>
        </div>
        <div>
          <dt>{t('orders.col.status')}</dt>
          <dd>{o.status ? statusText(o.status) : '—'}</dd>
        </div>
        {o.trackingNumber && (
          <div>
            <dt>{t('sheet.tracking')}</dt>
            <dd>{o.trackingNumber}</dd>
          </div>
        )}
        <div>
          <dt>{t('sheet.printed')}</dt>
          <dd>{dayAndTime(printed, 'long')}</dd>
        </div>
      </dl>
      <section className="sheet-parties">
        <div>
          <h2>{t('order.customer')}</h2>
          <div className="sheet-lines">
            {CUSTOMER.map((name) => textOf(o, name))
              .filter(Boolean)
              .join('\n') || '—'}
          </div>
        </div>
        <div>
          <h2>{t('sheet.deliverTo')}</h2>
          <div className="sheet-lines">{[o.name, ...address].filter(Boolean).join('\n') || '—'}</div>
        </div>
      </section>
      <table className="sheet-items">
        <thead>
          <tr>
            <th>{t('items.skuHeader')}</th>
            <th>{t('items.product')}</th>
            <th className="num">{t('items.qty')}</th>
            <th className="num">{t('items.price')}</th>
            <th className="num">{t('items.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map(sheetLine).map((line) => (
            <tr key={line.key}>
              <td>{line.sku ?? '—'}</td>
              <td>
                {line.name}
                {line.discount && <span className="sheet-note"> {line.discount}</span>}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{line.price}</td>
              <td className="num">{line.total}</td>
            </tr>
          ))}
          {o.items.length === 0 && (
            <tr>
              <td colSpan={5}>{t('order.noItems')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <section className="sheet-bottom">
        <div className="sheet-remarks">
          <SheetNotes order={o} />
        </div>
        <SheetTotals order={o} className="sheet-totals" />
      </section>
    </article>
  );
}

/**
 * The till slip: one column at 72 or 48 mm printed width — the shop, the PO number with its Code 128 bars across the
 * roll, the dates, the customer, each line as its name then quantity × price and the line total, the totals and the
 * remarks.
 */
function TillSlip({ order: o, shop, printed, size }: SheetProps & { size: Exclude<SheetSize, 'a4'> }) {
  const po = o.poNumber || `#${o.id}`;
  const bars = poBars(o);
  return (
    <article className={`order-sheet-print sheet-slip sheet-${size}`} aria-label={t('sheet.label')}>
      <header className="slip-head">
        <div className="sheet-shop">{shop.name || t('sheet.title')}</div>
        {shop.address && <div className="sheet-lines">{shop.address}</div>}
      </header>
      <div className="slip-po">
        <div className="sheet-label">{t('sheet.order')}</div>
        <div className="sheet-po-number">{po}</div>
        {bars && <BarcodeSvg code={bars} className="slip-barcode" />}
      </div>
      <dl className="slip-facts">
        <dt>{t('sheet.orderDate')}</dt>
        <dd>{day(o.orderDate)}</dd>
        <dt>{t('orders.col.status')}</dt>
        <dd>{o.status ? statusText(o.status) : '—'}</dd>
        <dt>{t('sheet.printed')}</dt>
        <dd>{dayAndTime(printed)}</dd>
        <dt>{t('order.customer')}</dt>
        <dd>{o.name || '—'}</dd>
      </dl>
      <table className="slip-items">
        <thead>
          <tr>
            <th>{t('items.product')}</th>
            <th className="num">{t('items.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map(sheetLine).map((line) => (
            <tr key={line.key}>
              <td>
                <div className="slip-name">{line.name}</div>
                <div className="slip-qty">
                  {line.quantity} × {line.price}
                  {line.sku ? ` · ${line.sku}` : ''}
                  {line.discount ? ` ${line.discount}` : ''}
                </div>
              </td>
              <td className="num">{line.total}</td>
            </tr>
          ))}
          {o.items.length === 0 && (
            <tr>
              <td colSpan={2}>{t('order.noItems')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <SheetTotals order={o} className="slip-totals" />
      <div className="slip-remarks">
        <SheetNotes order={o} />
      </div>
    </article>
  );
}
