/**
 * electron-updater, wired to the core's Updates (core/updates): the policy decides when to look, offer and hold back;
 * this only does what it is told. Installed copies only (app.isPackaged): a development run has no feed.
 */
import electronUpdater from 'electron-updater';
import fs from 'node:fs';
import path from 'node:path';
import type { Updater } from './core/updates/index';

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
}

/** The further feeds the build wrote into the archive's package.json (electron-builder's extraMetadata). */
export function buildOtherFeeds(packageJson: string): string[] {
  try {
    const feeds = (JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { shopdesk?: { updateFeeds?: unknown } })
      .shopdesk?.updateFeeds;
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
}: UpdaterWiring): Updater {
  const { autoUpdater } = electronUpdater;
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
      const result = await autoUpdater.checkForUpdates();
      return result?.isUpdateAvailable ? { version: result.updateInfo.version } : null;
    },
    async download(progress) {
      const onProgress = (info: { percent: number }): void => progress(info.percent);
      autoUpdater.on('download-progress', onProgress);
      try {
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
