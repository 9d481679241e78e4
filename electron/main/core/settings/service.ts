/**
 * Settings → Service: which service Shopdesk talks to — for every feature (`serviceTarget`: demo mode's own, or the
 * saved address with its token, which goes only to the origin it was saved for), as staff see it (the address, whether
 * a token is set and for which origin, how the data at rest is kept, the vault, demo mode), as they test it (with a
 * token typed for the test, or the saved one at the origin it was saved for: another address asks for its own), and
 * as they change it — an address with its token saved (a token is never carried over to another address: it is asked
 * for again), or demo mode started.
 */
import type { ConnectionState, ConnectionVerdict, Handlers, SettingsView } from '../../../../shared/contract';
import { AppFailure, refusedAddress } from '../../../../shared/errors';
import { checkBaseUrl } from '../../../../shared/url';
import { probeService } from '../connection/probe';
import type { ConnectionTarget } from '../connection/state';
import { DEMO_SIZE, type DemoRunner } from '../demo';
import type { ServiceHttp } from '../http/client';
import type { Secrets } from '../redact';
import type { DatabaseKey } from '../storage/database-key';
import type { SettingsStore } from './settings';
import { originOf, readToken, saveToken, tokenFor } from './token';
import type { TokenVault } from './vault';

/** The demo service running now, if any: its address and token. */
type RunningDemo = () => { url: string; token: string } | null;

/** The service every feature talks to now; each token read is added to the secrets kept out of the log. */
export function serviceTarget(deps: {
  settings: SettingsStore;
  vault: TokenVault;
  secrets: Secrets;
  demo: RunningDemo;
}): () => Promise<ConnectionTarget> {
  return async () => {
    const stored = deps.settings.get();
    if (stored.mode === 'demo') {
      const demo = deps.demo();
      deps.secrets.add(demo?.token);
      return { mode: 'demo', baseUrl: demo?.url ?? null, token: demo?.token ?? null };
    }
    // the token goes only to the origin it was saved for
    const token = tokenFor(await readToken(deps.vault, stored.baseUrl), stored.baseUrl);
    deps.secrets.add(token);
    return { mode: stored.mode, baseUrl: stored.baseUrl, token };
  };
}

type ServiceHandlers = Pick<Handlers, 'settings:get' | 'settings:save' | 'demo:start' | 'connection:test'>;

export function serviceSettings(deps: {
  settings: SettingsStore;
  vault: TokenVault;
  secrets: Secrets;
  demo: DemoRunner;
  http: ServiceHttp;
  target: () => Promise<ConnectionTarget>;
  /** Each connection test's verdict, kept for a support file. */
  tested: (verdict: ConnectionVerdict) => void;
  /** The database key now (sign out and erase replaces it). */
  databaseKey: () => DatabaseKey;
  /** The connection is checked again after a change; demo mode says it is starting, or that it failed. */
  connection: { set(next: Partial<ConnectionState>): void; recheck(): Promise<unknown> };
  log: { error(message: string, detail?: unknown): void };
}): { view: () => Promise<SettingsView>; handlers: ServiceHandlers } {
  const { settings, vault, secrets, demo, connection, log, http, target } = deps;
  const tested = (verdict: ConnectionVerdict): ConnectionVerdict => {
    deps.tested(verdict);
    return verdict;
  };
  const view = async (): Promise<SettingsView> => {
    const stored = settings.get();
    const saved = await readToken(vault, stored.baseUrl);
    const running = demo.running;
    return {
      mode: stored.mode,
      baseUrl: stored.mode === 'demo' ? (running?.url ?? null) : stored.baseUrl,
      tokenSet: stored.mode === 'demo' ? running !== null : tokenFor(saved, stored.baseUrl) !== null,
      tokenOrigin: saved?.origin ?? null,
      dataAtRest: { encrypted: true, keyKeptIn: deps.databaseKey().keptIn },
      vault: vault.describe(),
      demo: { running: running !== null, ...DEMO_SIZE },
    };
  };
  const handlers: ServiceHandlers = {
    'settings:get': view,
    'settings:save': async ({ baseUrl, token }) => {
      const url = checkBaseUrl(baseUrl);
      if (!url.ok) throw refusedAddress(url, 'baseUrl');
      if (token !== undefined) {
        const trimmed = token.trim();
        if (trimmed === '')
          throw new AppFailure(
            'invalid_request',
            'The API token is empty.',
            { token: ['Enter the API token.'] },
            { reason: 'token_empty' },
          );
        if (/\s/.test(trimmed))
          throw new AppFailure(
            'invalid_request',
            'The API token cannot contain spaces.',
            { token: ['The API token cannot contain spaces or line breaks.'] },
            { reason: 'token_spaces' },
          );
        secrets.add(trimmed);
        await saveToken(vault, url.url, trimmed);
      } else {
        // a token saved for another address is never carried over to this one: it is asked for again
        const saved = await readToken(vault, settings.get().baseUrl);
        if (saved && saved.origin !== originOf(url.url))
          throw new AppFailure(
            'token_for_other_address',
            'token_for_other_address',
            { token: ['token_for_other_address'] },
            { tokenOrigin: saved.origin, origin: originOf(url.url) },
          );
      }
      settings.update({ mode: 'service', baseUrl: url.url });
      await demo.stop();
      void connection.recheck();
      return view();
    },
    'demo:start': async () => {
      connection.set({ state: 'checking', mode: 'demo', note: 'demo_starting' });
      try {
        await demo.ensure();
      } catch (error) {
        log.error('demo service failed to start', error instanceof Error ? error.stack : String(error));
        connection.set({ state: 'offline', note: 'demo_failed' });
        throw new AppFailure('demo_failed', 'The demo service could not start. See the log for details.');
      }
      settings.update({ mode: 'demo' });
      await connection.recheck();
      return view();
    },
    'connection:test': async (request): Promise<ConnectionVerdict> => {
      const current = await target();
      const baseUrl = request.baseUrl ?? current.baseUrl;
      if (!baseUrl)
        return {
          verdict: 'invalid_url',
          why: { reason: 'no_address' },
          productCount: null,
          serviceVersion: null,
          latencyMs: null,
        };
      if (request.token !== undefined && request.token.trim() !== '') {
        secrets.add(request.token.trim());
        return tested(await probeService(http, baseUrl, request.token.trim()));
      }
      // the saved token is tried only at the origin it was saved for; another address asks for its own
      const saved = current.mode === 'demo' ? null : await readToken(vault, settings.get().baseUrl);
      const token = current.mode === 'demo' && baseUrl === current.baseUrl ? current.token : tokenFor(saved, baseUrl);
      if (token === null && saved && saved.origin !== originOf(baseUrl) && originOf(baseUrl) !== null)
        return {
          verdict: 'token_for_other_address',
          why: { reason: 'token_for_other_address' },
          tokenOrigin: saved.origin,
          productCount: null,
          serviceVersion: null,
          latencyMs: null,
        };
      return tested(await probeService(http, baseUrl, token));
    },
  };
  return { view, handlers };
}
