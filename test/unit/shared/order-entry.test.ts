import { describe, expect, it } from 'vitest';
import { DraftData, NewOrder, type DraftLine } from '../../../shared/domain';
import { countryNames } from '../../../shared/countries';
import { asDeduction } from '../../../shared/money';
import {
  addProduct,
  computeTotals,
  draftFromOrder,
  emptyDraft,
  errorsForStep,
  firstStepWithError,
  fromServerErrors,
  isBlank,
  lineOf,
  moveLine,
  readDateInput,
  readMoneyInput,
  showDate,
  stepOf,
  stockWarning,
  toNewOrder,
  validateDraft,
  type DraftFields,
  FIELD_KEYS,
  ORDER_FIELDS,
  attachLineMessages,
  lineMessages,
  withoutMessage,
  quantityPrefix,
  splitQuantity,
  MAX_QUANTITY,
} from '../../../shared/order-entry';

const line = (patch: Partial<DraftLine> = {}): DraftLine => ({
  productId: 3,
  sku: 'SKU-3',
  name: 'Widget',
  price: '10.00',
  available: 12,
  addedAt: 0,
  quantity: 1,
  ...patch,
});

const filled = (fields: Partial<DraftFields> = {}, patch: Partial<DraftData> = {}): DraftData => {
  const empty = emptyDraft('2026-11-22');
  return {
    ...empty,
    fields: {
      ...empty.fields,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+31 6 1234 5678',
      address_line_1: '1 Analytical Street',
      zip: '1011 AB',
      city: 'Amsterdam',
      province: 'Noord-Holland',
      country: 'Netherlands',
      shipping_cost: '4.95',
      total_tax: '4.20',
      ...fields,
    },
    lines: [line({ quantity: 2 })],
    ...patch,
  };
};
const prices = (shipping_cost: string, total_tax: string, total_discounts: string) => ({
  shipping_cost,
  total_tax,
  total_discounts,
});

describe('money', () => {
  it('reads what staff type, and says what is wrong otherwise', () => {
    expect(readMoneyInput('')).toEqual({ ok: true, value: '0.00' });
    expect(readMoneyInput('4')).toEqual({ ok: true, value: '4.00' });
    expect(readMoneyInput(' 4,95 ')).toEqual({ ok: true, value: '4.95' });
    expect(readMoneyInput('4.5')).toEqual({ ok: true, value: '4.50' });
    expect(readMoneyInput('4.')).toEqual({ ok: true, value: '4.00' });
    expect(readMoneyInput('4.955')).toEqual({ ok: false, message: 'Use at most two decimals (cents).' });
    expect(readMoneyInput('-1')).toEqual({ ok: false, message: 'Enter a positive amount.' });
    expect(readMoneyInput('1,000.00').ok).toBe(false);
    expect(readMoneyInput('abc').ok).toBe(false);
    expect(readMoneyInput('NaN').ok).toBe(false);
    expect(readMoneyInput('1e5').ok).toBe(false);
  });

  it('computes totals exactly where floats would drift', () => {
    // 0.1 + 0.2 style: ten lines at 0.10 and one at 0.20
    const lines = [
      ...Array.from({ length: 10 }, (_, i) => line({ productId: i + 1, price: '0.10' })),
      line({ productId: 99, price: '0.20' }),
    ];
    const totals = computeTotals(lines, prices('0.1', '0.2', '0.3'));
    expect(totals.subtotal).toBe('1.20');
    expect(totals.total).toBe('1.20');
    const drift = computeTotals([line({ price: '1.10', quantity: 3 })], prices('', '', ''));
    expect(drift.lines).toEqual(['3.30']);
    expect(1.1 * 3).not.toBe(3.3); // what a float would have said
  });

  it('rounds half up once, at the subtotal, not per line', () => {
    const lines = [
      line({ productId: 1, price: '0.005', quantity: 1 }),
      line({ productId: 2, price: '0.005', quantity: 1 }),
    ];
    const totals = computeTotals(lines, prices('', '', ''));
    expect(totals.lines).toEqual(['0.005', '0.005']);
    expect(totals.subtotal).toBe('0.01');
    expect(computeTotals([line({ price: '0.125' })], prices('', '', '')).subtotal).toBe('0.13');
  });

  it('handles 200 lines of large quantities without losing a cent', () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      line({ productId: i + 1, price: '99999.99', quantity: 100_000 }),
    );
    const totals = computeTotals(lines, prices('0.01', '', ''));
    expect(totals.subtotal).toBe('1999999800000.00');
    expect(totals.total).toBe('1999999800000.01');
    expect(validateDraft(filled({}, { lines }), 'dmy').total_price).toMatch(/larger than the service accepts/);
  });

  it('shows discounts as deductions, never as "−0.00"', () => {
    expect(asDeduction('4.95')).toBe('-4.95');
    expect(asDeduction('0.00')).toBe('0.00');
    expect(asDeduction('0')).toBe('0');
    expect(asDeduction('-1.00')).toBe('-1.00');
    expect(asDeduction(null)).toBeNull();
  });

  it('gives no total (never NaN) while a figure is missing or unreadable', () => {
    expect(computeTotals([line({ price: null })], prices('', '', '')).total).toBeNull();
    expect(computeTotals([line()], prices('x', '', '')).total).toBeNull();
    expect(computeTotals([], prices('', '', '')).total).toBe('0.00');
  });
});

