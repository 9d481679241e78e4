/** What the order view and the order sheet both say of an order, worked out once: its address lines and totals. */
import { countryLabel } from '../../../../shared/countries';
import type { OrderDetail } from '../../../../shared/domain';
import { asDeduction } from '../../../../shared/money';
import { camel, type OrderFieldName } from '../../../../shared/order-schema';
import { currentLocale, t } from '../../i18n';

/** The delivery address as lines (street, second line, postcode and city, province, country), empty parts left out. */
export function addressLines(o: OrderDetail): string[] {
  return [
    o.addressLine1,
    o.addressLine2,
    [o.zip, o.city].filter(Boolean).join(' '),
    o.province,
    o.country && countryLabel(o.country, currentLocale()),
  ].filter((line): line is string => Boolean(line));
}

/** The totals above the grand total, labelled: subtotal, shipping, tax, and discounts as a deduction. */
export function totalsRows(o: OrderDetail): [label: string, amount: string | null][] {
  return [
    [t('totals.subtotal'), o.subtotalPrice],
    [t('totals.shipping'), o.shippingCost],
    [t('totals.tax'), o.totalTax],
    [t('totals.discounts'), asDeduction(o.totalDiscounts)],
  ];
}

/** A text field of the order by its service name (a customer line, a note); '' for one that holds no text. */
export function textOf(o: OrderDetail, name: OrderFieldName): string {
  const value: unknown = (o as unknown as Record<string, unknown>)[camel(name)];
  return typeof value === 'string' ? value : '';
}
