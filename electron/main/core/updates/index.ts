/**
 * Updates: keeps the facts the policy (./policy.ts) decides on, runs its timer, and drives an Updater port. The
 * Electron shell passes a port wired to electron-updater (electron/main/updater.ts); the browser host passes none,
 * and updates are then 'unsupported'. No Electron here: the tests drive it with a stand-in port and clock.
 */
import Conf from 'conf';
import { z } from 'zod';
import type { UpdateStatus } from '../../../../shared/contract';
import { AppFailure } from '../../../../shared/errors';
import type { CoreEvents } from '../events';
import { feedChoice, feedInUse, mayChoose, normaliseFeed, type FeedChoice } from './feeds';
import { mayRestart, nextCheckAt, offer, type Activity, type UpdatePhase, type UpdateState } from './policy';

/** What the shell gives the core to reach electron-updater. */
export interface Updater {
  /** The feed the build names (app-update.yml), shown in Settings; null if it names none. */
  readonly defaultFeed: string | null;
  /** Further feeds the build lets Settings choose among (kept inside the archive at build time; #25.7). */
  readonly otherFeeds?: readonly string[];
  /** A shop's feed an administrator gave at start (`--update-feed`, SHOPDESK_UPDATE_FEED): the one checked. */
  readonly adminFeed?: string | null;
  /** A development (unpackaged) run, where http feeds on this computer are allowed; false for installed copies. */
  readonly development?: boolean;
  /** Check this feed from now on (null: the build's). */
  setFeed(url: string | null): void;
  /** Looks at the feed: the newer version found, or null. Rejects when the look fails. */
  check(): Promise<{ version: string } | null>;
  /** Downloads and verifies the version found; `progress` is 0–100. */
  download(progress: (percent: number) => void): Promise<void>;
  /** Closes Shopdesk (the core first) and installs the downloaded update, then starts the new version. */
  install(): void;
}

export type UpdateFailure = NonNullable<UpdateStatus['failure']>;

/** What went wrong, as a code for the renderer to word (the log keeps the message). */
export function failureOf(error: unknown): UpdateFailure {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|net::ERR_/i.test(text))
    return 'offline';
  if (/sha512|checksum|signature|not signed|code ?sign/i.test(text)) return 'verify';
  if (/ENOSPC|EACCES|EPERM|EROFS/i.test(text)) return 'disk';
  if (/HttpError|status ?code|40\d|50\d|latest.*\.yml|yaml|Cannot find channel/i.test(text)) return 'feed';
  return 'other';
}

const StoredUpdateSettings = z.object({
  checks: z.boolean().catch(true),
  feedUrl: z.string().nullable().catch(null),
});
type StoredUpdateSettings = z.infer<typeof StoredUpdateSettings>;

export interface UpdatesOptions {
  dataDir: string;
  events: CoreEvents;
  version: string;
  /** Null where the app does not update itself. */
  updater: Updater | null;
  /** Orders being sent and not yet on the service (the outbox). */
  outbox: () => Promise<{ sending: number; unsent: number }>;
  log: { info(message: string): void; warn(message: string): void };
  /** Run the timer (off in tests that drive `tick` themselves). */
  background?: boolean;
  now?: () => number;
}

export class Updates {
  private readonly store: Conf<Record<string, unknown>>;
  private readonly now: () => number;
  private state: UpdateState;
  private version: string | null = null;
  private percent: number | null = null;
  private failure: UpdateFailure | null = null;
  private wizardOpen = false;
  private outbox = { sending: 0, unsent: 0 };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly stopListening: () => void;
  /** The feeds this copy may use (feeds.ts): fixed at start. */
  private readonly feeds: FeedChoice;

  constructor(private readonly options: UpdatesOptions) {
    this.now = options.now ?? Date.now;
    // a file of its own: settings.ts is the connection's
    this.store = new Conf<Record<string, unknown>>({
      cwd: options.dataDir,
      configName: 'updates',
      projectName: 'shopdesk',
      clearInvalidConfig: true,
      configFileMode: 0o600,
    });
    const stored = this.settings();
    const updater = options.updater;
    this.feeds = feedChoice({
      build: updater?.defaultFeed ?? null,
      others: updater?.otherFeeds ?? [],
      admin: updater?.adminFeed ?? null,
      development: updater?.development ?? false,
    });
    for (const { url, reason } of this.feeds.refused) options.log.warn(`updates: feed not used (${reason}): ${url}`);
    const feed = feedInUse(this.feeds, stored.feedUrl);
    if (updater && feed === null) options.log.warn('updates: no feed this copy may use; updates are not looked for');
    if (stored.feedUrl !== null && feed !== normaliseFeed(stored.feedUrl))
      options.log.warn(`updates: the feed kept in settings is not one this build allows; using ${feed ?? 'none'}`);
    this.state = {
      phase: updater && feed !== null ? 'idle' : 'unsupported',
      checksEnabled: stored.checks,
      startedAt: this.now(),
      lastCheckAt: null,
      lastCheckFailed: false,
    };
    if (feed !== null) updater?.setFeed(this.portFeed(feed));
    // an order going out, or out, changes what may be offered
    this.stopListening = options.events.on('outbox:changed', () => void this.refreshOutbox());
    void this.refreshOutbox();
    this.schedule();
  }

