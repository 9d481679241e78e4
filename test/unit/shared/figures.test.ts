/**
 * The day's figures (#30.3) over a generated order book: sums equal to the per-order amounts, exact; days and hours
 * split in the shop's time zone; this desk's orders; the top products; odd shapes never NaN; an incomplete book
 * flagged; and a book of 100,000 orders in one pass (a behaviour check, no timing).
 */
import { describe, expect, it } from 'vitest';
import { decimalText, readDecimal, sumDecimals } from '../../../shared/decimals';
import { coverageOf, dayFigures, DayFigures, type FigureLine, type FigureOrder } from '../../../shared/figures';
import { dayStartIn } from '../../../shared/zoned-days';

/** A small seeded generator (mulberry32): the same book every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (n: number): string =>
  `${n < 0 ? '-' : ''}${Math.floor(Math.abs(n) / 100)}.${String(Math.abs(n) % 100).padStart(2, '0')}`;
const pad = (n: number): string => String(n).padStart(2, '0');
const stampOf = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const isoOfUtc = (ms: number): string => stampOf(ms).slice(0, 10);

/** What the generator knows of each order, in whole cents: the expectations, worked out without the module. */
interface Truth {
  order: FigureOrder;
  /** The instant it was placed (UTC ms). */
  at: number;
  cents: { subtotal: number; shipping: number; tax: number; discounts: number; total: number };
  lines: { productId: number; quantity: number; priceCents: number; discountCents: number }[];
}

const STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];

/**
 * `count` orders placed between `start` and `start + spanMs`, stamped in a zone `stampZoneMs` east of UTC, with an
 * order date that is the stamp's own day (as the reference service writes them).
 */
function generateBook(count: number, seed: number, start: number, spanMs: number, stampZoneMs = 0): Truth[] {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const book: Truth[] = [];
  for (let id = 1; id <= count; id++) {
    const at = start + Math.floor(r() * spanMs);
    const stamp = stampOf(at + stampZoneMs);
    const lines: Truth['lines'] = [];
    for (let i = 0, n = int(1, 4); i < n; i++)
      lines.push({
        productId: int(1, 40),
        quantity: int(1, 6),
        priceCents: int(1, 20_000),
        discountCents: r() < 0.2 ? int(1, 300) : 0,
      });
    const subtotal = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
    const discounts = lines.reduce((s, l) => s + l.discountCents, 0);
    const shipping = subtotal > 5000 ? 0 : 495;
    const tax = Math.round((subtotal - discounts) * 0.21);
    const total = subtotal + shipping + tax - discounts;
    const figureLines: FigureLine[] = lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      price: cents(l.priceCents),
      discount: cents(l.discountCents),
      createdAt: stamp,
    }));
    book.push({
      at,
      cents: { subtotal, shipping, tax, discounts, total },
      lines,
      order: {
        id,
        poNumber: `PO-${String(id).padStart(7, '0')}`,
        name: `Customer ${id}`,
        status: STATUSES[int(0, STATUSES.length - 1)]!,
        orderDay: stamp.slice(0, 10),
        subtotal: cents(subtotal),
        shipping: cents(shipping),
        tax: cents(tax),
        discounts: cents(discounts),
        total: cents(total),
        lines: figureLines,
      },
    });
  }
  return book;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOV_20 = Date.UTC(2026, 10, 20);
const none = new Set<number>();

describe('exact decimals', () => {
  it('adds decimal strings exactly, where floats would not', () => {
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(sumDecimals(['12.5', '0.005', '-1'])).toBe('11.505');
    expect(sumDecimals(['99999999999999999.99', '0.01'])).toBe('100000000000000000.00');
    expect(decimalText(readDecimal('-.5')!)).toBe('-0.50');
  });

  it('refuses what is not a decimal, never NaN', () => {
    for (const odd of [
      'abc',
      '',
      ' ',
      '1e5',
      '1,50',
      '--1',
      '.',
      'NaN',
      'Infinity',
      null,
      undefined,
      NaN,
      Infinity,
      {},
      [],
      true,
      '1'.repeat(41),
    ])
      expect(readDecimal(odd)).toBeNull();
    expect(sumDecimals(['abc', '1.00', null, NaN, '2'])).toBe('3.00');
    expect(decimalText(readDecimal(' 7 ')!)).toBe('7.00');
  });
});

