/**
 * createCore: the app's brain, free of Electron. Runs in Electron main, in the browser host and in Node tests.
 */
import fs from 'node:fs';
import type { ConnectionVerdict, EventPayload, Handlers, SettingsView } from '../../../shared/contract';
import type { CatalogueOutcome, OrdersOutcome, SkippedRecord } from '../../../shared/domain';
import { cacheKey } from './storage/service-scope';
import { eraseServiceData, setAsideCopies } from './storage/erase';
import { AppFailure, refusedAddress, type Result } from '../../../shared/errors';
import { checkBaseUrl } from '../../../shared/url';
import type { RunningService } from '../../../server/index';
import { ServiceHttp } from './http/client';
import { probeService } from './connection/probe';
import { Catalogue } from './catalogue/service';
import { systemClock, type Clock, type WallClock } from './clock';
import { SOURCE_WRITER_THREAD, type WriterThreadSpec } from './catalogue/writer';
import { ConnectionMonitor, type ConnectionTarget } from './connection/state';
import { Orders } from './orders/service';
import { Outbox } from './outbox/service';
import { figuresHandlers } from './orders/figures';
import { DEMO_SIZE, startDemoService } from './demo';
import { createDispatcher, type Dispatch } from './dispatch';
import { CoreEvents } from './events';
import { DataFolderLock, secureFolder } from './storage/data-folder';
import { Scheduler } from './scheduler';
import type { ConcurrencyRange } from './http/concurrency';
import { syncHandlers } from './settings/sync';
import { createSettingsStore, type SettingsStore } from './settings/settings';
import { uiPrefsHandlers } from './settings/ui-prefs';
import { pickHandlers } from './catalogue/pick';
import { shopHandlers } from './settings/shop';
import type { TokenVault } from './settings/vault';
import { originOf, readToken, saveToken, tokenFor } from './settings/token';
import { fileDatabaseKey, type DatabaseKey } from './storage/database-key';
import { ServiceClock } from './http/service-clock';
import type { ProxyResolver } from './http/proxy';
import { networkHandlers, networkRoutes } from './settings/network';
import { certificateTrustHandlers } from './http/certificate-trust';
import { RecentLog, RecentTests, supportFile } from './support';
import { Updates, type Updater } from './updates/index';
import { Secrets } from './redact';

export interface CoreLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, detail?: unknown): void;
}