  /** What the port is told: null for the build's own feed, else the feed. */
  private portFeed(feed: string): string | null {
    return this.options.updater && feed === normaliseFeed(this.options.updater.defaultFeed ?? '') ? null : feed;
  }

  /** The feed checked now, or null (no updater, or no feed it may use). */
  private feed(): string | null {
    return this.options.updater ? feedInUse(this.feeds, this.settings().feedUrl) : null;
  }

  private settings(): StoredUpdateSettings {
    return StoredUpdateSettings.parse({ checks: true, feedUrl: null, ...this.store.store });
  }

  private activity(): Activity {
    return { wizardOpen: this.wizardOpen, ...this.outbox };
  }

  status(): UpdateStatus {
    const decided = offer(this.state, this.activity());
    const feed = this.feed();
    return {
      phase: this.state.phase,
      checksEnabled: this.state.checksEnabled,
      currentVersion: this.options.version,
      feedUrl: feed,
      customFeedUrl: this.feeds.admin === null && feed !== this.feeds.feeds[0] ? feed : null,
      feeds: this.options.updater ? this.feeds.feeds : [],
      adminFeed: this.options.updater ? this.feeds.admin : null,
      version: this.version,
      percent: this.state.phase === 'downloading' ? (this.percent ?? 0) : null,
      lastCheckAt: this.state.lastCheckAt,
      nextCheckAt: nextCheckAt(this.state),
      offer: decided.offer,
      holdBack: decided.holdBack,
      failure: this.state.phase === 'failed' ? this.failure : null,
    };
  }

  private changed(): void {
    if (!this.closed) this.options.events.emit('updates:changed', this.status());
  }

  private set(phase: UpdatePhase): void {
    this.state = { ...this.state, phase };
    this.changed();
  }

  private async refreshOutbox(): Promise<void> {
    try {
      this.outbox = await this.options.outbox();
    } catch {
      return; // closing: nothing to offer any more
    }
    this.changed();
  }

  /** Arms the timer for the next look the policy wants (none when off, busy or ready). */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const at = nextCheckAt(this.state);
    if (at === null || this.closed || this.options.background === false) return;
    this.timer = setTimeout(() => void this.check(), Math.max(0, at - this.now()));
    this.timer.unref?.();
  }

  /** Looks for an update now and downloads what it finds (the timer's work, and "Check now"). */
  async check(): Promise<UpdateStatus> {
    const updater = this.options.updater;
    if (!updater || this.closed) return this.status();
    if (this.state.phase === 'checking' || this.state.phase === 'downloading' || this.state.phase === 'ready')
      return this.status();
    this.set('checking');
    try {
      const found = await updater.check();
      this.state = { ...this.state, lastCheckAt: this.now(), lastCheckFailed: false };
      if (!found) {
        this.options.log.info('updates: this is the latest version');
        this.set('idle');
      } else {
        this.version = found.version;
        this.percent = 0;
        this.options.log.info(`updates: downloading ${found.version}`);
        this.set('downloading');
        await updater.download((percent) => {
          this.percent = Math.max(0, Math.min(100, Math.round(percent)));
          this.changed();
        });
        this.options.log.info(`updates: ${found.version} downloaded; offered once nothing holds it back`);
        this.set('ready');
      }
    } catch (error) {
      this.failure = failureOf(error);
      this.options.log.warn(`updates: ${error instanceof Error ? error.message : String(error)}`);
      this.state = { ...this.state, lastCheckAt: this.now(), lastCheckFailed: true };
      this.set('failed');
    }
    this.schedule();
    return this.status();
  }

  readonly handlers = {
    'updates:status': async (): Promise<UpdateStatus> => this.status(),
    'updates:settings': async ({
      checks,
      feedUrl,
    }: {
      checks: boolean;
      feedUrl: string | null;
    }): Promise<UpdateStatus> => {
      // only a feed the build allows (#25.7): nothing typed at the counter, and none while an administrator set one
      const chosen = feedUrl === null || feedUrl.trim() === '' ? null : feedUrl;
      if (mayChoose(this.feeds, chosen) !== null)
        throw new AppFailure(
          'invalid_request',
          'This copy of Shopdesk takes updates only from the feeds it was built with.',
          { feedUrl: ['Choose one of the feeds offered.'] },
          { field: 'feedUrl', reason: 'feed_not_allowed' },
        );
      this.store.store = { checks, feedUrl: chosen === null ? null : normaliseFeed(chosen) };
      const feed = this.feed();
      if (feed !== null) this.options.updater?.setFeed(this.portFeed(feed));
      this.state = { ...this.state, checksEnabled: checks };
      this.schedule();
      this.changed();
      return this.status();
    },
    'updates:check': async (): Promise<UpdateStatus> => this.check(),
    'updates:restart': async (): Promise<UpdateStatus> => {
      await this.refreshOutbox(); // decided on the outbox as it is now, not as it was last told
      const decision = mayRestart(this.state, this.activity());
      if (decision.restart) {
        this.options.log.info(`updates: restarting to install ${this.version ?? 'the update'}`);
        this.options.updater?.install();
      }
      return this.status();
    },
    'app:activity': async ({ wizardOpen }: { wizardOpen: boolean }): Promise<UpdateStatus> => {
      if (wizardOpen !== this.wizardOpen) {
        this.wizardOpen = wizardOpen;
        this.changed();
      }
      return this.status();
    },
  };

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopListening();
  }
}
