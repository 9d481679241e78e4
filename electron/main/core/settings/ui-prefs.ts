/**
 * What the screens remember between runs (sidebar, summary, columns, saved views), kept by the core beside the
 * settings so it survives a restart in either host. Nothing secret and nothing about customers.
 */
import Conf from 'conf';
import type { Handlers } from '../../../../shared/contract';
import { KeptScannerPrefs, UiPrefs } from '../../../../shared/contract';
import { DEFAULT_UI as DEFAULTS } from '../../../../shared/ui-defaults';
import type { CoreEvents } from '../events';

/** Each preference read on its own: one that no longer fits its shape falls back to its default, not all of them. */
function readPrefs(stored: Record<string, unknown>): UiPrefs {
  const prefs = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof UiPrefs)[]) {
    // a kept group of settings (the scanner's) is read a setting at a time, so a new one does not reset the rest
    const parsed = (key === 'scanner' ? KeptScannerPrefs : UiPrefs.shape[key]).safeParse(stored[key]);
    if (parsed.success) Object.assign(prefs, { [key]: parsed.data });
  }
  return prefs;
}

export function uiPrefsHandlers(dir: string, events?: CoreEvents): Pick<Handlers, 'ui:get' | 'ui:set'> {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dir,
    configName: 'screens',
    projectName: 'shopdesk',
    clearInvalidConfig: true,
    configFileMode: 0o600,
  });
  return {
    'ui:get': async () => readPrefs(conf.store),
    'ui:set': async (patch) => {
      const next = { ...readPrefs(conf.store), ...patch };
      conf.store = next;
      events?.emit('ui:changed', next);
      return next;
    },
  };
}
