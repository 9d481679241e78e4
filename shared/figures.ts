/**
 * The day's figures (#30.3): for a day or a range of days in the shop's time zone, what the order book holds — orders,
 * amounts by status, hour and day, the orders this desk sent and the products sold most — worked out in one pass over
 * the orders, with exact decimal arithmetic (amounts are decimal strings; never a float, never NaN on odd shapes).
 * Pure: the core feeds it orders from the book; the renderer words the facts it gives back.
 */
import { z } from 'zod';
import { centsDecimal, compareDecimal, decimalText, readAmount, Sum, type Amount } from './decimals';
import {
  addIsoDays,
  dayAndHourIn,
  daysBetween,
  dayStartIn,
  isIsoDay,
  isTimeZone,
  MAX_RANGE_DAYS,
  readStamp,
} from './zoned-days';

/** One line of an order as the book holds it (parsed tolerantly: any figure may be missing). */
export interface FigureLine {
  productId: number | null;
  quantity: number | null;
  price: string | null;
  discount: string | null;
  /** When the service created the line ("YYYY-MM-DD HH:MM:SS" in the service's zone), '' when not given. */
  createdAt: string;
}

/** One order as the figures need it. Amounts are the service's decimal strings (null when one did not read). */
export interface FigureOrder {
  id: number;
  poNumber: string;
  name: string;
  status: string;
  /** Its order date as an ISO day, as the Orders list reads it; null when it has none that reads. */
  orderDay: string | null;
  subtotal: string | null;
  shipping: string | null;
  tax: string | null;
  discounts: string | null;
  total: string | null;
  lines: readonly FigureLine[];
}

export interface FigureOptions {
  /** ISO days, both included, in the shop's time zone. */
  from: string;
  to: string;
  /** The shop's time zone (IANA). */
  timeZone: string;
  /**
   * The zone the service writes its created_at stamps in, in ms east of UTC, as learnt from this desk's own sends;
   * null when not learnt: an order then counts on its order date, at the hour its stamp says as written.
   */
  stampZoneMs: number | null;
  /** The ids of the orders this desk sent (its outbox). */
  sentByDesk: ReadonlySet<number>;
  /** How many products each top list holds (10). */
  top?: number;
  /** How many of this desk's orders are listed one by one (the count and total cover all). */
  sentListMax?: number;
}

export const AMOUNT_KEYS = ['subtotal', 'shipping', 'tax', 'discounts', 'total'] as const;
export type AmountKey = (typeof AMOUNT_KEYS)[number];

const Amounts = z.object({
  subtotal: z.string(),
  shipping: z.string(),
  tax: z.string(),
  discounts: z.string(),
  total: z.string(),
});
export type Amounts = z.infer<typeof Amounts>;

const Bucket = z.object({ orders: z.number().int(), total: z.string() });

const TopProduct = z.object({
  productId: z.number().int(),
  /** The catalogue's name and SKU (null: not in the catalogue); filled in by the core. */
  name: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** Price × quantity − discount over its lines, exact. */
  amount: z.string(),
  orders: z.number().int(),
});
export type TopProduct = z.infer<typeof TopProduct>;

/** How far the order book can be trusted for the range: a code and its facts (the renderer words them). */
export const Coverage = z.object({
  /**
   * complete: the book was read whole after the range ended; until: read whole at `completeAt`, within or before the
   * range, and the last refresh ended well (orders placed since come with the next one); incomplete: never read whole,
   * or the last refresh did not see the end of the list (`outcome`) and the range runs past the last whole read.
   */
  state: z.enum(['complete', 'until', 'incomplete']),
  /** When the book was last read whole (this computer's clock), null when never. */
  completeAt: z.number().nullable(),
  /** How the last refresh ended (an OrdersOutcome code), null before any. */
  outcome: z.string().nullable(),
});
export type Coverage = z.infer<typeof Coverage>;

export const DayFigures = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  orders: z.number().int(),
  amounts: Amounts,
  /** Orders in the range whose amount did not read: left out of that sum, and said. */
  unreadable: z.object({
    subtotal: z.number().int(),
    shipping: z.number().int(),
    tax: z.number().int(),
    discounts: z.number().int(),
    total: z.number().int(),
    /** Lines that could not count towards the products (no product, quantity or price). */
    lines: z.number().int(),
  }),
  byStatus: z.array(Bucket.extend({ status: z.string() })),
  /** 24 hours, 0–23, in the shop's time zone. */
  byHour: z.array(Bucket.extend({ hour: z.number().int() })),
  /** Orders with no time of day (no stamp on any line). */
  noHour: Bucket,
  /** Orders counted at the hour their stamp says as written (the service's zone is not known yet). */
  hoursAsWritten: z.number().int(),
  /** Every day of the range. */
  byDay: z.array(Bucket.extend({ day: z.string() })),
  sent: z.object({
    orders: z.number().int(),
    total: z.string(),
    list: z.array(
      z.object({
        id: z.number().int(),
        poNumber: z.string(),
        name: z.string(),
        status: z.string(),
        total: z.string().nullable(),
        day: z.string(),
        hour: z.number().int().nullable(),
      }),
    ),
  }),
  topByQuantity: z.array(TopProduct),
  topByAmount: z.array(TopProduct),
  /** Orders seen with no day that reads (no order date, no stamp): in no range. */
  undated: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFigures>;