describe('the figures of a generated order book', () => {
  // 3,000 orders over ten days from 15 November, stamped in UTC
  const book = generateBook(3000, 30, NOV_20 - 5 * DAY, 10 * DAY);
  const orders = book.map((b) => b.order);
  const options = { timeZone: 'UTC', stampZoneMs: 0, sentByDesk: none };

  it('each amount is the exact sum of the orders placed that day, and the days add up to the range', () => {
    const dayOf = (t: Truth) => isoOfUtc(t.at);
    const figures = dayFigures(orders, { ...options, from: '2026-11-20', to: '2026-11-20' });
    const that = book.filter((t) => dayOf(t) === '2026-11-20');
    expect(that.length).toBeGreaterThan(200);
    expect(figures.orders).toBe(that.length);
    for (const key of ['subtotal', 'shipping', 'tax', 'discounts', 'total'] as const)
      expect(figures.amounts[key]).toBe(cents(that.reduce((s, t) => s + t.cents[key], 0)));
    expect(figures.unreadable).toEqual({ subtotal: 0, shipping: 0, tax: 0, discounts: 0, total: 0, lines: 0 });

    const range = dayFigures(orders, { ...options, from: '2026-11-15', to: '2026-11-24' });
    expect(range.orders).toBe(3000);
    expect(range.byDay).toHaveLength(10);
    expect(range.byDay.reduce((s, d) => s + d.orders, 0)).toBe(3000);
    expect(sumDecimals(range.byDay.map((d) => d.total))).toBe(range.amounts.total);
    expect(range.amounts.total).toBe(cents(book.reduce((s, t) => s + t.cents.total, 0)));
    expect(range.byDay.find((d) => d.day === '2026-11-20')).toEqual({
      day: '2026-11-20',
      orders: figures.orders,
      total: figures.amounts.total,
    });
    expect(() => DayFigures.parse(range)).not.toThrow();
  });

  it('by status and by hour, each summing to the whole', () => {
    const figures = dayFigures(orders, { ...options, from: '2026-11-20', to: '2026-11-21' });
    const that = book.filter((t) => ['2026-11-20', '2026-11-21'].includes(isoOfUtc(t.at)));
    expect(figures.byStatus.reduce((s, b) => s + b.orders, 0)).toBe(figures.orders);
    for (const status of figures.byStatus) {
      const of = that.filter((t) => t.order.status === status.status);
      expect(status).toEqual({
        status: status.status,
        orders: of.length,
        total: cents(of.reduce((s, t) => s + t.cents.total, 0)),
      });
    }
    expect(figures.byHour).toHaveLength(24);
    for (const hour of figures.byHour) {
      const of = that.filter((t) => new Date(t.at).getUTCHours() === hour.hour);
      expect(hour.orders).toBe(of.length);
      expect(hour.total).toBe(cents(of.reduce((s, t) => s + t.cents.total, 0)));
    }
    expect(figures.noHour).toEqual({ orders: 0, total: '0.00' });
  });

  it('the top 10 products by quantity and by amount, from the lines', () => {
    const figures = dayFigures(orders, { ...options, from: '2026-11-20', to: '2026-11-20' });
    const tally = new Map<number, { quantity: number; amount: number; orders: Set<number> }>();
    for (const t of book.filter((b) => isoOfUtc(b.at) === '2026-11-20'))
      for (const l of t.lines) {
        const p = tally.get(l.productId) ?? { quantity: 0, amount: 0, orders: new Set<number>() };
        p.quantity += l.quantity;
        p.amount += l.priceCents * l.quantity - l.discountCents;
        p.orders.add(t.order.id);
        tally.set(l.productId, p);
      }
    const all = [...tally.entries()];
    const byQuantity = all.toSorted(
      (a, b) => b[1].quantity - a[1].quantity || b[1].amount - a[1].amount || a[0] - b[0],
    );
    const byAmount = all.toSorted((a, b) => b[1].amount - a[1].amount || b[1].quantity - a[1].quantity || a[0] - b[0]);
    const shape = ([productId, p]: (typeof all)[number]) => ({
      productId,
      name: null,
      sku: null,
      quantity: p.quantity,
      amount: cents(p.amount),
      orders: p.orders.size,
    });
    expect(figures.topByQuantity).toEqual(byQuantity.slice(0, 10).map(shape));
    expect(figures.topByAmount).toEqual(byAmount.slice(0, 10).map(shape));
  });

  it('the orders this desk sent: counted, summed and listed, each once', () => {
    const sentByDesk = new Set([5, 17, 2999, 123456]);
    const figures = dayFigures([...orders, orders[4]!], {
      ...options,
      sentByDesk,
      from: '2026-11-15',
      to: '2026-11-24',
    });
    expect(figures.orders).toBe(3000); // the order given twice counts once
    expect(figures.sent.orders).toBe(3);
    expect(figures.sent.list.map((o) => o.poNumber)).toEqual(['PO-0000005', 'PO-0000017', 'PO-0002999']);
    expect(figures.sent.total).toBe(cents([5, 17, 2999].reduce((s, id) => s + book[id - 1]!.cents.total, 0)));
  });
});

