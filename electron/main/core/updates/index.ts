/**
 * Updates: keeps the facts the policy (./policy.ts) decides on, runs its timer, and drives an Updater port. The
 * Electron shell passes a port wired to electron-updater (electron/main/updater.ts); the browser host passes none,
 * and updates are then 'unsupported'. No Electron here: the tests drive it with a stand-in port and clock.
 */
import Conf from 'conf';
import { z } from 'zod';
import type { UpdateStatus } from '../../../../shared/contract';
import { refusedAddress } from '../../../../shared/errors';
import { checkBaseUrl } from '../../../../shared/url';
import type { CoreEvents } from '../events';
import { mayRestart, nextCheckAt, offer, type Activity, type UpdatePhase, type UpdateState } from './policy';

/** What the shell gives the core to reach electron-updater. */
export interface Updater {
  /** The feed the build names (app-update.yml), shown in Settings; null if it names none. */
  readonly defaultFeed: string | null;
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
    this.state = {
      phase: options.updater ? 'idle' : 'unsupported',
      checksEnabled: stored.checks,
      startedAt: this.now(),
      lastCheckAt: null,
      lastCheckFailed: false,
    };
    options.updater?.setFeed(stored.feedUrl);
    // an order going out, or out, changes what may be offered
    this.stopListening = options.events.on('outbox:changed', () => void this.refreshOutbox());
    void this.refreshOutbox();
    this.schedule();
  }

  private settings(): StoredUpdateSettings {
    return StoredUpdateSettings.parse({ checks: true, feedUrl: null, ...this.store.store });
  }

  private activity(): Activity {
    return { wizardOpen: this.wizardOpen, ...this.outbox };
  }

  status(): UpdateStatus {
    const stored = this.settings();
    const decided = offer(this.state, this.activity());
    return {
      phase: this.state.phase,
      checksEnabled: this.state.checksEnabled,
      currentVersion: this.options.version,
      feedUrl: this.options.updater ? (stored.feedUrl ?? this.options.updater.defaultFeed) : null,
      customFeedUrl: stored.feedUrl,
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
      let feed: string | null = null;
      if (feedUrl !== null && feedUrl.trim() !== '') {
        const url = checkBaseUrl(feedUrl);
        if (!url.ok) throw refusedAddress(url, 'feedUrl');
        feed = url.url;
      }
      this.store.store = { checks, feedUrl: feed };
      this.options.updater?.setFeed(feed);
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