describe('dates', () => {
  const now = new Date(2026, 10, 22);
  it('reads typed dates in the date order set, in several spellings', () => {
    expect(readDateInput('03/04/2026', 'dmy')).toBe('2026-04-03');
    expect(readDateInput('03/04/2026', 'mdy')).toBe('2026-03-04');
    expect(readDateInput('3-4-2026', 'dmy')).toBe('2026-04-03');
    expect(readDateInput('3.4.2026', 'mdy')).toBe('2026-03-04');
    expect(readDateInput('2026-04-03', 'mdy')).toBe('2026-04-03');
    expect(readDateInput('t', 'dmy', now)).toBe('2026-11-22');
    expect(readDateInput('today', 'mdy', now)).toBe('2026-11-22');
    expect(readDateInput('31/02/2026', 'dmy')).toBeNull();
    expect(readDateInput('13/13/2026', 'mdy')).toBeNull();
    expect(readDateInput('22/11/2026', 'mdy')).toBeNull();
  });

  it('sends slash dates in the service order, empty when empty', () => {
    const data = filled({ order_date: '2026-11-02', processed_date: '2026-11-03' });
    expect(toNewOrder(data, 'dmy')).toMatchObject({
      order_date: '02/11/2026',
      processed_date: '03/11/2026',
      closed_date: '',
    });
    expect(toNewOrder(data, 'mdy')).toMatchObject({
      order_date: '11/02/2026',
      processed_date: '11/03/2026',
      closed_date: '',
    });
    expect(showDate('2026-11-02', 'dmy')).toBe('02/11/2026');
    expect(showDate('2026-11-02', 'mdy')).toBe('11/02/2026');
    expect(showDate('2/11', 'mdy')).toBe('2/11');
  });
});

describe('validation', () => {
  it('accepts a complete order and builds exactly what the service takes', () => {
    const data = filled();
    expect(validateDraft(data, 'dmy', countryNames())).toEqual({});
    const order = toNewOrder(data, 'dmy');
    expect(NewOrder.parse(order)).toEqual(order);
    expect(order).toMatchObject({
      subtotal_price: '20.00',
      shipping_cost: '4.95',
      total_tax: '4.20',
      total_discounts: '0.00',
      total_price: '29.15',
      order_date: '22/11/2026',
      order_items: [{ id: 3, quantity: 2 }],
    });
  });

  it('names every missing field in plain words, on its step', () => {
    const errors = validateDraft(emptyDraft('2026-11-22'), 'dmy');
    expect(Object.keys(errors).sort()).toEqual(
      ['address_line_1', 'city', 'country', 'email', 'name', 'order_items', 'phone', 'province', 'zip'].sort(),
    );
    expect(errors.name).toBe('Enter the customer’s name.');
    expect(firstStepWithError(errors)).toBe(0);
    expect(Object.keys(errorsForStep(errors, 2))).toEqual(['order_items']);
    expect(errorsForStep(errors, 3)).toEqual({});
  });

  it('checks shapes: e-mail, phone, country, quantities, money, dates, cancel reason', () => {
    const errors = validateDraft(
      filled(
        {
          name: 'A',
          email: 'ada@',
          phone: 'call me',
          country: 'Atlantis',
          shipping_cost: '1.234',
          total_tax: '-2',
          total_discounts: '',
          order_date: '2026-11-22',
          processed_date: '2026-11-01',
          closed_date: '32/01/2026',
          cancel_reason: 'late',
        },
        { lines: [line({ quantity: 0 }), line({ productId: 4, price: null })] },
      ),
      'dmy',
      countryNames(),
    );
    expect(errors).toMatchObject({
      email: expect.stringMatching(/e-mail address/),
      phone: expect.stringMatching(/digits/),
      country: 'Choose the country from the list.',
      'order_items.0.quantity': expect.stringMatching(/whole number/),
      'order_items.1.id': expect.stringMatching(/No price/),
      shipping_cost: 'Use at most two decimals (cents).',
      total_tax: 'Enter a positive amount.',
      processed_date: 'The processed date is before the order date.',
      closed_date: 'The closed date is not a date; pick it from the calendar, or leave it empty.',
      cancel_reason: expect.stringMatching(/needs a cancelled date/),
    });
    expect(validateDraft(filled(prices('', '', '25')), 'dmy').total_discounts).toMatch(/larger than the order/);
  });

  it('sends the cancel reason only with a cancelled date', () => {
    const data = filled({ cancelled_date: '2026-11-23', cancel_reason: ' out of stock ' });
    expect(validateDraft(data, 'mdy')).toEqual({});
    expect(toNewOrder(data, 'mdy')).toMatchObject({ cancelled_date: '11/23/2026', cancel_reason: 'out of stock' });
  });
});

