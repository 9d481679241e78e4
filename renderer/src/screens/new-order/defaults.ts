/** Defaults a new order starts with: the country of the last order entered on this computer. */
import { useStore } from '../../store';

export function defaultCountry(): string {
  const entries = useStore.getState().outbox;
  const latest = [...entries].sort((a, b) => b.createdAt - a.createdAt)[0];
  return latest?.order.country ?? '';
}
