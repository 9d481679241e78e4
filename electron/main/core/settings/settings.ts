/** Non-secret settings (service address, mode), persisted as JSON by conf. The token is never stored here. */
import Conf from 'conf';
import { z } from 'zod';
import { DATE_ORDER_SETTINGS } from '../../../../shared/domain';
import { ShopSettings } from '../../../../shared/shop';
import { EMPTY_SHOP } from '../../../../shared/shop-rules';
import { DEFAULT_SYNC, SyncSettings } from '../../../../shared/sync';
import { PROXY_MODES, TrustedCertificate } from '../../../../shared/contract';

export const ProxySettings = z.object({
  mode: z.enum(PROXY_MODES).catch('system'),
  url: z.string().max(500).nullable().catch(null),
});
export type ProxySettings = z.infer<typeof ProxySettings>;
export const DEFAULT_PROXY: ProxySettings = { mode: 'system', url: null };

/**
 * A stored group of settings read key by key: a key that is missing (a file from a version before it existed) or no
 * longer valid (a currency this runtime stopped knowing) takes its default, and every other key of the group is kept.
 * Parsed whole, one such key replaced the whole group by its defaults: a shop's name, address and tax rule were lost
 * to a field added later. Only for reading the file: what staff save is checked strictly and refused with a reason.
 */
function keyByKey<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  defaults: z.infer<z.ZodObject<Shape>>,
): z.ZodType<z.infer<z.ZodObject<Shape>>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field as z.ZodType).catch((defaults as Record<string, unknown>)[key]),
    ]),
  );
  // not an object at all (hand-edited, a version that stored it otherwise): the defaults
  return z.object(shape).catch(defaults) as unknown as z.ZodType<z.infer<z.ZodObject<Shape>>>;
}

/** A certificate staff trusted for one origin (#26.5), with its PEM: public, no secret. */
export const StoredPin = TrustedCertificate.extend({ pem: z.string().max(32_768) });
export type StoredPin = z.infer<typeof StoredPin>;

export const StoredSettings = z.object({
  mode: z.enum(['unconfigured', 'service', 'demo']).catch('unconfigured'),
  baseUrl: z.string().nullable().catch(null),
  /** Day/month order of the service's slash dates: learnt from the data ('auto') or set by hand. */
  dateOrder: z.enum(DATE_ORDER_SETTINGS).catch('auto'),
  /** Settings → Shop: one for the computer, whichever service it talks to. */
  shop: keyByKey(ShopSettings, EMPTY_SHOP),
  /** How often background work reads the service (Settings → Sync). */
  sync: keyByKey(SyncSettings, DEFAULT_SYNC),
  /** Settings → Connection: how requests reach the service (#26); the proxy's login is kept in the vault. */
  proxy: keyByKey(ProxySettings, DEFAULT_PROXY),
  /** Settings → Trusted certificates (#26.5): one per origin at most; an entry that no longer reads is left out alone. */
  trust: z
    .array(z.unknown())
    .max(50)
    .catch([])
    .transform((list) =>
      list.flatMap((entry) => {
        const pin = StoredPin.safeParse(entry);
        return pin.success ? [pin.data] : [];
      }),
    ),
});
export type StoredSettings = z.infer<typeof StoredSettings>;

export interface SettingsStore {
  get(): StoredSettings;
  update(patch: Partial<StoredSettings>): StoredSettings;
  /** Where the settings file lives (for the token isolation tests). */
  readonly path: string;
}

const DEFAULTS: StoredSettings = {
  mode: 'unconfigured',
  baseUrl: null,
  dateOrder: 'auto',
  shop: EMPTY_SHOP,
  sync: DEFAULT_SYNC,
  proxy: DEFAULT_PROXY,
  trust: [],
};

export function createSettingsStore(dir: string): SettingsStore {
  const conf = new Conf<Record<string, unknown>>({
    cwd: dir,
    configName: 'settings',
    projectName: 'shopdesk',
    clearInvalidConfig: true,
    configFileMode: 0o600,
  });
  const read = (): StoredSettings => StoredSettings.parse({ ...DEFAULTS, ...conf.store });
  return {
    get: read,
    update(patch) {
      const next = StoredSettings.parse({ ...read(), ...patch });
      conf.store = next;
      return next;
    },
    path: conf.path,
  };
}
