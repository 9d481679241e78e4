/** Settings → Shop over the contract: read and saved whole, kept with the other settings of this computer. */
import type { Handlers } from '../../../shared/contract';
import type { SettingsStore } from './settings';

export function shopHandlers(settings: SettingsStore): Pick<Handlers, 'shop:get' | 'shop:save'> {
  return {
    'shop:get': async () => settings.get().shop,
    'shop:save': async (shop) => settings.update({ shop }).shop,
  };
}
