/**
 * createCore: the app's brain, free of Electron. Runs in Electron main, in the browser host and in Node tests. It
 * wires the features (each registers its own channels), the services they share (settings, the service client, the
 * connection, the background schedule, the log) and the order in which they close.
 */
import type { Handlers } from '../../../shared/contract';
import type { Result } from '../../../shared/errors';
import { ServiceHttp } from './http/client';
import { Catalogue } from './catalogue/service';
import { systemClock, type Clock, type WallClock } from './clock';
import { SOURCE_WRITER_THREAD, type WriterThreadSpec } from './catalogue/writer';
import { ConnectionMonitor } from './connection/state';
import { Orders } from './orders/service';
import { Outbox } from './outbox/service';
import { figuresHandlers } from './orders/figures';
import { DemoRunner } from './demo';
import { createDispatcher, type Dispatch } from './dispatch';
import { CoreEvents } from './events';
import { coreLog, logStateChanges, silentLog, type CoreLog } from './log';
import { DataFolderLock, secureFolder } from './storage/data-folder';
import { Scheduler } from './scheduler';
import type { ConcurrencyRange } from './http/concurrency';
import { syncHandlers } from './settings/sync';
import { createSettingsStore, type SettingsStore } from './settings/settings';
import { serviceSettings, serviceTarget } from './settings/service';
import { uiPrefsHandlers } from './settings/ui-prefs';
import { pickHandlers } from './catalogue/pick';
import { shopHandlers } from './settings/shop';
import type { TokenVault } from './settings/vault';
import { fileDatabaseKey, type DatabaseKey } from './storage/database-key';
import { ServiceClock } from './http/service-clock';
import type { ProxyResolver } from './http/proxy';
import { networkHandlers, networkRoutes } from './settings/network';
import { certificateTrustHandlers } from './http/certificate-trust';
import { signOutHandlers } from './sign-out';
import { RecentLog, RecentTests, supportHandlers } from './support';
import { Updates, type Updater } from './updates/index';
import { Secrets } from './redact';
import { Upgrades } from './storage/upgrades';

export type { CoreLog } from './log';

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

export function createCore(options: CoreOptions): Core {
  const { dataDir, vault } = options;
  const background = options.background !== false;
  // the tokens this run uses: never in what is kept (the outbox's answers and reasons) nor in the log
  const secrets = new Secrets();
  // the last lines of the log, scrubbed, for a support file
  const recentLog = new RecentLog();
  const recentTests = new RecentTests();
  const log = coreLog(options.log ?? silentLog, secrets, recentLog);
  // this user's only (0700/0600), and one Shopdesk at a time: a second one is refused here, before it opens anything
  secureFolder(dataDir);
  const lock = DataFolderLock.acquire(dataDir);
  const settings = createSettingsStore(dataDir);
  // sign out and erase replaces it (a new key for the emptied databases)
  let databaseKey = options.databaseKey ?? fileDatabaseKey(dataDir);
  const events = new CoreEvents();
  const resolver = options.resolveProxy ?? null;
  const http =
    options.http ??
    new ServiceHttp(undefined, { routes: networkRoutes(settings, vault, resolver, (secret) => secrets.add(secret)) });
  // the service's clock, from the Date header of every answer (for finding orders whose answer was lost)
  const clock = new ServiceClock(options.wall);
  http.onServerDate = (origin, serviceMs) => clock.observe(origin, serviceMs);
  const demo = new DemoRunner(dataDir, () => databaseKey.key, log);
  const target = serviceTarget({ settings, vault, secrets, demo: () => demo.running });
  // the time the background schedule follows (the service's own clock above is another matter)
  const appClock = options.clock ?? systemClock;
  const connection = new ConnectionMonitor(http, events, target, appClock);
  const scheduler = new Scheduler({ clock: appClock, usable: () => connection.usable() });
  const stopWaking = wakeOnReconnect(events, scheduler);

  // what every feature is given: where its files are, the service and how to reach it, the schedule, the upgrades
  const feature = { dataDir, http, events, connection, target, scheduler, upgrades: new Upgrades(events) };
  const thread = options.catalogueWriter ?? SOURCE_WRITER_THREAD;
  const catalogue = new Catalogue({
    ...feature,
    settings,
    background,
    concurrency: options.concurrency?.catalogue,
    writer: thread,
    warn: (message) => log.warn(message),
  });
  const orders = new Orders({
    ...feature,
    settings,
    catalogue,
    background,
    databaseKey: () => databaseKey.key,
    concurrency: options.concurrency?.orders,
    upgradeThread: thread,
    wall: options.wall,
    warn: (message) => log.warn(message),
  });
  const outbox = new Outbox({
    ...feature,
    orders,
    clock,
    wall: options.wall,
    databaseKey: databaseKey.key,
    scrub: (text) => secrets.scrub(text),
    error: (message, detail) => log.error(message, detail),
  });
  const updates = new Updates({
    dataDir,
    events,
    version: options.version,
    updater: options.updater ?? null,
    outbox: async () => {
      const list = await outbox.handlers['outbox:list']({});
      return { sending: list.entries.filter((e) => e.state === 'sending').length, unsent: outbox.awaiting() };
    },
    log,
    background,
  });

  const recheck = (): Promise<unknown> => connection.recheck();
  const service = serviceSettings({
    ...{ settings, vault, secrets, demo, http, target, connection, log },
    databaseKey: () => databaseKey,
    tested: (verdict) => recentTests.add(verdict),
  });
  const uiPrefs = uiPrefsHandlers(dataDir, events);
  const features: Omit<Handlers, 'support:file'> = {
    ...service.handlers,
    ...connection.handlers,
    ...networkHandlers({ settings, vault, resolver, changed: () => void recheck() }),
    ...certificateTrustHandlers({ settings, routes: http.routes, log, changed: () => void recheck() }),
    ...signOutHandlers({
      ...{ dataDir, settings, vault, target, demo, catalogue, orders, outbox, recheck, log },
      renewKey: async () => (databaseKey = await databaseKey.renew()).key,
      forgetViews: () => uiPrefs['ui:set']({ orderViews: null }),
      view: service.view,
    }),
    ...catalogue.handlers,
    ...orders.handlers,
    ...outbox.handlers,
    ...uiPrefs,
    ...shopHandlers(settings, events),
    ...pickHandlers(catalogue),
    ...updates.handlers,
    ...feature.upgrades.handlers,
    ...syncHandlers({ settings, catalogue, orders }),
    ...figuresHandlers({ orders, outbox, catalogue, timeZone: options.timeZone }),
    ...hostHandlers(options),
  };
  const handlers: Handlers = {
    ...features,
    ...supportHandlers({
      app: { version: options.version, host: options.host },
      settings: () => settings.get(),
      tokenSet: async () => (await target()).token !== null,
      handlers: features,
      tests: recentTests,
      log: recentLog,
      secrets,
      logFile: options.logFile,
      note: (message) => log.info(message),
    }),
  };

  const ready = startUp({ settings, demo, connection, log, background });
  const stopLogging = logStateChanges(events, log, features);
  let closing: Promise<void> | null = null;
  return {
    handlers,
    dispatch: closingDispatch(handlers, log, () => closing !== null),
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
        await demo.stop();
        await http.destroy();
        lock.release();
      })();
      return closing;
    },
  };
}

