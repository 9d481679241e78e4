/**
 * Settings → Sign out and erase: what it would remove (the orders not sent yet and the drafts, per service, and the
 * copies set aside), and removing it — the token, the database key, and every service's caches, drafts and outbox —
 * only with a second confirmation naming how many unsent orders go with it.
 */
import type { Handlers, SettingsView } from '../../../shared/contract';
import { AppFailure } from '../../../shared/errors';
import type { Catalogue } from './catalogue/service';
import type { ConnectionTarget } from './connection/state';
import type { DemoRunner } from './demo';
import type { Orders } from './orders/service';
import type { Outbox } from './outbox/service';
import { eraseServiceData, setAsideCopies } from './storage/erase';
import { cacheKey } from './storage/service-scope';
import type { SettingsStore } from './settings/settings';
import { originOf } from './settings/token';
import type { TokenVault } from './settings/vault';

type SignOutHandlers = Pick<Handlers, 'settings:erase-preview' | 'settings:erase'>;

export function signOutHandlers(deps: {
  dataDir: string;
  settings: SettingsStore;
  vault: TokenVault;
  target: () => Promise<ConnectionTarget>;
  demo: DemoRunner;
  catalogue: Pick<Catalogue, 'release'>;
  orders: Pick<Orders, 'release'>;
  outbox: Pick<Outbox, 'pendingAll' | 'eraseAll'>;
  /** Replaces the database key with a new one (the old one gone from where it was kept); returns the new key. */
  renewKey: () => Promise<Buffer>;
  /** Empties the saved views: they may hold a customer's name typed as their search. */
  forgetViews: () => Promise<unknown>;
  recheck: () => Promise<unknown>;
  view: () => Promise<SettingsView>;
  log: { info(message: string): void };
}): SignOutHandlers {
  const { dataDir, settings, outbox } = deps;
  return {
    'settings:erase-preview': async () => {
      const current = await deps.target();
      const key = cacheKey(current);
      const pending = outbox.pendingAll();
      const sum = (what: 'unsent' | 'drafts'): number => pending.reduce((n, p) => n + p[what], 0);
      const here = current.mode === 'demo' ? 'demo' : originOf(current.baseUrl);
      return {
        service: here,
        unsent: sum('unsent'),
        drafts: sum('drafts'),
        services: pending.map((p) => ({
          service: p.origin ?? (p.key === key ? here : null),
          current: p.key === key,
          unsent: p.unsent,
          drafts: p.drafts,
        })),
        setAside: setAsideCopies(dataDir),
      };
    },
    'settings:erase': async ({ confirmedUnsent }) => {
      // orders not sent yet, of any service, are lost only with a second confirmation that names how many (and no more
      // came since)
      const unsent = outbox.pendingAll().reduce((n, p) => n + p.unsent, 0);
      if (unsent > 0 && confirmedUnsent !== unsent)
        throw new AppFailure('erase_needs_confirmation', 'erase_needs_confirmation', undefined, { unsent });
      // nothing reopens a cache from here on: no service is configured
      settings.update({ mode: 'unconfigured', baseUrl: null });
      await deps.vault.clear();
      await deps.demo.stop();
      // every service's caches closed (those of services used before included), then their files removed with the
      // demo data and set-aside copies; the outbox and drafts emptied and rewritten under a new key, the old key gone
      await deps.orders.release();
      await deps.catalogue.release();
      eraseServiceData(dataDir);
      const key = await deps.renewKey();
      await outbox.eraseAll(key);
      // saved views may hold a customer's name typed as their search
      await deps.forgetViews();
      deps.log.info(
        'signed out: the token, the database key and every service’s caches, drafts and outbox were erased',
      );
      void deps.recheck();
      return deps.view();
    },
  };
}
