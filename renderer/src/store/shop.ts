/** Settings → Shop in the renderer: the shop's name, address, country, currency and tax rule, as the core stores them. */
import type { StateCreator } from 'zustand';
import { EMPTY_SHOP } from '../../../shared/shop-rules';
import type { ShopSettings } from '../../../shared/shop';
import { call } from '../bridge';
import { setMoneyCurrency } from '../components/format';

export interface ShopSlice {
  /** EMPTY_SHOP until read from the core. */
  shop: ShopSettings;
  loadShop(): Promise<ShopSettings>;
  saveShop(shop: ShopSettings): Promise<ShopSettings>;
  /** The shop as saved elsewhere (shop:changed). */
  setShop(shop: ShopSettings): void;
}

export const shopSlice: StateCreator<ShopSlice, [], [], ShopSlice> = (set) => ({
  shop: EMPTY_SHOP,
  loadShop: async () => {
    const shop = await call('shop:get', {});
    setMoneyCurrency(shop.currency);
    set({ shop });
    return shop;
  },
  saveShop: async (input) => {
    const shop = await call('shop:save', input);
    setMoneyCurrency(shop.currency);
    set({ shop });
    return shop;
  },
  setShop: (shop) => {
    setMoneyCurrency(shop.currency);
    set({ shop });
  },
});