describe("days split in the shop's time zone", () => {
  // every order within four hours of midnight UTC of 20 November: which day it belongs to depends on the zone
  const book = generateBook(800, 7, NOV_20 - 4 * HOUR, 8 * HOUR);
  const orders = book.map((b) => b.order);

  // zones without summer time in November, so the offset is plain arithmetic here
  for (const [timeZone, offset] of [
    ['UTC', 0],
    ['Asia/Kolkata', 5.5 * HOUR],
    ['America/Bogota', -5 * HOUR],
    ['Europe/Berlin', 1 * HOUR], // winter time
  ] as const)
    it(`${timeZone}: each order counts on its day and at its hour there`, () => {
      const figures = dayFigures(orders, {
        from: '2026-11-20',
        to: '2026-11-20',
        timeZone,
        stampZoneMs: 0,
        sentByDesk: none,
      });
      const there = book.filter((t) => isoOfUtc(t.at + offset) === '2026-11-20');
      expect(figures.orders).toBe(there.length);
      expect(figures.amounts.total).toBe(cents(there.reduce((s, t) => s + t.cents.total, 0)));
      for (const hour of figures.byHour)
        expect(hour.orders).toBe(there.filter((t) => new Date(t.at + offset).getUTCHours() === hour.hour).length);
      expect(figures.hoursAsWritten).toBe(0);
    });

  it('stamps written in the service’s own zone are read in it once that zone is known', () => {
    // the service writes its stamps three hours ahead of UTC; the shop is in Berlin (UTC+1 in November)
    const ahead = generateBook(800, 7, NOV_20 - 4 * HOUR, 8 * HOUR, 3 * HOUR);
    const figures = dayFigures(
      ahead.map((b) => b.order),
      { from: '2026-11-20', to: '2026-11-20', timeZone: 'Europe/Berlin', stampZoneMs: 3 * HOUR, sentByDesk: none },
    );
    const there = ahead.filter((t) => isoOfUtc(t.at + HOUR) === '2026-11-20');
    expect(figures.orders).toBe(there.length);
    expect(figures.byHour[0]!.orders).toBe(there.filter((t) => new Date(t.at + HOUR).getUTCHours() === 0).length);
  });

  it('while the service’s zone is not known, an order counts on its order date at the hour its stamp says', () => {
    const ahead = generateBook(800, 7, NOV_20 - 4 * HOUR, 8 * HOUR, 3 * HOUR);
    const figures = dayFigures(
      ahead.map((b) => b.order),
      { from: '2026-11-20', to: '2026-11-20', timeZone: 'Europe/Berlin', stampZoneMs: null, sentByDesk: none },
    );
    const written = ahead.filter((t) => t.order.orderDay === '2026-11-20');
    expect(figures.orders).toBe(written.length);
    expect(figures.hoursAsWritten).toBe(written.length);
    expect(figures.byHour[1]!.orders).toBe(written.filter((t) => new Date(t.at + 3 * HOUR).getUTCHours() === 1).length);
  });

  it('an order typed in for another day keeps its order date (the Orders list’s day), without an hour', () => {
    const [order] = generateBook(1, 9, NOV_20 + 10 * HOUR, HOUR).map((b) => ({ ...b.order, orderDay: '2026-11-02' }));
    const options = { timeZone: 'Europe/Berlin', stampZoneMs: 0, sentByDesk: none };
    expect(dayFigures([order!], { ...options, from: '2026-11-20', to: '2026-11-20' }).orders).toBe(0);
    const then = dayFigures([order!], { ...options, from: '2026-11-02', to: '2026-11-02' });
    expect([then.orders, then.noHour.orders]).toEqual([1, 1]);
  });

  it('a day is 23 or 25 hours long where the clocks change', () => {
    // Berlin: summer time ends 25 October 2026, begins 29 March 2026
    expect(dayStartIn('2026-10-26', 'Europe/Berlin') - dayStartIn('2026-10-25', 'Europe/Berlin')).toBe(25 * HOUR);
    expect(dayStartIn('2026-03-30', 'Europe/Berlin') - dayStartIn('2026-03-29', 'Europe/Berlin')).toBe(23 * HOUR);
    expect(dayStartIn('2026-11-20', 'Asia/Kolkata')).toBe(NOV_20 - 5.5 * HOUR);
    // Santiago's clocks go forward at midnight (6 September 2026): the day begins at 01:00
    expect(dayStartIn('2026-09-06', 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4));
  });
});