export interface CoreOptions {
  dataDir: string;
  vault: TokenVault;
  host: 'electron' | 'browser';
  version: string;
  log?: CoreLog;
  /** Start background probing (off in unit tests that drive checks by hand). */
  background?: boolean;
  /** The service client (tests pass one with short time-outs; the app uses the defaults of LIMITS). */
  http?: ServiceHttp;
  /**
   * Where catalogue pages are committed: a writer thread (the Electron shell names its built file; the sources'
   * file by default) or 'inline' on the main thread.
   */
  catalogueWriter?: WriterThreadSpec | 'inline';
  /**
   * The key of the databases with customer data: from the system keychain in the desktop app; by default one kept in
   * the data folder (the browser host, tests), see core/database-key.ts.
   */
  databaseKey?: DatabaseKey;
  /** How this host updates itself (the installed desktop app: electron-updater); none for the browser host. */
  updater?: Updater | null;
  /** The time the background schedule follows (tests use a manual clock, the load bench a faster one). */
  clock?: Clock;
  /**
   * The desktop shell's proxy lookup (Electron: session.resolveProxy — the OS settings, PAC and WPAD); absent under
   * Node and in the browser host, where "system" means the environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
   */
  resolveProxy?: ProxyResolver;
  /** The desktop shell's log file: its last part goes into a support file. */
  logFile?: string;
  /**
   * The PC's wall clock and a monotonic one, for finding an order whose answer was lost (tests step the wall clock to
   * play NTP, a resumed VM or staff fixing the time).
   */
  wall?: WallClock;
  /**
   * Pages in flight of background passes (default: adaptive, from 2 up to 4). The load bench sets the fixed figures of
   * the app before this schedule to measure it against the new one.
   */
  concurrency?: { catalogue?: ConcurrencyRange; orders?: ConcurrencyRange };
  /** The shop's time zone (IANA) for the day's figures: this computer's unless a test sets one. */
  timeZone?: () => string;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: CoreEvents;
  settings: SettingsStore;
  /** The background schedule (what is due when): for tests and benchmarks. */
  scheduler: Scheduler;
  /** Resolves once start-up work (e.g. restarting demo mode) is done. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const silentLog: CoreLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function createCore(options: CoreOptions): Core {
  // the tokens this run uses: never in what is kept (the outbox's answers and reasons) nor in the log
  const secrets = new Secrets();
  // the last lines of the log, scrubbed, for a support file
  const recentLog = new RecentLog();
  const recentTests = new RecentTests();
  const log = keptIn(scrubbedLog(options.log ?? silentLog, secrets), recentLog, secrets);
  // this user's only (0700/0600), and one Shopdesk at a time: a second one is refused here, before it opens anything
  secureFolder(options.dataDir);
  const lock = DataFolderLock.acquire(options.dataDir);
  const settings = createSettingsStore(options.dataDir);
  // sign out and erase replaces it (a new key for the emptied databases)
  let databaseKey = options.databaseKey ?? fileDatabaseKey(options.dataDir);
  const events = new CoreEvents();
  const resolver = options.resolveProxy ?? null;
  const http =
    options.http ??
    new ServiceHttp(undefined, {
      routes: networkRoutes(settings, options.vault, resolver, (secret) => secrets.add(secret)),
    });
  // the service's clock, from the Date header of every answer (for finding orders whose answer was lost)
  const clock = new ServiceClock(options.wall);
  http.onServerDate = (origin, serviceMs) => clock.observe(origin, serviceMs);
  let demo: RunningService | null = null;
  let demoStarting: Promise<RunningService> | null = null;

  const target = async (): Promise<ConnectionTarget> => {
    const stored = settings.get();
    if (stored.mode === 'demo') {
      secrets.add(demo?.token);
      return { mode: 'demo', baseUrl: demo?.url ?? null, token: demo?.token ?? null };
    }
    // the token goes only to the origin it was saved for
    const token = tokenFor(await readToken(options.vault, stored.baseUrl), stored.baseUrl);
    secrets.add(token);
    return { mode: stored.mode, baseUrl: stored.baseUrl, token };
  };
  // the time the background schedule follows (the service's own clock above is another matter)
  const appClock = options.clock ?? systemClock;
  const connection = new ConnectionMonitor(http, events, target, appClock);
  const scheduler = new Scheduler({ clock: appClock, usable: () => connection.usable() });
  // the service can be used again: what fell due meanwhile runs now, and what failed is tried again at once
  let wasUsable = false;
  const stopWaking = events.on('connection:changed', (state) => {
    const usable = state.state === 'online';
    if (usable && !wasUsable) scheduler.wake({ reconnected: true });
    wasUsable = usable;
  });
  const catalogue = new Catalogue({
    dataDir: options.dataDir,
    http,
    events,
    connection,
    target,
    settings,
    scheduler,
    background: options.background !== false,
    concurrency: options.concurrency?.catalogue,
    writer: options.catalogueWriter ?? SOURCE_WRITER_THREAD,
    warn: (message) => log.warn(message),
  });
  const orders = new Orders({
    dataDir: options.dataDir,
    http,
    events,
    connection,
    target,
    settings,
    scheduler,
    catalogue,
    background: options.background !== false,
    databaseKey: () => databaseKey.key,
    concurrency: options.concurrency?.orders,
    wall: options.wall,
    warn: (message) => log.warn(message),
  });
  const outbox = new Outbox({
    dataDir: options.dataDir,
    http,
    events,
    connection,
    target,
    orders,
    clock,
    wall: options.wall,
    scheduler,
    databaseKey: databaseKey.key,
    scrub: (text) => secrets.scrub(text),
    error: (message, detail) => log.error(message, detail),
  });
  const updates = new Updates({
    dataDir: options.dataDir,
    events,
    version: options.version,
    updater: options.updater ?? null,
    outbox: async () => {
      const list = await outbox.handlers['outbox:list']({});
      return { sending: list.entries.filter((e) => e.state === 'sending').length, unsent: outbox.awaiting() };
    },
    log,
    background: options.background !== false,
  });

  const view = async (): Promise<SettingsView> => {
    const stored = settings.get();
    const saved = await readToken(options.vault, stored.baseUrl);
    return {
      mode: stored.mode,
      baseUrl: stored.mode === 'demo' ? (demo?.url ?? null) : stored.baseUrl,
      tokenSet: stored.mode === 'demo' ? demo !== null : tokenFor(saved, stored.baseUrl) !== null,
      tokenOrigin: saved?.origin ?? null,
      dataAtRest: { encrypted: true, keyKeptIn: databaseKey.keptIn },
      vault: options.vault.describe(),
      demo: { running: demo !== null, ...DEMO_SIZE },
    };
  };

  const ensureDemo = async (): Promise<RunningService> => {
    if (demo) return demo;
    demoStarting ??= startDemoService(options.dataDir, databaseKey.key)
      .then((service) => {
        demo = service;
        log.info(`demo service listening on ${service.url}`);
        return service;
      })
      .finally(() => {
        demoStarting = null;
      });
    return demoStarting;
  };

  const stopDemo = async (): Promise<void> => {
    const running = demo;
    demo = null;
    if (running) await running.close();
  };

  const uiPrefs = uiPrefsHandlers(options.dataDir, events);
  /** A connection test's verdict, kept for a support file. */
  const tested = (verdict: ConnectionVerdict): ConnectionVerdict => {
    recentTests.add(verdict);
    return verdict;
  };

