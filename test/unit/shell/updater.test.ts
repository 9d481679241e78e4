/** The shell's wiring of electron-updater (electron/main/updater.ts), with stand-ins for electron-updater itself. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  class FakeUpdater extends EventEmitter {
    autoDownload = true;
    autoInstallOnAppQuit = false;
    logger: unknown = null;
    feeds: unknown[] = [];
    installed: unknown[][] = [];
    available = true;
    setFeedURL(options: unknown): void {
      this.feeds.push(options);
    }
    async checkForUpdates() {
      return { isUpdateAvailable: this.available, updateInfo: { version: '0.2.0' } };
    }
    async downloadUpdate(): Promise<string[]> {
      this.emit('download-progress', { percent: 12.5 });
      this.emit('download-progress', { percent: 100 });
      return [];
    }
    quitAndInstall(...args: unknown[]): void {
      this.installed.push(args);
    }
  }
  return new FakeUpdater();
});
vi.mock('electron-updater', () => ({ default: { autoUpdater: fake } }));

const { buildFeed, buildOtherFeeds, electronUpdaterPort } = await import('../../../electron/main/updater');
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the electron-updater port', () => {
  const resources = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-resources-'));
  fs.writeFileSync(
    path.join(resources, 'app-update.yml'),
    'provider: generic\nurl: https://updates.shopdesk.example/desktop\nupdaterCacheDirName: shopdesk-updater\n',
  );
  const appPackageJson = path.join(resources, 'package.json');
  fs.writeFileSync(
    appPackageJson,
    JSON.stringify({ name: 'shopdesk', shopdesk: { updateFeeds: ['https://updates.shopdesk.example/beta', 7] } }),
  );
  const wiring = { resourcesPath: resources, log, appPackageJson, adminFeed: null };

  it('reads the other feeds the build kept in the archive’s package.json, and none from a missing file (#25.7)', () => {
    expect(buildOtherFeeds(appPackageJson)).toEqual(['https://updates.shopdesk.example/beta']);
    expect(buildOtherFeeds(path.join(resources, 'nope.json'))).toEqual([]);
  });

  it('an installed copy: the build’s feeds and the administrator’s, never a development run (#25.7)', () => {
    const port = electronUpdaterPort({
      ...wiring,
      adminFeed: 'https://updates.my-shop.example/sd',
      beforeInstall: async () => undefined,
    });
    expect(port.otherFeeds).toEqual(['https://updates.shopdesk.example/beta']);
    expect(port.adminFeed).toBe('https://updates.my-shop.example/sd');
    expect(port.development).toBe(false);
  });

  it('reads the feed the build wrote, and none from a missing or odd file', () => {
    expect(buildFeed(path.join(resources, 'app-update.yml'))).toBe('https://updates.shopdesk.example/desktop');
    expect(buildFeed(path.join(resources, 'nope.yml'))).toBeNull();
  });

  it('lets the core decide: no automatic download, installs on quit, the shop’s feed or the build’s', () => {
    fake.feeds.length = 0;
    const port = electronUpdaterPort({ ...wiring, beforeInstall: async () => undefined });
    expect(fake.autoDownload).toBe(false);
    expect(fake.autoInstallOnAppQuit).toBe(true);
    expect(port.defaultFeed).toBe('https://updates.shopdesk.example/desktop');
    port.setFeed('https://updates.my-shop.example/sd');
    port.setFeed(null);
    expect(fake.feeds).toEqual([
      { provider: 'generic', url: 'https://updates.my-shop.example/sd' },
      { provider: 'generic', url: 'https://updates.shopdesk.example/desktop' },
    ]);
  });

  it('reports a newer version, the download’s progress, and closes the core before installing', async () => {
    const order: string[] = [];
    const port = electronUpdaterPort({
      ...wiring,
      beforeInstall: async () => void order.push('core closed'),
    });
    expect(await port.check()).toEqual({ version: '0.2.0' });
    fake.available = false;
    expect(await port.check()).toBeNull();
    const seen: number[] = [];
    await port.download((percent) => seen.push(percent));
    expect(seen).toEqual([12.5, 100]);
    expect(fake.listenerCount('download-progress')).toBe(0);
    port.install();
    await vi.waitFor(() => expect(fake.installed).toEqual([[true, true]]));
    expect(order).toEqual(['core closed']);
  });
});
