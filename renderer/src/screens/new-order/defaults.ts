/**
 * Defaults a new order starts with: the shop's country (Settings → Shop), else that of the last order entered here; the
 * shop's default shipping cost.
 */
import { emptyDraft } from '../../../../shared/order-entry';
import type { DraftData } from '../../../../shared/domain';
import { useStore } from '../../store';

export function defaultCountry(): string {
  const shop = useStore.getState().shop.country;
  if (shop) return shop;
  const entries = useStore.getState().outbox;
  const latest = [...entries].sort((a, b) => b.createdAt - a.createdAt)[0];
  return latest?.order.country ?? '';
}

/** The shop's default shipping cost (Settings → Shop), '' for none. */
export const defaultShipping = (): string => useStore.getState().shop.defaultShipping;

/** A new order with the shop's defaults: its country (or `country`) and its shipping cost (or `shipping`). */
export function newDraft(country = defaultCountry(), shipping = defaultShipping()): DraftData {
  return emptyDraft(undefined, country, shipping);
}