describe('the service’s 422 messages', () => {
  it('land on the wizard field and step they name', () => {
    const errors = fromServerErrors({
      'order_items.0.quantity': ['The order_items.0.quantity field must be at least 1.'],
      email: ['The email field must be a valid email address.', 'Another.'],
      shipping_cost: ['The shipping cost field must have 2 decimal places.'],
      mystery_field: ['Something the wizard does not know.'],
      empty: [],
    });
    expect(errors).toEqual({
      'order_items.0.quantity': 'The order_items.0.quantity field must be at least 1.',
      email: 'The email field must be a valid email address. Another.',
      shipping_cost: 'The shipping cost field must have 2 decimal places.',
      mystery_field: 'Something the wizard does not know.',
    });
    expect(stepOf('order_items.0.quantity')).toBe(2);
    expect(lineOf('order_items.0.quantity')).toBe(0);
    expect(lineOf('order_items.12.id')).toBe(12);
    expect(lineOf('email')).toBeNull();
    expect(stepOf('email')).toBe(0);
    expect(stepOf('zip')).toBe(1);
    expect(stepOf('shipping_cost')).toBe(3);
    expect(stepOf('cancel_reason')).toBe(3);
    expect(stepOf('mystery_field')).toBe(4);
    expect(fromServerErrors(null)).toEqual({});
  });

  it('a rejected order comes back as a draft with the same lines, dates and prices', () => {
    const data = filled({ order_date: '2026-11-02' });
    const sent = toNewOrder(data, 'dmy');
    const back = draftFromOrder(
      sent,
      'dmy',
      (id) => (id === 3 ? { sku: 'SKU-3', name: 'Widget', price: '10.00', available: 12 } : null),
      0,
    );
    expect(back.lines).toEqual([line({ quantity: 2 })]);
    expect(back.fields.order_date).toBe('2026-11-02');
    // the field table round trip: every field comes back under its own name (an empty amount as 0.00)
    expect(back.fields).toEqual({ ...data.fields, total_discounts: '0.00' });
    expect(toNewOrder(back, 'dmy')).toEqual(sent);
    const unknown = draftFromOrder({ ...sent, order_items: [{ id: 77, quantity: 1 }] }, 'dmy', () => null, 0);
    expect(unknown.lines[0]).toMatchObject({ sku: '#77', price: null });
  });
});

