/**
 * What the renderer's first screen needs of the shop's settings, without the schema: the settings before any are
 * stored, and the tax rule the Prices step applies. Kept apart from shared/shop.ts so the first screen's script does
 * not carry zod (89 kB, #31.2); the schema is for the core and Settings' form, which come later.
 */
import type { ShopSettings } from './shop';

/** The shop's tax: a rate in percent (a decimal string such as "21" or "8.875") and whether shipping is taxed. */
export interface TaxRule {
  ratePercent: string;
  shippingTaxed: boolean;
}

/** Low stock at this many available or fewer, until Settings → Stock says otherwise. */
export const LOW_STOCK_THRESHOLD = 5;

export const EMPTY_SHOP: ShopSettings = {
  name: '',
  address: '',
  country: '',
  currency: '',
  taxRatePercent: '',
  shippingTaxed: false,
  defaultShipping: '',
};

/** The tax rule of the Prices step, or null when the shop has no rate (tax is typed by hand then). */
export const taxRuleOf = (shop: ShopSettings | null): TaxRule | null =>
  shop && shop.taxRatePercent !== '' ? { ratePercent: shop.taxRatePercent, shippingTaxed: shop.shippingTaxed } : null;