describe('odd shapes', () => {
  it('an amount that does not read is left out of its sum and counted, never NaN', () => {
    const base = generateBook(6, 3, NOV_20 + HOUR, HOUR).map((b) => b.order);
    const odd: FigureOrder[] = [
      { ...base[0]!, total: null },
      { ...base[1]!, subtotal: 'abc', tax: '1e5' },
      { ...base[2]!, shipping: '', discounts: 'NaN' },
      { ...base[3]!, lines: [{ productId: null, quantity: 2, price: '1.00', discount: null, createdAt: 'yesterday' }] },
      {
        ...base[4]!,
        lines: [
          { productId: 9999, quantity: null, price: '1.00', discount: 'x', createdAt: '' },
          { productId: 9999, quantity: 2, price: '1.005', discount: null, createdAt: '2026-11-20 13:00:00' },
        ],
      },
      { ...base[5]!, status: '', orderDay: null, lines: [] },
    ];
    const figures = dayFigures(odd, {
      from: '2026-11-20',
      to: '2026-11-20',
      timeZone: 'UTC',
      stampZoneMs: 0,
      sentByDesk: none,
    });
    expect(JSON.stringify(figures)).not.toMatch(/NaN|Infinity|null,"sku"[^}]*"amount":null/);
    expect(figures.unreadable).toEqual({ subtotal: 1, shipping: 1, tax: 1, discounts: 1, total: 1, lines: 2 });
    expect(figures.orders).toBe(5); // the sixth has no day at all
    expect(figures.undated).toBe(1);
    expect(figures.noHour.orders).toBe(1); // the fourth: its only stamp does not read, its order date does
    expect(figures.topByQuantity.find((p) => p.productId === 9999)).toEqual({
      productId: 9999,
      name: null,
      sku: null,
      quantity: 2,
      amount: '2.010',
      orders: 1,
    });
    for (const amount of Object.values(figures.amounts)) expect(amount).toMatch(/^-?\d+\.\d{2,}$/);
  });

  it('refuses a range that is not two days in order, or a zone it does not know', () => {
    const run =
      (from: string, to: string, timeZone = 'UTC') =>
      () =>
        dayFigures([], { from, to, timeZone, stampZoneMs: null, sentByDesk: none });
    expect(run('2026-11-21', '2026-11-20')).toThrow(RangeError);
    expect(run('2026-02-30', '2026-03-01')).toThrow(RangeError);
    expect(run('2020-01-01', '2026-01-01')).toThrow(RangeError);
    expect(run('2026-11-20', '2026-11-20', 'Mars/Olympus')).toThrow(RangeError);
    expect(run('2026-11-20', '2026-11-20')()).toMatchObject({ orders: 0, amounts: { total: '0.00' } });
  });
});