/** Start-up work: demo mode started again where staff left it on, then the first check of the connection. */
async function startUp(parts: {
  settings: SettingsStore;
  demo: DemoRunner;
  connection: ConnectionMonitor;
  log: CoreLog;
  background: boolean;
}): Promise<void> {
  if (parts.settings.get().mode === 'demo') {
    try {
      await parts.demo.ensure();
    } catch (error) {
      parts.log.error('demo service failed to restart', error instanceof Error ? error.stack : String(error));
    }
  }
  if (parts.background) await parts.connection.check();
}

/** The service can be used again: what fell due meanwhile runs now, and what failed is tried again at once. */
function wakeOnReconnect(events: CoreEvents, scheduler: Scheduler): () => void {
  let wasUsable = false;
  return events.on('connection:changed', (state) => {
    const usable = state.state === 'online';
    if (usable && !wasUsable) scheduler.wake({ reconnected: true });
    wasUsable = usable;
  });
}

/** The channels whose answer depends on the host: here, the core's own (the desktop shell or the browser host may answer them instead). */
function hostHandlers(
  options: Pick<CoreOptions, 'version' | 'host'>,
): Pick<Handlers, 'sessions:list' | 'sessions:end' | 'print:printers' | 'print:run' | 'app:info'> {
  return {
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
  };
}

/**
 * The core's dispatcher as it closes: once closing, no request is served — nothing may open a database again (a
 * request from the page would otherwise create a fresh cache file as the app quits) — and a request under way as the
 * app begins to close can fail as its database closes: that is the reason given, and no error is logged for it.
 */
function closingDispatch(handlers: Handlers, log: CoreLog, closing: () => boolean): Dispatch {
  const dispatch = createDispatcher(handlers, {
    error: (message, detail) => {
      if (!closing()) log.error(message, detail);
    },
  });
  const closed: Result<unknown> = { ok: false, error: { code: 'closing', message: 'Shopdesk is closing.' } };
  return async (channel, payload) => {
    if (closing()) return closed;
    const result = await dispatch(channel, payload);
    return closing() && !result.ok ? closed : result;
  };
}