describe('lines', () => {
  it('a second scan adds one to the line instead of a new line', () => {
    const first = addProduct([], { productId: 3, sku: 'SKU-3', name: 'Widget', price: '10.00', available: 1 }, 5);
    expect(first).toMatchObject({ index: 0, quantity: 1 });
    const second = addProduct(first.lines, {
      productId: 3,
      sku: 'SKU-3',
      name: 'Widget',
      price: '10.00',
      available: 1,
    });
    expect(second).toMatchObject({ index: 0, quantity: 2 });
    expect(second.lines).toHaveLength(1);
    const other = addProduct(second.lines, { productId: 4, sku: 'SKU-4', name: 'Gadget', price: '1.00', available: 0 });
    expect(other).toMatchObject({ index: 1, quantity: 1 });
    expect(moveLine(other.lines, 1, 0).map((l) => l.productId)).toEqual([4, 3]);
    expect(moveLine(other.lines, 0, -1).map((l) => l.productId)).toEqual([3, 4]);
  });

  it('a quantity typed before a scan adds that many, to a new line or an old one, never above the most (#29.6)', () => {
    const widget = { productId: 3, sku: 'SKU-3', name: 'Widget', price: '10.00', available: 1 };
    const five = addProduct([], widget, 5, 5);
    expect(five).toMatchObject({ index: 0, quantity: 5 });
    expect(addProduct(five.lines, widget, 6, 4)).toMatchObject({ index: 0, quantity: 9 });
    expect(addProduct(five.lines, widget, 6, MAX_QUANTITY).quantity).toBe(MAX_QUANTITY);
    expect(addProduct([], widget, 5, 0).quantity).toBe(1);
  });

  it('reads a quantity before a scan: digits and * or ×, nothing else (#29.6)', () => {
    expect(quantityPrefix('5*')).toBe(5);
    expect(quantityPrefix(' 12 × ')).toBe(12);
    expect(quantityPrefix(`${MAX_QUANTITY}*`)).toBe(MAX_QUANTITY);
    for (const text of ['*', '0*', '5', '5**', 'a5*', '5*3', '-5*', `${MAX_QUANTITY + 1}*`, '1.5*'])
      expect(quantityPrefix(text), text).toBeNull();
    expect(splitQuantity('5* cheese')).toEqual({ quantity: 5, text: 'cheese' });
    expect(splitQuantity('3×SKU-1')).toEqual({ quantity: 3, text: 'SKU-1' });
    expect(splitQuantity('cheese 5*')).toEqual({ quantity: null, text: 'cheese 5*' });
    expect(splitQuantity('0* cheese')).toEqual({ quantity: null, text: '0* cheese' });
  });

  it('warns about stock without blocking', () => {
    expect(stockWarning({ available: 0, quantity: 1 })).toBe('Out of stock');
    expect(stockWarning({ available: 3, quantity: 5 })).toBe('Only 3 available');
    expect(stockWarning({ available: 5, quantity: 5 })).toBeNull();
    expect(stockWarning({ available: null, quantity: 1 })).toBe('Stock unknown');
    expect(validateDraft(filled({}, { lines: [line({ available: 0, quantity: 3 })] }), 'dmy')).toEqual({});
  });

  it('an untouched new order is blank (not saved), anything typed is not', () => {
    expect(isBlank(emptyDraft('2026-11-22', 'Netherlands'), '2026-11-22')).toBe(true);
    // the shop's default shipping cost is filled in, not typed: a new order holding only it is still blank
    const withShipping = emptyDraft('2026-11-22', 'Netherlands', '4.95');
    expect(withShipping.fields.shipping_cost).toBe('4.95');
    expect(isBlank(withShipping, '2026-11-22')).toBe(true);
    expect(toNewOrder({ ...withShipping, lines: [line()] }, 'dmy').shipping_cost).toBe('4.95');
    expect(isBlank(filled({ remarks: 'x' }, { lines: [] }), '2026-11-22')).toBe(false);
    expect(isBlank(filled(), '2026-11-22')).toBe(false);
    // a scan held on the Customer step is kept, even before anything is typed (#27.2)
    expect(isBlank({ ...emptyDraft('2026-11-22'), heldScans: ['8700000000087'] }, '2026-11-22')).toBe(false);
  });
});