describe('an incomplete order book is flagged', () => {
  const range = { to: '2026-11-20', timeZone: 'Europe/Berlin' };
  const endOfDay = Date.UTC(2026, 10, 20, 23); // midnight in Berlin

  it('never read whole: incomplete, whatever the range', () => {
    expect(coverageOf({ completeAt: null, outcome: 'end_not_seen' }, range).state).toBe('incomplete');
    expect(coverageOf({ completeAt: null, outcome: null }, range).state).toBe('incomplete');
    expect(coverageOf({ completeAt: null, outcome: 'complete' }, range).state).toBe('incomplete');
  });

  it('read whole after the range ended: complete', () => {
    expect(coverageOf({ completeAt: endOfDay, outcome: 'complete' }, range).state).toBe('complete');
    // a later refresh that did not see the end takes nothing from a whole read made after the range
    expect(coverageOf({ completeAt: endOfDay + DAY, outcome: 'end_not_seen' }, range)).toEqual({
      state: 'complete',
      completeAt: endOfDay + DAY,
      outcome: 'end_not_seen',
    });
  });

  it('the range runs past the last whole read: complete only up to it, incomplete when the last refresh failed', () => {
    expect(coverageOf({ completeAt: endOfDay - 1, outcome: 'complete' }, range).state).toBe('until');
    for (const outcome of ['end_not_seen', 'partial', 'unreachable', 'unauthorized', 'cancelled'])
      expect(coverageOf({ completeAt: endOfDay - 1, outcome }, range).state).toBe('incomplete');
  });
});

describe('a book of 100,000 orders', () => {
  it('is worked out in one pass, every order counted once and the sums exact', () => {
    // 100,000 orders over 180 days, the shop in Berlin, the service stamping in UTC
    const book = generateBook(100_000, 100, NOV_20 - 179 * DAY, 180 * DAY);
    let read = 0;
    function* stream(): Generator<FigureOrder> {
      for (const t of book) {
        read += 1;
        yield t.order;
      }
    }
    const figures = dayFigures(stream(), {
      from: '2026-05-01',
      to: '2026-12-31',
      timeZone: 'Europe/Berlin',
      stampZoneMs: 0,
      sentByDesk: new Set([1, 50_000, 100_000]),
    });
    expect(read).toBe(100_000);
    expect(figures.orders).toBe(100_000);
    expect(figures.amounts.total).toBe(cents(book.reduce((s, t) => s + t.cents.total, 0)));
    expect(figures.amounts.discounts).toBe(cents(book.reduce((s, t) => s + t.cents.discounts, 0)));
    expect(figures.byDay.reduce((s, d) => s + d.orders, 0)).toBe(100_000);
    expect(figures.byHour.reduce((s, d) => s + d.orders, 0)).toBe(100_000);
    expect(figures.sent.orders).toBe(3);
    expect(figures.topByQuantity).toHaveLength(10);
    expect(figures.topByQuantity[0]!.quantity).toBeGreaterThanOrEqual(figures.topByQuantity[9]!.quantity);
  });
});