  const handlers: Handlers = {
    ...networkHandlers({ settings, vault: options.vault, resolver, changed: () => void connection.recheck() }),
    ...certificateTrustHandlers({
      settings,
      routes: http.routes,
      log,
      changed: () => void connection.recheck(),
    }),
    ...catalogue.handlers,
    ...orders.handlers,
    ...outbox.handlers,
    ...uiPrefs,
    ...shopHandlers(settings, events),
    ...pickHandlers(catalogue),
    ...updates.handlers,
    ...syncHandlers({ settings, catalogue, orders }),
    ...figuresHandlers({ orders, outbox, catalogue, timeZone: options.timeZone }),
    'support:file': async ({ includeCustomers }) => {
      const file = await supportFile(
        {
          app: { version: options.version, host: options.host },
          settings: () => settings.get(),
          tokenSet: async () => (await target()).token !== null,
          handlers,
          tests: recentTests,
          log: recentLog,
          secrets,
          logFileTail: options.logFile ? () => fileTail(options.logFile!, 512 * 1024) : undefined,
        },
        { includeCustomers },
      );
      log.info(`support file made (${file.bytes.length} bytes${includeCustomers ? ', with customer details' : ''})`);
      return { filename: file.filename, base64: Buffer.from(file.bytes).toString('base64') };
    },
    // the desktop window needs no sign-in: no tabs to list or end (the browser host answers these itself)
    'sessions:list': async () => ({ available: false, sessions: [] }),
    'sessions:end': async () => ({ available: false, sessions: [] }),
    // printing to a chosen printer needs the desktop window (the shell answers these there): the browser prints itself
    'print:printers': async () => ({ available: false, printers: [] }),
    'print:run': async () => ({ outcome: 'unavailable', reason: null }),
    'app:info': async () => ({
      name: 'Shopdesk',
      version: options.version,
      host: options.host,
      platform: process.platform,
    }),
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
        await saveToken(options.vault, url.url, trimmed);
      } else {
        // a token saved for another address is never carried over to this one: it is asked for again
        const saved = await readToken(options.vault, settings.get().baseUrl);
        if (saved && saved.origin !== originOf(url.url))
          throw new AppFailure(
            'token_for_other_address',
            'token_for_other_address',
            { token: ['token_for_other_address'] },
            { tokenOrigin: saved.origin, origin: originOf(url.url) },
          );
      }
      settings.update({ mode: 'service', baseUrl: url.url });
      await stopDemo();
      void connection.recheck();
      return view();
    },
    'connection:status': async () => connection.current(),
    // asked for now ("Check now", a test): a probe already under way may have knocked before the service came back
    // (it answers 'refused' a moment later without ever reaching it), so a fresh one follows it
    'connection:check': async () => connection.recheck(),
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
      const saved = current.mode === 'demo' ? null : await readToken(options.vault, settings.get().baseUrl);
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
    'settings:erase-preview': async () => {
      const current = await target();
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
        setAside: setAsideCopies(options.dataDir),
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
      await options.vault.clear();
      await stopDemo();
      // every service's caches closed (those of services used before included), then their files removed with the
      // demo data and set-aside copies; the outbox and drafts emptied and rewritten under a new key, the old key gone
      await orders.release();
      await catalogue.release();
      eraseServiceData(options.dataDir);
      databaseKey = await databaseKey.renew();
      await outbox.eraseAll(databaseKey.key);
      // saved views may hold a customer's name typed as their search
      await uiPrefs['ui:set']({ orderViews: null });
      log.info('signed out: the token, the database key and every service’s caches, drafts and outbox were erased');
      void connection.recheck();
      return view();
    },
    'demo:start': async () => {
      connection.set({ state: 'checking', mode: 'demo', note: 'demo_starting' });
      try {
        await ensureDemo();
      } catch (error) {
        log.error('demo service failed to start', error instanceof Error ? error.stack : String(error));
        connection.set({ state: 'offline', note: 'demo_failed' });
        throw new AppFailure('demo_failed', 'The demo service could not start. See the log for details.');
      }
      settings.update({ mode: 'demo' });
      await connection.recheck();
      return view();
    },
  };

  const ready = (async () => {
    if (settings.get().mode === 'demo') {
      try {
        await ensureDemo();
      } catch (error) {
        log.error('demo service failed to restart', error instanceof Error ? error.stack : String(error));
      }
    }
    if (options.background !== false) await connection.check();
  })();

  const stopLogging = logStateChanges(events, log, (source) =>
    (source === 'catalogue' ? catalogue.handlers['catalogue:skipped']({}) : orders.handlers['orders:skipped']({})).then(
      (list) => list.records,
    ),
  );
  let closing: Promise<void> | null = null;
  // a request under way as the app begins to close can fail as its database closes: that is the reason given, and
  // no error is logged for it
  const dispatch = createDispatcher(handlers, {
    error: (message, detail) => {
      if (!closing) log.error(message, detail);
    },
  });
  const closed: Result<unknown> = { ok: false, error: { code: 'closing', message: 'Shopdesk is closing.' } };
  return {
    handlers,
    // once closing, no request is served: nothing may open a database again (a request from the page would otherwise
    // create a fresh cache file as the app quits)
    dispatch: async (channel, payload) => {
      if (closing) return closed;
      const result = await dispatch(channel, payload);
      return closing && !result.ok ? closed : result;
    },
    events,
    settings,
    scheduler,
    ready,
    close() {
      closing ??= (async () => {
        stopLogging();
        updates.close();
        stopWaking();
        scheduler.stop();
        connection.close();
        await ready.catch(() => undefined);
        await outbox.close();
        await orders.close();
        await catalogue.close();
        await stopDemo();
        await http.destroy();
        lock.release();
      })();
      return closing;
    },
  };
}