describe('the field table', () => {
  it('every field of the service’s order is in the draft, and comes back from draft → order → draft', () => {
    const fields = Object.fromEntries(FIELD_KEYS.map((k) => [k, ''])) as DraftFields;
    const data = filled({
      ...fields,
      name: 'Zoë Ångström',
      email: 'zoe@example.com',
      phone: '+46 8 123 456',
      address_line_1: 'Storgatan 1',
      address_line_2: 'c/o Nobel',
      zip: '111 22',
      city: 'Stockholm',
      province: 'Stockholm',
      country: 'Sweden',
      shipping_cost: '4.95',
      total_tax: '1.00',
      total_discounts: '2.00',
      order_date: '2026-02-03',
      processed_date: '2026-02-04',
      closed_date: '2026-02-05',
      cancelled_date: '2026-02-06',
      cancel_reason: 'Changed mind',
      remarks: 'Ring twice',
    });
    for (const order of ['dmy', 'mdy'] as const) {
      const sent = toNewOrder(data, order);
      for (const key of FIELD_KEYS) expect(sent).toHaveProperty(key);
      const back = draftFromOrder(
        sent,
        order,
        () => ({ sku: 'SKU-3', name: 'Widget', price: '10.00', available: 12 }),
        0,
      );
      expect(back.fields).toEqual(data.fields);
      expect(toNewOrder(back, order)).toEqual(sent);
    }
    expect(Object.keys(NewOrder.shape).sort()).toEqual(
      [...FIELD_KEYS, 'subtotal_price', 'total_price', 'order_items'].sort(),
    );
    expect(FIELD_KEYS.map(stepOf)).toEqual(FIELD_KEYS.map((k) => ORDER_FIELDS[k].step));
  });

  it('upgrades a draft saved in the old shape (customer/address/prices/dates) when it is read', () => {
    const old = {
      customer: { name: 'Ada', email: 'ada@example.com', phone: '555 0100' },
      address: { line1: '1 Street', line2: '', zip: '1011', city: 'Amsterdam', province: 'NH', country: 'Netherlands' },
      lines: [line()],
      prices: { shipping: '4.95', tax: '1', discounts: '' },
      dates: { order: '2026-11-22', processed: '', closed: '', cancelled: '', cancelReason: '' },
      remarks: 'hi',
      replaces: null,
      serverErrors: { email: ['Taken.'] },
    };
    const data = DraftData.parse(old);
    expect(data.fields).toMatchObject({
      name: 'Ada',
      address_line_1: '1 Street',
      country: 'Netherlands',
      shipping_cost: '4.95',
      total_tax: '1',
      order_date: '2026-11-22',
      remarks: 'hi',
    });
    expect(data).not.toHaveProperty('customer');
    expect(data.lines).toHaveLength(1);
    expect(data.serverErrors).toEqual({ email: ['Taken.'] });
    expect(DraftData.parse(data)).toEqual(data); // a new draft passes unchanged
    expect(DraftData.parse({}).fields.name).toBe('');
  });
});

describe('the service’s messages about lines', () => {
  const three = [line({ productId: 1, sku: 'A' }), line({ productId: 2, sku: 'B' }), line({ productId: 3, sku: 'C' })];
  const rejected = (): DraftData =>
    attachLineMessages(
      filled(
        {},
        {
          lines: three,
          serverErrors: {
            'order_items.1.id': ['The selected order_items.1.id is invalid.'],
            'order_items.2.quantity': ['Too many.'],
            'order_items.9.id': ['About a line that is not there.'],
            email: ['Taken.'],
            mystery: ['Nobody owns this.'],
          },
        },
      ),
    );

  it('follow their line when lines are reordered', () => {
    const data = rejected();
    expect(lineMessages(data.lines)).toEqual({
      'order_items.1.id': 'The selected order_items.1.id is invalid.',
      'order_items.2.quantity': 'Too many.',
    });
    // field and unknown keys stay on the draft
    expect(Object.keys(data.serverErrors).sort()).toEqual(['email', 'mystery', 'order_items.9.id']);
    const moved = moveLine(moveLine(data.lines, 1, 0), 2, 1); // B, C, A
    expect(moved.map((l) => l.sku)).toEqual(['B', 'C', 'A']);
    expect(lineMessages(moved)).toEqual({
      'order_items.0.id': 'The selected order_items.1.id is invalid.',
      'order_items.1.quantity': 'Too many.',
    });
  });

  it('vanish when the line is removed, its product replaced, or the value changed', () => {
    const data = rejected();
    const removed = data.lines.filter((l) => l.sku !== 'B');
    expect(lineMessages(removed)).toEqual({ 'order_items.1.quantity': 'Too many.' });
    // replacing B's product: a new product is a new line, without B's messages
    const replaced = addProduct(removed, { productId: 7, sku: 'G', name: 'Good', price: '1.00', available: 5 }).lines;
    expect(lineMessages(replaced)).toEqual({ 'order_items.1.quantity': 'Too many.' });
    const fixed = replaced.map((l) => (l.sku === 'C' ? withoutMessage({ ...l, quantity: 1 }, 'quantity') : l));
    expect(lineMessages(fixed)).toEqual({});
    // with every message dealt with, the order validates and goes out with the lines as they are now
    const corrected = { ...data, lines: fixed, serverErrors: {} };
    expect(validateDraft(corrected, 'dmy')).toEqual({});
    expect(toNewOrder(corrected, 'dmy').order_items.map((i) => i.id)).toEqual([1, 3, 7]);
  });
});
