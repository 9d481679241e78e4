import { describe, expect, it } from 'vitest';
import { flag, parseProduct, parseProductPage } from '../../../../electron/main/core/catalogue/api';
import { text, unwrapRecord } from '../../../../electron/main/core/http/fields';
import { toMoney } from '../../../../shared/money';

const sample = {
  id: '12',
  sku: '123-4567',
  name: 'Granite Mug',
  bar_code: '8712345678906',
  status: 'Available',
  physical_stock: '10',
  available_stock: '7',
  price: '12.5',
  package_content: '1x Mug, 1x gift box',
  weight: '0.350',
  weight_unit: '',
  length: '10',
  width: '8',
  height: '12',
  size_unit: 'cm',
  tariff_code: '69120085',
  packaging_type: 'Standard Box',
  flag_fragile: 'Yes',
  flag_dangerous: 'No',
  flag_battery: 'Lorem ipsum',
};

describe('text from the service', () => {
  it('loses control and bidi override characters (no "exe.jpg" spoofing), keeps real right-to-left text', () => {
    expect(text('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(text('\u2067a\u2069b\u202Ac\u202Cd')).toBe('abcd');
    expect(text('bell\u0007 and nul\u0000')).toBe('bell and nul');
    expect(text('שלום עולם')).toBe('שלום עולם');
    expect(text('مرحبا')).toBe('مرحبا');
    expect(text('line one\nline two')).toBe('line one\nline two');
  });
});

describe('tolerant product parsing', () => {
  it('reads the spec sample (all strings), exact money, empty weight unit', () => {
    const parsed = parseProduct(sample);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.product).toMatchObject({
      id: 12,
      sku: '123-4567',
      available: 7,
      physical: 10,
      price: '12.50',
      weight: '0.350',
      weightUnit: '',
    });
    expect(parsed.product.flags.fragile).toEqual({ value: true, text: 'Yes' });
    expect(parsed.product.flags.dangerous.value).toBe(false);
    expect(parsed.product.flags.battery).toEqual({ value: null, text: 'Lorem ipsum' });
    expect(parsed.product.flags.media.value).toBe(false); // absent
  });

  it('numbers instead of strings, and the misspelt names of the field listing', () => {
    const parsed = parseProduct({
      id: 5,
      name: 'Box',
      price: 3,
      available_stocks: 4,
      physical_stock: 9,
      lenght: 20,
      bar_code: 8712345678906,
    });
    expect(parsed).toMatchObject({
      ok: true,
      product: { id: 5, price: '3.00', available: 4, physical: 9, length: '20', barcode: '8712345678906' },
    });
  });

  it('odd values become null or empty, never NaN', () => {
    const parsed = parseProduct({
      id: '9',
      name: null,
      price: 'abc',
      available_stock: 'n/a',
      physical_stock: '1e3',
      weight: '-',
      flag_adult: 1,
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.product).toMatchObject({ name: '', price: null, available: null, physical: null, weight: null });
    expect(parsed.product.flags.adult.value).toBe(true);
    expect(JSON.stringify(parsed.product)).not.toContain('NaN');
  });

  it('unknown fields are kept as text; prototype keys are not', () => {
    const parsed = parseProduct(JSON.parse('{"id":"1","colour":"red","dims":{"a":1},"__proto__":{"x":1}}'));
    expect(parsed.ok && parsed.product.extra).toEqual({ colour: 'red', dims: '{"a":1}' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('records without a usable id are skipped and counted; the page survives', () => {
    const page = parseProductPage({
      data: [sample, { name: 'no id' }, null, 'text', { id: '-3' }, { id: 'abc' }],
      meta: { total: '6', last_page: 1 },
    });
    expect(page?.products).toHaveLength(1);
    expect(page?.skipped).toBe(5);
    expect(page?.total).toBe(6);
    expect(page?.lastPage).toBe(1);
  });

  it('a page without meta, or without data', () => {
    expect(parseProductPage({ data: [sample] })).toMatchObject({ total: null, lastPage: null, products: [{ id: 12 }] });
    expect(parseProductPage({ items: [] })).toBeNull();
    // a bare array is a page too (#26: any paginator), with no word of the pages after it
    expect(parseProductPage([sample])).toMatchObject({
      lastPage: null,
      products: [{ id: 12 }],
      signals: { lastPage: null, next: null, perPage: null, records: 1 },
    });
    expect(parseProductPage('<html>')).toBeNull();
  });

  it('single reads bare or inside data', () => {
    expect(unwrapRecord({ data: { id: '1' } })).toEqual({ id: '1' });
    expect(unwrapRecord({ id: '1' })).toEqual({ id: '1' });
  });

  it('flag texts', () => {
    for (const yes of ['Yes', 'TRUE', '1', 'y', 'x']) expect(flag(yes).value).toBe(true);
    for (const no of ['No', 'false', '0', '', '-']) expect(flag(no).value).toBe(false);
    expect(flag('Lorem').value).toBeNull();
  });

  it('flag readings are remembered per spelling but never shared: changing one leaves the next intact', () => {
    const first = flag(' Yes\u0007');
    expect(first).toEqual({ value: true, text: 'Yes' });
    first.value = false;
    first.text = 'changed';
    expect(flag(' Yes\u0007')).toEqual({ value: true, text: 'Yes' });
    expect(flag('YES')).toEqual({ value: true, text: 'YES' });
    // many odd spellings (a misbehaving service) are all read right; the memory of them stays small
    for (let i = 0; i < 1000; i++) expect(flag(`odd ${i}`)).toEqual({ value: null, text: `odd ${i}` });
  });

  it('money stays exact', () => {
    expect(toMoney('0.1')).toBe('0.10');
    expect(toMoney('12345678901234567890.125')).toBe('12345678901234567890.125');
    expect(toMoney(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(toMoney('1,50')).toBeNull();
    expect(toMoney(Number.NaN)).toBeNull();
    expect(toMoney(1e21)).toBeNull();
  });

  it('money already in the usual form comes back as it is; every other form is normalised', () => {
    for (const usual of ['0.00', '0.50', '233.22', '999999999999999.99']) expect(toMoney(usual)).toBe(usual);
    expect(toMoney('0233.22')).toBe('233.22');
    expect(toMoney(' 233.22 ')).toBe('233.22');
    expect(toMoney('+233.22')).toBe('233.22');
    expect(toMoney('-233.22')).toBe('-233.22');
    expect(toMoney('233.2')).toBe('233.20');
    expect(toMoney('233.225')).toBe('233.225');
    expect(toMoney('233.')).toBe('233.00');
    expect(toMoney('.5')).toBe('0.50');
  });
});