interface ProductTally {
  quantity: number;
  amount: Sum;
  orders: number;
  /** The last order that held it: a product on two lines of one order counts as one order. */
  lastOrder: number;
}

interface Bucket {
  orders: number;
  total: Sum;
}

const bucket = (): Bucket => ({ orders: 0, total: new Sum() });

/** Caches the day and hour of 15-minute steps: 100,000 orders need a few thousand zone look-ups, not 100,000. */
class ZoneClock {
  private readonly cache = new Map<number, { day: string; hour: number }>();
  constructor(private readonly timeZone: string) {}
  at(instant: number): { day: string; hour: number } {
    const step = Math.floor(instant / 900_000);
    let found = this.cache.get(step);
    if (!found) this.cache.set(step, (found = dayAndHourIn(step * 900_000, this.timeZone)));
    return found;
  }
}

const DAY_MS = 86_400_000;

/**
 * When an order was placed, as the figures count it: its day in the shop's zone and its hour (null: none known). The
 * day is always its order date or a day next to it, so the book is searched by order date, a day either side.
 */
export function placedAt(
  order: Pick<FigureOrder, 'orderDay' | 'lines'>,
  stampZoneMs: number | null,
  clock: { at(instant: number): { day: string; hour: number } },
): { day: string | null; hour: number | null; asWritten: boolean } {
  // the earliest line's stamp: when the order reached the service (its lines are created with it). Stamps of one shape
  // sort as text, so only the earliest is read.
  let stamp: ReturnType<typeof readStamp> = null;
  let earliest = '';
  for (const line of order.lines) {
    const text = line.createdAt;
    if (typeof text !== 'string' || (earliest !== '' && text >= earliest)) continue;
    const read = readStamp(text);
    if (read) {
      stamp = read;
      earliest = text;
    }
  }
  const orderDay = order.orderDay !== null && isIsoDay(order.orderDay) ? order.orderDay : null;
  if (stamp && stampZoneMs !== null) {
    const placed = clock.at(stamp.asUtc - stampZoneMs);
    // the stamp splits the order date at the shop's midnight; an order dated further from its stamp (typed in for
    // another day) keeps its order date, as the Orders list shows it, with no hour
    if (orderDay === null || Math.abs(Date.parse(placed.day) - Date.parse(orderDay)) <= DAY_MS)
      return { ...placed, asWritten: false };
    return { day: orderDay, hour: null, asWritten: false };
  }
  return { day: orderDay ?? stamp?.day ?? null, hour: stamp ? stamp.hour : null, asWritten: stamp !== null };
}

/**
 * The figures, one order at a time: `add` each order of the book that may fall in the range (any other is left out),
 * then `result`. Memory holds the buckets, the products seen and this desk's orders, never the orders.
 */
export class FiguresTally {
  private readonly clock: ZoneClock;
  private readonly days: string[];
  private orders = 0;
  private readonly amounts: Record<AmountKey, Sum> = {
    subtotal: new Sum(),
    shipping: new Sum(),
    tax: new Sum(),
    discounts: new Sum(),
    total: new Sum(),
  };
  private readonly unreadable = { subtotal: 0, shipping: 0, tax: 0, discounts: 0, total: 0, lines: 0 };
  private readonly byStatus = new Map<string, Bucket>();
  private readonly byHour = Array.from({ length: 24 }, bucket);
  private readonly noHour = bucket();
  private hoursAsWritten = 0;
  private readonly byDay = new Map<string, Bucket>();
  private readonly products = new Map<number, ProductTally>();
  private readonly sent: Bucket & { list: DayFigures['sent']['list'] } = { ...bucket(), list: [] };
  private undated = 0;
  private readonly seen = new Set<number>();

  constructor(private readonly options: FigureOptions) {
    if (!isIsoDay(options.from) || !isIsoDay(options.to) || options.from > options.to)
      throw new RangeError('The range is not two ISO days in order.');
    this.days = daysBetween(options.from, options.to);
    if (this.days.length > MAX_RANGE_DAYS) throw new RangeError('The range is longer than the figures cover.');
    if (!isTimeZone(options.timeZone)) throw new RangeError('Unknown time zone.');
    this.clock = new ZoneClock(options.timeZone);
    for (const day of this.days) this.byDay.set(day, bucket());
  }

