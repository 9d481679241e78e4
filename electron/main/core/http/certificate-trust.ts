/**
 * Settings → Trusted certificates (#26.5): a service with a self-signed certificate (or one from an issuer no store
 * trusts) can be trusted by the SHA-256 of its certificate, for its own origin only, once staff have seen the
 * certificate's names and dates after a failed connection test and confirmed. Only a certificate the connection test
 * itself looked at can be trusted (the facts kept are the core's, never the screen's), and only one naming the host
 * and within its dates. Stopping trust returns the origin to normal verification.
 */
import type { Handlers, TrustedCertificate, TrustedCertificates } from '../../../../shared/contract';
import { AppFailure } from '../../../../shared/errors';
import type { NetworkRoutes } from './network';
import type { SettingsStore } from '../settings/settings';

type TrustHandlers = Pick<Handlers, 'certificates:list' | 'certificates:trust' | 'certificates:forget'>;

export function certificateTrustHandlers(deps: {
  settings: SettingsStore;
  routes: NetworkRoutes;
  log: { info(message: string): void };
  /** The connection is checked again after a change. */
  changed: () => void;
  now?: () => number;
}): TrustHandlers {
  const list = (): TrustedCertificates => ({
    trusted: deps.settings.get().trust.map(({ pem: _pem, ...view }): TrustedCertificate => view),
  });
  const store = (trust: ReturnType<SettingsStore['get']>['trust']): void => {
    deps.settings.update({ trust });
    deps.routes.pinsChanged();
    deps.changed();
  };
  return {
    'certificates:list': async () => list(),
    'certificates:trust': async ({ origin, sha256 }) => {
      const seen = deps.routes.lastPresented(origin);
      if (!seen || seen.facts.sha256 !== sha256)
        throw new AppFailure(
          'invalid_request',
          'That certificate was not the one the service presented to the last connection test: test again.',
          undefined,
          { reason: 'certificate_not_seen' },
        );
      if (!seen.facts.nameMatches || !seen.facts.current)
        throw new AppFailure(
          'invalid_request',
          'That certificate does not name this address or is outside its dates: it cannot be trusted.',
          undefined,
          { reason: 'certificate_unusable' },
        );
      const { origin: at, subject, names, issuer, validFrom, validTo, selfSigned } = seen.facts;
      const facts = { origin: at, subject, names, issuer, validFrom, validTo, sha256, selfSigned };
      const others = deps.settings.get().trust.filter((p) => p.origin !== origin);
      store([...others, { ...facts, pem: seen.pem, trustedAt: (deps.now ?? Date.now)() }].slice(-50));
      deps.log.info(`Certificate trusted by hand for ${origin}: SHA-256 ${sha256}`);
      return list();
    },
    'certificates:forget': async ({ origin }) => {
      const trust = deps.settings.get().trust;
      if (trust.some((p) => p.origin === origin)) {
        store(trust.filter((p) => p.origin !== origin));
        deps.log.info(`Certificate no longer trusted by hand for ${origin}`);
      }
      return list();
    },
  };
}
