/** Defaults a new order starts with: the shop's country (Settings → Shop), else that of the last order entered here. */
import { useStore } from '../../store';

export function defaultCountry(): string {
  const shop = useStore.getState().shop.country;
  if (shop) return shop;
  const entries = useStore.getState().outbox;
  const latest = [...entries].sort((a, b) => b.createdAt - a.createdAt)[0];
  return latest?.order.country ?? '';
}
