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

const { buildFeed, electronUpdaterPort } = await import('../../../electron/main/updater');
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the electron-updater port', () => {
  const resources = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-resources-'));
  fs.writeFileSync(
    path.join(resources, 'app-update.yml'),
    'provider: generic\nurl: https://updates.shopdesk.example/desktop\nupdaterCacheDirName: shopdesk-updater\n',
  );

  it('reads the feed the build wrote, and none from a missing or odd file', () => {
    expect(buildFeed(path.join(resources, 'app-update.yml'))).toBe('https://updates.shopdesk.example/desktop');
    expect(buildFeed(path.join(resources, 'nope.yml'))).toBeNull();
  });

  it('lets the core decide: no automatic download, installs on quit, the shop’s feed or the build’s', () => {
    const port = electronUpdaterPort({ resourcesPath: resources, log, beforeInstall: async () => undefined });
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
      resourcesPath: resources,
      log,
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
