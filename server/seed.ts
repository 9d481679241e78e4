/** Deterministic, realistic seed records: the same seed and index always give the same record. */
import { CANCEL_REASONS, COUNTRIES, ORDER_STATUSES, PACKAGE_EXTRAS, vocabulary } from './vocabulary';
import { chance, int, pick, rngFor } from './rng';
import { formatSlashDate, formatTimestamp, type DateOrder } from './dates';

export type ServiceProduct = Record<string, string>;

export interface ServiceOrderItem {
  id: number;
  order_id: number;
  product_variant_id: number;
  quantity: number;
  price: string;
  discount: string;
  fulfillment_status: string;
  created_at: string;
  updated_at: string;
}

export type ServiceOrder = Record<string, unknown> & { id: number; order_items: ServiceOrderItem[] };

const FLAGS = ['fragile', 'dangerous', 'perishable', 'liquid', 'battery', 'regulated', 'media', 'adult'] as const;
const FLAG_ODDS: Record<(typeof FLAGS)[number], number> = {
  fragile: 0.2,
  dangerous: 0.03,
  perishable: 0.05,
  liquid: 0.08,
  battery: 0.12,
  regulated: 0.02,
  media: 0.06,
  adult: 0.01,
};

/** EAN-13 with a correct check digit. */
function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}

const money = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function makeProduct(seed: number, id: number): ServiceProduct {
  const v = vocabulary();
  const rng = rngFor(seed, 1, id);
  const productWord = pick(rng, v.products);
  const name = `${pick(rng, v.adjectives)} ${pick(rng, v.materials)} ${productWord}`;
  const physical = chance(rng, 0.08) ? 0 : int(rng, 1, 400);
  const reserved = physical === 0 ? 0 : chance(rng, 0.1) ? physical : int(rng, 0, Math.min(physical, 12));
  const status = chance(rng, 0.94) ? 'Available' : pick(rng, ['Discontinued', 'Unavailable', 'Coming Soon']);
  const contents = [`1x ${productWord}`];
  for (let i = 0, n = int(rng, 0, 2); i < n; i++) contents.push(`1x ${pick(rng, PACKAGE_EXTRAS)}`);
  const product: ServiceProduct = {
    id: String(id),
    sku: `${String(100 + (id % 900)).padStart(3, '0')}-${String(int(rng, 0, 9999)).padStart(4, '0')}`,
    name,
    bar_code: ean13(`87${String(id).padStart(10, '0')}`),
    status,
    physical_stock: String(physical),
    available_stock: String(physical - reserved),
    price: money(int(rng, 99, 49999)),
    package_content: contents.join(', '),
    weight: (int(rng, 5, 25000) / 1000).toFixed(3),
    weight_unit: chance(rng, 0.9) ? 'kg' : '',
    length: String(int(rng, 2, 120)),
    width: String(int(rng, 2, 80)),
    height: String(int(rng, 1, 60)),
    size_unit: 'cm',
    tariff_code: String(int(rng, 10000000, 99999999)),
    packaging_type: chance(rng, 0.85) ? 'Standard Box' : pick(rng, ['Envelope', 'Tube', 'Pallet', 'Bag']),
  };
  for (const flag of FLAGS) product[`flag_${flag}`] = chance(rng, FLAG_ODDS[flag]) ? 'Yes' : 'No';
  return product;
}

export interface OrderSeedContext {
  seed: number;
  productCount: number;
  /** Orders are spread over the 180 days before this moment. */
  anchor: Date;
  dateOrder: DateOrder;
  /** Looks up a product's price; item prices come from the product. */
  priceOf: (productId: number) => string;
}

const DAY = 86_400_000;

export function makeOrder(ctx: OrderSeedContext, id: number, firstItemId: number, orderCount: number): ServiceOrder {
  const v = vocabulary();
  const rng = rngFor(ctx.seed, 2, id);
  const first = pick(rng, v.firstNames);
  const last = pick(rng, v.lastNames);
  // Older orders have lower ids: spread ids evenly over the window, newest last.
  const ageDays = Math.floor(((orderCount - id) / Math.max(orderCount, 1)) * 180);
  const ordered = new Date(ctx.anchor.getTime() - ageDays * DAY - int(rng, 0, 12) * 3_600_000);
  const status = ageDays < 2 ? pick(rng, ['Pending', 'Processing']) : pick(rng, ORDER_STATUSES);
  const processed = status !== 'Pending' ? new Date(ordered.getTime() + int(rng, 0, 2) * DAY) : null;
  const closed = status === 'Delivered' ? new Date(ordered.getTime() + int(rng, 3, 9) * DAY) : null;
  const cancelled = status === 'Cancelled' ? new Date(ordered.getTime() + int(rng, 0, 3) * DAY) : null;
  const items: ServiceOrderItem[] = [];
  let subtotal = 0;
  let discounts = 0;
  const stamp = formatTimestamp(ordered);
  for (let i = 0, n = int(rng, 1, 4); i < n; i++) {
    const productId = int(rng, 1, Math.max(ctx.productCount, 1));
    const price = ctx.priceOf(productId);
    const quantity = chance(rng, 0.7) ? 1 : int(rng, 2, 6);
    const discountCents = chance(rng, 0.15) ? int(rng, 50, 500) : 0;
    const priceCents = centsOf(price);
    subtotal += priceCents * quantity;
    discounts += discountCents;
    items.push({
      id: firstItemId + i,
      order_id: id,
      product_variant_id: productId,
      quantity,
      price,
      discount: money(discountCents),
      fulfillment_status: status === 'Delivered' || status === 'Shipped' ? 'Fulfilled' : 'Pending',
      created_at: stamp,
      updated_at: stamp,
    });
  }
  const shipping = subtotal > 5000 ? 0 : 495;
  const tax = Math.round((subtotal - discounts) * 0.21);
  const email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `${id % 97}@${pick(rng, v.domains)}`;
  return {
    id,
    po_number: `PO-${String(id).padStart(7, '0')}`,
    tracking_number:
      status === 'Shipped' || status === 'Delivered' ? `TRK${String(int(rng, 100000000, 999999999))}NL` : '',
    status,
    name: `${first} ${last}`,
    email,
    phone: `+31 6 ${String(int(rng, 10000000, 99999999))}`,
    address_line_1: `${int(rng, 1, 250)} ${pick(rng, v.streets)}`,
    address_line_2: chance(rng, 0.2) ? `Apt ${int(rng, 1, 40)}` : '',
    zip: pick(rng, v.zipCodes),
    city: pick(rng, v.cities),
    province: pick(rng, v.provinces),
    country: pick(rng, COUNTRIES),
    remarks: chance(rng, 0.15)
      ? pick(rng, ['Leave at the door', 'Call before delivery', 'Gift wrap please', 'Fragile items'])
      : '',
    order_date: formatSlashDate(ordered, ctx.dateOrder),
    processed_date: processed ? formatSlashDate(processed, ctx.dateOrder) : '',
    closed_date: closed ? formatSlashDate(closed, ctx.dateOrder) : '',
    cancelled_date: cancelled ? formatSlashDate(cancelled, ctx.dateOrder) : '',
    cancel_reason: cancelled ? pick(rng, CANCEL_REASONS) : '',
    subtotal_price: money(subtotal),
    shipping_cost: money(shipping),
    total_tax: money(tax),
    total_discounts: money(discounts),
    total_price: money(subtotal + shipping + tax - discounts),
    order_items: items,
  };
}

/** Cents of a decimal string with two fraction digits ("12.50" -> 1250), exact. */
export function centsOf(price: string): number {
  const [whole = '0', fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