  /** Counts the order when it was placed within the range; true when it was. An order is counted once. */
  add(order: FigureOrder): boolean {
    const when = placedAt(order, this.options.stampZoneMs, this.clock);
    if (when.day === null) {
      if (!this.seen.has(order.id)) this.undated += 1;
      this.seen.add(order.id);
      return false;
    }
    if (when.day < this.options.from || when.day > this.options.to || this.seen.has(order.id)) return false;
    this.seen.add(order.id);
    this.orders += 1;
    let total: Amount | null = null;
    for (const key of AMOUNT_KEYS) {
      const value = readAmount(order[key]);
      if (value === null) this.unreadable[key] += 1;
      else this.amounts[key].add(value);
      if (key === 'total') total = value;
    }
    const count = (b: Bucket): void => {
      b.orders += 1;
      if (total !== null) b.total.add(total);
    };
    let status = this.byStatus.get(order.status);
    if (!status) this.byStatus.set(order.status, (status = bucket()));
    count(status);
    count(when.hour === null ? this.noHour : this.byHour[when.hour]!);
    if (when.asWritten) this.hoursAsWritten += 1;
    count(this.byDay.get(when.day)!);
    if (this.options.sentByDesk.has(order.id)) {
      count(this.sent);
      if (this.sent.list.length < (this.options.sentListMax ?? 200))
        this.sent.list.push({
          id: order.id,
          poNumber: order.poNumber,
          name: order.name,
          status: order.status,
          total: total === null ? null : decimalText(typeof total === 'number' ? centsDecimal(total) : total),
          day: when.day,
          hour: when.hour,
        });
    }
    for (const line of order.lines) {
      const price = readAmount(line.price);
      // no discount given is none; one given that does not read makes the line's amount unknown
      const discount = line.discount === null || line.discount === undefined ? 0 : readAmount(line.discount);
      const quantity = line.quantity;
      if (
        line.productId === null ||
        price === null ||
        discount === null ||
        quantity === null ||
        !Number.isSafeInteger(quantity)
      ) {
        this.unreadable.lines += 1;
        continue;
      }
      let product = this.products.get(line.productId);
      if (!product)
        this.products.set(line.productId, (product = { quantity: 0, amount: new Sum(), orders: 0, lastOrder: -1 }));
      product.quantity += quantity;
      product.amount.addLine(price, quantity, discount);
      if (product.lastOrder !== order.id) product.orders += 1;
      product.lastOrder = order.id;
    }
    return true;
  }

  result(): DayFigures {
    const top = this.options.top ?? 10;
    const figure = (b: Bucket) => ({ orders: b.orders, total: b.total.text() });
    const products = [...this.products.entries()].map(([productId, p]) => ({ productId, p, amount: p.amount.value() }));
    type Entry = (typeof products)[number];
    const asTop = ({ productId, p, amount }: Entry): TopProduct => ({
      productId,
      name: null,
      sku: null,
      quantity: p.quantity,
      amount: decimalText(amount),
      orders: p.orders,
    });
    const byQuantity = (a: Entry, b: Entry) =>
      b.p.quantity - a.p.quantity || compareDecimal(b.amount, a.amount) || a.productId - b.productId;
    const byAmount = (a: Entry, b: Entry) =>
      compareDecimal(b.amount, a.amount) || b.p.quantity - a.p.quantity || a.productId - b.productId;
    return {
      from: this.options.from,
      to: this.options.to,
      timeZone: this.options.timeZone,
      orders: this.orders,
      amounts: {
        subtotal: this.amounts.subtotal.text(),
        shipping: this.amounts.shipping.text(),
        tax: this.amounts.tax.text(),
        discounts: this.amounts.discounts.text(),
        total: this.amounts.total.text(),
      },
      unreadable: { ...this.unreadable },
      byStatus: [...this.byStatus.entries()]
        .map(([status, b]) => ({ status, ...figure(b) }))
        .sort((a, b) => b.orders - a.orders || (a.status < b.status ? -1 : a.status > b.status ? 1 : 0)),
      byHour: this.byHour.map((b, hour) => ({ hour, ...figure(b) })),
      noHour: figure(this.noHour),
      hoursAsWritten: this.hoursAsWritten,
      byDay: this.days.map((day) => ({ day, ...figure(this.byDay.get(day)!) })),
      sent: { ...figure(this.sent), list: this.sent.list },
      topByQuantity: products.toSorted(byQuantity).slice(0, top).map(asTop),
      topByAmount: products.toSorted(byAmount).slice(0, top).map(asTop),
      undated: this.undated,
    };
  }
}

/** The figures of the orders placed within the range (one pass). */
export function dayFigures(orders: Iterable<FigureOrder>, options: FigureOptions): DayFigures {
  const tally = new FiguresTally(options);
  for (const order of orders) tally.add(order);
  return tally.result();
}

/**
 * How far the book can be trusted for a range: `completeAt` is when a refresh last saw the whole list to its end (the
 * app sets it only then: a refresh that did not see the end never does), `outcome` how the last refresh ended.
 */
export function coverageOf(
  book: { completeAt: number | null; outcome: string | null },
  range: { to: string; timeZone: string },
): Coverage {
  const { completeAt, outcome } = book;
  if (completeAt === null) return { state: 'incomplete', completeAt, outcome };
  const rangeEnd = dayStartIn(addIsoDays(range.to, 1), range.timeZone);
  if (completeAt >= rangeEnd) return { state: 'complete', completeAt, outcome };
  // the range runs past the last whole read: orders placed since come with the next refresh, if the last one ended well
  return { state: outcome === null || outcome === 'complete' ? 'until' : 'incomplete', completeAt, outcome };
}
