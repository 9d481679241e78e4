/**
 * Settings → Shop over the contract: read and saved whole, kept with the other settings of this computer. A save is
 * told to every screen (shop:changed), so an order started anywhere afterwards has the new defaults.
 */
import type { Handlers } from '../../../../shared/contract';
import type { CoreEvents } from '../events';
import type { SettingsStore } from './settings';

export function shopHandlers(settings: SettingsStore, events?: CoreEvents): Pick<Handlers, 'shop:get' | 'shop:save'> {
  return {
    'shop:get': async () => settings.get().shop,
    'shop:save': async (shop) => {
      const saved = settings.update({ shop }).shop;
      events?.emit('shop:changed', saved);
      return saved;
    },
  };
}
