/**
 * electron-updater, wired to the core's Updates (core/updates): the policy decides when to look, offer and hold back;
 * this only does what it is told. Installed copies only (app.isPackaged): a development run has no feed.
 */
import electronUpdater from 'electron-updater';
import fs from 'node:fs';
import path from 'node:path';
import type { ProxyLogin } from './core/http/proxy';
import type { Updater } from './core/updates/index';
import { ProxyLoginAnswers, sessionProxyConfig, type AuthInfo, type UpdaterProxySettings } from './updater-route';

/** The feed the build wrote into resources/app-update.yml (electron-builder's publish setting). */
export function buildFeed(appUpdateYml: string): string | null {
  try {
    const url = /^url:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(fs.readFileSync(appUpdateYml, 'utf8'))?.[1];
    return url ?? null;
  } catch {
    return null;
  }
}

export interface UpdaterWiring {
  /** process.resourcesPath: where electron-builder put app-update.yml. */
  resourcesPath: string;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** Closes the core (drafts and outbox flushed) before the installer takes over. */
  beforeInstall(): Promise<void>;
  /** The app's own package.json (inside app.asar): the further feeds the build allows (`shopdesk.updateFeeds`). */
  appPackageJson: string;
  /** A shop's feed an administrator gave at start (`--update-feed=<url>` or SHOPDESK_UPDATE_FEED), or null. */
  adminFeed: string | null;
  /**
   * The route of the core's requests (#26.4), read before each look and download: Settings → Connection → Proxy and
   * the login kept for the proxy set by hand. Absent: the updater's session keeps Electron's defaults (the system's).
   */
  network?: {
    settings(): Promise<UpdaterProxySettings>;
    login(): Promise<ProxyLogin | null>;
  };
}

/** The further feeds the build wrote into the archive's package.json (electron-builder's extraMetadata). */
export function buildOtherFeeds(packageJson: string): string[] {
  try {
    const feeds = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { shopdesk?: { updateFeeds?: unknown } })
      .shopdesk?.updateFeeds;
    // a list in electron-builder.yml; one string when a build names a single feed on the command line
    // (`-c.extraMetadata.shopdesk.updateFeeds=<url>`)
    if (typeof feeds === 'string') return [feeds];
    return Array.isArray(feeds) ? feeds.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

export function electronUpdaterPort({
  resourcesPath,
  log,
  beforeInstall,
  appPackageJson,
  adminFeed,
  network,
}: UpdaterWiring): Updater {
  const { autoUpdater } = electronUpdater;
  // the updater's requests (Electron's net on its own session) take the core's route: that session's proxy, and the
  // proxy set by hand's login when it asks (407)
  let answers: ProxyLoginAnswers | null = null;
  const route = async (): Promise<void> => {
    if (!network) return;
    const settings = await network.settings();
    answers = new ProxyLoginAnswers(settings);
    await autoUpdater.netSession.setProxy(sessionProxyConfig(settings));
  };
  autoUpdater.on('login', (auth: AuthInfo, callback: (username: string, password: string) => void) => {
    const asked = answers?.mayAnswer(auth) ?? false;
    void (asked && network ? network.login() : Promise.resolve(null))
      .catch(() => null)
      .then((login) => {
        // no login to give: empty credentials cancel the request, which then fails as a 407
        if (login) callback(login.username, login.password);
        else (callback as () => void)();
      });
  });
  // the core decides when to download and when to restart; quitting installs a downloaded update too
  autoUpdater.autoDownload = false;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.logger = { info: log.info, warn: log.warn, error: log.error, debug: () => undefined };
  const defaultFeed = buildFeed(path.join(resourcesPath, 'app-update.yml'));
  return {
    defaultFeed,
    otherFeeds: buildOtherFeeds(appPackageJson),
    adminFeed,
    // installed copies only: no http feed, not even on this computer (another local user could serve it)
    development: false,
    setFeed(url) {
      const feed = url ?? defaultFeed;
      if (feed) autoUpdater.setFeedURL({ provider: 'generic', url: feed });
    },
    async check() {
      await route();
      const result = await autoUpdater.checkForUpdates();
      return result?.isUpdateAvailable ? { version: result.updateInfo.version } : null;
    },
    async download(progress) {
      const onProgress = (info: { percent: number }): void => progress(info.percent);
      autoUpdater.on('download-progress', onProgress);
      try {
        await route();
        await autoUpdater.downloadUpdate();
      } finally {
        autoUpdater.off('download-progress', onProgress);
      }
    },
    install() {
      // silent, and the new version opens once installed
      void beforeInstall().then(() => autoUpdater.quitAndInstall(true, true));
    },
  };
}
