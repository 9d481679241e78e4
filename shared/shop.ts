/**
 * The shop's own settings (Settings → Shop), stored by the core: the name and address printed on order sheets, the
 * country new orders start with, the currency every amount is shown in, the tax rule the Prices step applies and the
 * shipping cost new orders start with.
 * Facts only (codes, decimal strings): the renderer words them.
 */
import Big from 'big.js';
import { z } from 'zod';

/** ISO 4217 codes this runtime knows (Intl), so a code that cannot be shown is never stored. */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf('currency');

const RATE = /^(\d{1,2}(\.\d{1,4})?|100(\.0{1,4})?)$/;
/** An amount as typed: up to 10 digits, and a point (or comma) with one or two more. */
const SHIPPING = /^\d{1,10}(\.\d{1,2})?$/;

export const ShopSettings = z.object({
  name: z.string().trim().max(200),
  /** Several lines: street, postcode and city, … as printed. */
  address: z.string().trim().max(1000),
  /** A country name from shared/countries, or '' for none. */
  country: z.string().trim().max(100),
  /** ISO 4217 code, or '' while none is chosen (amounts are then shown without a currency). */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || CURRENCIES.includes(code), { message: 'currency' }),
  /** Percent as a decimal string ("21", "8.875"), or '' for no tax rate (tax is then typed per order). */
  taxRatePercent: z
    .string()
    .trim()
    .transform((t) => t.replace(',', '.'))
    .refine((t) => t === '' || RATE.test(t), { message: 'taxRate' }),
  shippingTaxed: z.boolean(),
  /** The shipping cost new orders start with, a decimal string with two fraction digits ("4.95"), or '' for none. */
  defaultShipping: z
    .string()
    .trim()
    .transform((t) => t.replace(',', '.'))
    .refine((t) => t === '' || SHIPPING.test(t), { message: 'defaultShipping' })
    .transform((t) => (t === '' ? '' : new Big(t).toFixed(2)))
    .default(''),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

// the settings before any are stored and the Prices step's tax rule live apart (shop-rules.ts), without zod, for the
// first screen
