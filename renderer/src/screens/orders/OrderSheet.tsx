/**
 * The order sheet for paper: a document, not the screen. The shop's name and address (Settings → Shop), the print
 * date, the PO number with a Code 128 barcode, customer and delivery address, the lines with SKU, name, quantity,
 * price and line total, the totals in the shop's currency, and the remarks. It lives outside the app's frame and
 * only prints (print.css hides everything else); its width fits A4 and US Letter alike.
 */
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { DateView, OrderDetail } from '../../../../shared/domain';
import { asDeduction } from '../../../../shared/money';
import type { ShopSettings } from '../../../../shared/shop';
import { formatDay } from '../../components/DateText';
import { count, money } from '../../components/format';

const printedAt = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });

const day = (view: DateView): string =>
  view.kind === 'date' ? formatDay(view.iso, 'medium') : view.kind === 'invalid' ? view.text : '—';

/** A Code 128 barcode drawn as SVG (no script, no network: fine under the page's strict CSP). */
function Barcode({ value }: { value: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    try {
      JsBarcode(ref.current, value, { format: 'CODE128', height: 42, width: 1.6, margin: 0, fontSize: 12 });
    } catch {
      ref.current.replaceChildren(); // a value Code 128 cannot carry: no barcode rather than a wrong one
    }
  }, [value]);
  return <svg ref={ref} className="sheet-barcode" role="img" aria-label={`Barcode of ${value}`} />;
}

export function OrderSheet({
  order: o,
  shop,
  printed,
}: {
  order: OrderDetail;
  /** Settings → Shop: the name and address at the top of the sheet. */
  shop: Pick<ShopSettings, 'name' | 'address'>;
  printed: number;
}) {
  const po = o.poNumber || `#${o.id}`;
  const address = [
    o.addressLine1,
    o.addressLine2,
    [o.zip, o.city].filter(Boolean).join(' '),
    o.province,
    o.country,
  ].filter(Boolean);
  const totals: [string, string | null][] = [
    ['Subtotal', o.subtotalPrice],
    ['Shipping', o.shippingCost],
    ['Tax', o.totalTax],
    ['Discounts', asDeduction(o.totalDiscounts)],
  ];
  return createPortal(
    <article className="order-sheet-print" aria-label="Order sheet for printing">
      <header className="sheet-head">
        <div>
          <div className="sheet-shop">{shop.name || 'Order sheet'}</div>
          {shop.address && <div className="sheet-lines">{shop.address}</div>}
        </div>
        <div className="sheet-po">
          <div className="sheet-label">Order</div>
          <div className="sheet-po-number">{po}</div>
          {o.poNumber && <Barcode value={o.poNumber} />}
        </div>
      </header>
      <dl className="sheet-facts">
        <div>
          <dt>Order date</dt>
          <dd>{day(o.orderDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{o.status || '—'}</dd>
        </div>
        {o.trackingNumber && (
          <div>
            <dt>Tracking number</dt>
            <dd>{o.trackingNumber}</dd>
          </div>
        )}
        <div>
          <dt>Printed</dt>
          <dd>{printedAt(printed)}</dd>
        </div>
      </dl>
      <section className="sheet-parties">
        <div>
          <h2>Customer</h2>
          <div className="sheet-lines">{[o.name, o.email, o.phone].filter(Boolean).join('\n') || '—'}</div>
        </div>
        <div>
          <h2>Deliver to</h2>
          <div className="sheet-lines">{[o.name, ...address].filter(Boolean).join('\n') || '—'}</div>
        </div>
      </section>
      <table className="sheet-items">
        <thead>
          <tr>
            <th>SKU</th>
            <th>Product</th>
            <th className="num">Qty</th>
            <th className="num">Price</th>
            <th className="num">Line total</th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((item, i) => (
            <tr key={item.id ?? `line-${i}`}>
              <td>{item.productSku ?? '—'}</td>
              <td>
                {item.productName ?? `Product #${item.productVariantId ?? '?'}`}
                {item.discount && Number(item.discount) !== 0 ? (
                  <span className="sheet-note"> (discount {money(item.discount)})</span>
                ) : null}
              </td>
              <td className="num">{item.quantity === null ? '—' : count(item.quantity)}</td>
              <td className="num">{money(item.price)}</td>
              <td className="num">{money(item.lineTotal)}</td>
            </tr>
          ))}
          {o.items.length === 0 && (
            <tr>
              <td colSpan={5}>The service listed no items for this order.</td>
            </tr>
          )}
        </tbody>
      </table>
      <section className="sheet-bottom">
        <div className="sheet-remarks">
          <h2>Remarks</h2>
          <div className="sheet-lines">{o.remarks || 'None.'}</div>
        </div>
        <table className="sheet-totals">
          <tbody>
            {totals.map(([label, value]) => (
              <tr key={label}>
                <th>{label}</th>
                <td className="num">{money(value)}</td>
              </tr>
            ))}
            <tr className="sheet-total">
              <th>Total</th>
              <td className="num">{money(o.totalPrice)}</td>
            </tr>
          </tbody>
        </table>
      </section>
    </article>,
    document.body,
  );
}