/** The log also kept in memory (its last lines), for a support file. */
function keptIn(log: CoreLog, recent: RecentLog, secrets: Secrets): CoreLog {
  return {
    info: (message) => {
      recent.add('info', secrets.scrub(message));
      log.info(message);
    },
    warn: (message) => {
      recent.add('warn', secrets.scrub(message));
      log.warn(message);
    },
    error: (message, detail) => {
      recent.add('error', secrets.scrub(message), detail === undefined ? undefined : secrets.scrubValue(detail));
      if (detail === undefined) log.error(message);
      else log.error(message, detail);
    },
  };
}

/** The last `max` bytes of a text file (null when it cannot be read). */
async function fileTail(file: string, max: number): Promise<string | null> {
  try {
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const start = Math.max(0, size - max);
      const buffer = Buffer.alloc(size - start);
      await handle.read(buffer, 0, buffer.length, start);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/** The log as the core writes it: every line and detail scrubbed of the secrets in use and of credential shapes. */
function scrubbedLog(log: CoreLog, secrets: Secrets): CoreLog {
  return {
    info: (message) => log.info(secrets.scrub(message)),
    warn: (message) => log.warn(secrets.scrub(message)),
    error: (message, detail) =>
      detail === undefined
        ? log.error(secrets.scrub(message))
        : log.error(secrets.scrub(message), secrets.scrubValue(detail)),
  };
}

/**
 * How a catalogue pass or an order refresh ended, for the log: its code and the facts that say where it stopped
 * (where the list's end was not seen, the last page moving), e.g. ' (end_not_seen: repeated_page at page 4)'. The
 * screens word the same code and facts.
 */
function outcomeNote(o: CatalogueOutcome | OrdersOutcome | null): string {
  if (!o) return '';
  const facts: string[] = [];
  if (o.endNotSeen) facts.push(`${o.endNotSeen.reason} at page ${o.endNotSeen.page}`);
  if ('drift' in o && o.drift) facts.push(`last page ${o.drift.from} → ${o.drift.to}`);
  return ` (${o.code}${facts.length > 0 ? `: ${facts.join(', ')}` : ''})`;
}

/**
 * One log line per change of state (connection, sync, order book, outbox count), for support. Lines carry states,
 * counts and the service's host only: never a token, never customer data.
 */
function logStateChanges(
  events: CoreEvents,
  log: CoreLog,
  skippedOf: (source: 'catalogue' | 'orders') => Promise<SkippedRecord[]>,
): () => void {
  const last = new Map<string, string>();
  const once = (key: string, line: string, level: 'info' | 'warn' = 'info'): void => {
    if (last.get(key) === line) return;
    last.set(key, line);
    log[level](line);
  };
  // each record the service sent that could not be read, once per refresh or pass that skipped it
  const skippedLogged = new Map<string, number>();
  const logSkipped = (source: 'catalogue' | 'orders', outcome: { at: number; skippedRecords: number } | null) => {
    if (!outcome || outcome.skippedRecords === 0 || skippedLogged.get(source) === outcome.at) return;
    skippedLogged.set(source, outcome.at);
    void skippedOf(source).then(
      (records) => {
        const shown = records
          .slice(0, 50)
          .map(
            (r) =>
              `${r.id === null ? 'no id' : `id ${JSON.stringify(r.id)}`}${r.page === null ? '' : ` page ${r.page}`} (${r.reason})`,
          );
        log.warn(
          `${source}: ${outcome.skippedRecords} record(s) from the service could not be read and were skipped: ${shown.join(', ')}${records.length > 50 ? ', …' : ''}`,
        );
      },
      () => undefined,
    );
  };
  return events.onAny((name, payload) => {
    if (name === 'connection:changed') {
      const c = payload as EventPayload<'connection:changed'>;
      // with the reason behind it, as its code (the screens word it; this line is for support)
      const why = c.verdict?.why
        ? `: ${c.verdict.why.reason}${c.verdict.why.host ? ` (${c.verdict.why.host})` : ''}`
        : '';
      if (c.state !== 'checking')
        once(name, `connection: ${c.state} (${c.mode})${why}`, c.state === 'online' ? 'info' : 'warn');
    } else if (name === 'catalogue:progress') {
      const p = payload as EventPayload<'catalogue:progress'>;
      if (p.state !== 'running') {
        once(
          name,
          `catalogue sync ${p.state}${outcomeNote(p.outcome)}: ${p.cachedProducts} products cached, ${p.failedPages} pages failed, ${p.outcome?.skippedRecords ?? p.skippedRecords} records skipped`,
        );
        logSkipped('catalogue', p.outcome);
      }
    } else if (name === 'orders:changed') {
      const o = payload as EventPayload<'orders:changed'>;
      if (o.state !== 'running') {
        const failed = o.outcome?.failedPages ? `, ${o.outcome.failedPages} pages failed` : '';
        once(name, `order book ${o.state}${outcomeNote(o.outcome)}: ${o.cachedOrders} orders cached${failed}`);
        logSkipped('orders', o.outcome);
      }
    } else if (name === 'outbox:changed') {
      once(name, `outbox: ${(payload as EventPayload<'outbox:changed'>).unsent} unsent`);
    }
  });
}
