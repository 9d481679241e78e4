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
    /** electron-updater's own session (partition "electron-updater"): the proxies it was told. */
    netSession = {
      proxies: [] as unknown[],
      async setProxy(config: unknown): Promise<void> {
        this.proxies.push(config);
      },
    };
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
const { ProxyLoginAnswers, sessionProxyConfig } = await import('../../../electron/main/updater-route');
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
    // one feed named on electron-builder's command line (-c.extraMetadata.shopdesk.updateFeeds=<url>) is a string
    const single = path.join(resources, 'single.json');
    fs.writeFileSync(single, JSON.stringify({ shopdesk: { updateFeeds: 'https://updates.shopdesk.example/beta' } }));
    expect(buildOtherFeeds(single)).toEqual(['https://updates.shopdesk.example/beta']);
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

  it('takes the core’s route (#26.4): its session’s proxy from Settings, the proxy set by hand’s login on its 407 only', async () => {
    fake.removeAllListeners('login');
    fake.netSession.proxies.length = 0;
    fake.available = true;
    let settings: { mode: 'system' | 'manual' | 'none'; url: string | null } = {
      mode: 'manual',
      url: 'http://proxy.corp:3128',
    };
    const logins: string[] = [];
    const port = electronUpdaterPort({
      ...wiring,
      beforeInstall: async () => undefined,
      network: {
        settings: async () => settings,
        login: async () => (logins.push('read'), { username: 'till', password: 'pr0xy-pass' }),
      },
    });
    const answer = (auth: { isProxy: boolean; host: string; port: number }) =>
      new Promise<unknown[]>((resolve) => fake.emit('login', auth, (...args: unknown[]) => resolve(args)));

    await port.check();
    expect(fake.netSession.proxies).toEqual([
      { mode: 'fixed_servers', proxyRules: 'http://proxy.corp:3128', proxyBypassRules: '<local>' },
    ]);
    expect(await answer({ isProxy: true, host: 'proxy.corp', port: 3128 })).toEqual(['till', 'pr0xy-pass']);
    // never to a web server asking, nor to another proxy
    expect(await answer({ isProxy: false, host: 'updates.shopdesk.example', port: 443 })).toEqual([]);
    expect(await answer({ isProxy: true, host: 'other.corp', port: 3128 })).toEqual([]);
    // a login the proxy keeps refusing is sent twice at most
    expect(await answer({ isProxy: true, host: 'proxy.corp', port: 3128 })).toEqual(['till', 'pr0xy-pass']);
    expect(await answer({ isProxy: true, host: 'proxy.corp', port: 3128 })).toEqual([]);
    // a download reads the route again
    await port.download(() => undefined);
    expect(await answer({ isProxy: true, host: 'proxy.corp', port: 3128 })).toEqual(['till', 'pr0xy-pass']);
    expect(fake.netSession.proxies).toHaveLength(2);

    // the system's settings (Chromium's: OS, PAC, WPAD), or none: no login given to anyone
    settings = { mode: 'system', url: 'http://proxy.corp:3128' };
    await port.check();
    expect(fake.netSession.proxies.at(-1)).toEqual({ mode: 'system' });
    expect(await answer({ isProxy: true, host: 'proxy.corp', port: 3128 })).toEqual([]);
    settings = { mode: 'none', url: null };
    await port.check();
    expect(fake.netSession.proxies.at(-1)).toEqual({ mode: 'direct' });
    expect(logins).toEqual(['read', 'read', 'read']);
    fake.removeAllListeners('login');
  });

  it('the session’s proxy for each setting, and which logins are answered', () => {
    expect(sessionProxyConfig({ mode: 'system', url: null })).toEqual({ mode: 'system' });
    expect(sessionProxyConfig({ mode: 'none', url: 'http://p:1' })).toEqual({ mode: 'direct' });
    expect(sessionProxyConfig({ mode: 'manual', url: 'https://secure.corp' })).toEqual({
      mode: 'fixed_servers',
      proxyRules: 'https://secure.corp:443',
      proxyBypassRules: '<local>',
    });
    expect(sessionProxyConfig({ mode: 'manual', url: 'http://[::1]:8080' })).toMatchObject({
      proxyRules: 'http://[::1]:8080',
    });
    // a manual setting without an address keeps the system's
    expect(sessionProxyConfig({ mode: 'manual', url: null })).toEqual({ mode: 'system' });
    const answers = new ProxyLoginAnswers({ mode: 'manual', url: 'http://Proxy.Corp' });
    expect(answers.mayAnswer({ isProxy: true, host: 'proxy.corp', port: 8080 })).toBe(false);
    expect(answers.mayAnswer({ isProxy: true, host: 'proxy.corp', port: 80 })).toBe(true);
  });
});
