/**
 * Updates in the core (core/updates/index.ts) with a stand-in for electron-updater: looking, downloading, offering,
 * holding back for an order being entered, queued or sent, checks turned off, the shop's own feed. No Electron.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../../shared/contract';
import type { Core } from '../../../electron/main/core/index';
import { CoreEvents } from '../../../electron/main/core/events';
import { failureOf, Updates, type Updater } from '../../../electron/main/core/updates/index';
import { UPDATE_TIMING } from '../../../electron/main/core/updates/policy';
import { ask } from '../../support/ask';
import { coreIn } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const BUILD = 'https://updates.shopdesk.example/desktop';
const BETA = 'https://updates.shopdesk.example/beta';

interface StandIn extends Updater {
  checks: number;
  downloads: number;
  installs: number;
  feeds: (string | null)[];
}

function standIn(found: string | null, failWith?: Error): StandIn {
  const updater: StandIn = {
    checks: 0,
    downloads: 0,
    installs: 0,
    feeds: [],
    defaultFeed: 'https://updates.shopdesk.example/desktop',
    setFeed: (url) => void updater.feeds.push(url),
    check: async () => {
      updater.checks += 1;
      if (failWith) throw failWith;
      return found ? { version: found } : null;
    },
    download: async (progress) => {
      progress(40);
      progress(100);
      updater.downloads += 1;
    },
    install: () => void (updater.installs += 1),
  };
  return updater;
}

let dir: string;
let core: Core | null = null;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-updates-'));
});
afterEach(async () => {
  await core?.close();
  core = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

const status = (c: Core): Promise<UpdateStatus> => ask(c, 'updates:status', {});

describe('updates through the core’s channels', () => {
  it('the browser host does not update itself: unsupported, and "Check now" does nothing', async () => {
    core = coreIn(dir);
    expect(await status(core)).toMatchObject({ phase: 'unsupported', offer: false, feedUrl: null, nextCheckAt: null });
    expect((await ask(core, 'updates:check', {})).phase).toBe('unsupported');
  });

  it('looks, downloads in the background with progress, then offers "Restart to update"; restarting installs', async () => {
    const updater = standIn('0.2.0');
    core = coreIn(dir, { updater, version: '0.1.0' });
    const seen: UpdateStatus[] = [];
    core.events.on('updates:changed', (s) => seen.push(s));
    const after = await ask(core, 'updates:check', {});
    expect(after).toMatchObject({
      phase: 'ready',
      version: '0.2.0',
      offer: true,
      holdBack: null,
      currentVersion: '0.1.0',
    });
    expect(seen.map((s) => s.phase)).toEqual(expect.arrayContaining(['checking', 'downloading', 'ready']));
    expect(seen.filter((s) => s.phase === 'downloading').map((s) => s.percent)).toEqual(
      expect.arrayContaining([40, 100]),
    );
    expect(after.nextCheckAt).toBeNull(); // nothing more to look for until it is installed
    await ask(core, 'updates:restart', {});
    expect(updater.installs).toBe(1);
  });

  it('the latest version already: no download, next look in 6 hours', async () => {
    const updater = standIn(null);
    core = coreIn(dir, { updater });
    const after = await ask(core, 'updates:check', {});
    expect(after).toMatchObject({ phase: 'idle', version: null, offer: false });
    expect(after.nextCheckAt! - after.lastCheckAt!).toBe(UPDATE_TIMING.everyMs);
    expect(updater.downloads).toBe(0);
  });

  it('a draft open in the wizard: the update is held back and a restart asked for is refused', async () => {
    const updater = standIn('0.2.0');
    core = coreIn(dir, { updater });
    await ask(core, 'updates:check', {});
    const entering = await ask(core, 'app:activity', { wizardOpen: true });
    expect(entering).toMatchObject({ phase: 'ready', offer: false, holdBack: 'wizard_open' });
    expect(await ask(core, 'updates:restart', {})).toMatchObject({ holdBack: 'wizard_open' });
    expect(updater.installs).toBe(0);
    expect(await ask(core, 'app:activity', { wizardOpen: false })).toMatchObject({ offer: true, holdBack: null });
  });

  it('an update downloaded mid-sale is offered only once the sale is over', async () => {
    const updater = standIn('0.2.0');
    core = coreIn(dir, { updater });
    await ask(core, 'app:activity', { wizardOpen: true }); // staff are entering an order
    expect(await ask(core, 'updates:check', {})).toMatchObject({
      phase: 'ready',
      offer: false,
      holdBack: 'wizard_open',
    });
    expect(await ask(core, 'app:activity', { wizardOpen: false })).toMatchObject({ offer: true });
  });

  it('an order waiting in the outbox holds it back: no offer, restart refused, nothing installed', async () => {
    const updater = standIn('0.2.0');
    core = coreIn(dir, { updater });
    // a service that refuses connections: the order stays queued (and is tried again now and then: 'sending' then)
    const outboxHolds = ['order_queued', 'order_sending'];
    await ask(core, 'settings:save', { baseUrl: 'http://127.0.0.1:9', token: 'tok' });
    await ask(core, 'outbox:submit', { draftId: 'draft-0001-update', order: sampleOrder() });
    await ask(core, 'updates:check', {});
    await vi.waitFor(async () => expect(outboxHolds).toContain((await status(core!)).holdBack));
    expect((await status(core)).offer).toBe(false);
    expect(outboxHolds).toContain((await ask(core, 'updates:restart', {})).holdBack);
    expect(updater.installs).toBe(0);
  });

  it('checks turned off in Settings: kept, and no look is due; a feed the build allows is chosen and kept', async () => {
    const updater = { ...standIn(null), otherFeeds: [BETA] };
    core = coreIn(dir, { updater });
    expect(await status(core)).toMatchObject({ feeds: [BUILD, BETA], adminFeed: null, feedUrl: BUILD });
    const off = await ask(core, 'updates:settings', { checks: false, feedUrl: BETA });
    expect(off).toMatchObject({ checksEnabled: false, nextCheckAt: null, customFeedUrl: BETA, feedUrl: BETA });
    expect(updater.feeds.at(-1)).toBe(BETA);
    await core.close();
    const again = { ...standIn(null), otherFeeds: [BETA] };
    core = coreIn(dir, { updater: again });
    expect(await status(core)).toMatchObject({ checksEnabled: false, customFeedUrl: BETA });
    expect(again.feeds).toEqual([BETA]);
    // back to the build's feed
    expect(await ask(core, 'updates:settings', { checks: true, feedUrl: null })).toMatchObject({
      checksEnabled: true,
      customFeedUrl: null,
      feedUrl: BUILD,
    });
  });

  it('a feed the build does not name is refused at its field, https or not (#25.7)', async () => {
    core = coreIn(dir, { updater: standIn(null) });
    for (const feedUrl of [
      'https://updates.my-shop.example/sd',
      'http://updates.example.com/',
      'http://127.0.0.1:8080/',
    ]) {
      const result = await core.dispatch('updates:settings', { checks: true, feedUrl });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_request',
          fields: { feedUrl: [expect.any(String)] },
          facts: { field: 'feedUrl', reason: 'feed_not_allowed' },
        },
      });
    }
    expect((await status(core)).feedUrl).toBe(BUILD);
  });

  it('a feed kept by an older version (typed at the counter then) is not used; the build’s is', async () => {
    fs.writeFileSync(
      path.join(dir, 'updates.json'),
      JSON.stringify({ checks: true, feedUrl: 'https://evil.example.com/feed' }),
    );
    const updater = standIn(null);
    core = coreIn(dir, { updater });
    expect(await status(core)).toMatchObject({ feedUrl: BUILD, customFeedUrl: null });
    expect(updater.feeds).toEqual([null]);
  });

  it('an administrator’s feed given at start is the one checked, and Settings cannot change it', async () => {
    const updater = { ...standIn(null), otherFeeds: [BETA], adminFeed: 'https://updates.my-shop.example/sd' };
    core = coreIn(dir, { updater });
    expect(await status(core)).toMatchObject({
      feedUrl: 'https://updates.my-shop.example/sd',
      adminFeed: 'https://updates.my-shop.example/sd',
      feeds: [],
    });
    expect(updater.feeds).toEqual(['https://updates.my-shop.example/sd']);
    expect((await core.dispatch('updates:settings', { checks: true, feedUrl: BETA })).ok).toBe(false);
    // turning checks off is still Settings' to decide
    expect(await ask(core, 'updates:settings', { checks: false, feedUrl: null })).toMatchObject({
      checksEnabled: false,
      feedUrl: 'https://updates.my-shop.example/sd',
    });
  });

  it('an installed copy takes no plain-http feed, not even one on this computer; a development run may', async () => {
    core = coreIn(dir, { updater: { ...standIn(null), adminFeed: 'http://127.0.0.1:8080/feed' } });
    expect(await status(core)).toMatchObject({ feedUrl: BUILD, adminFeed: null });
    await core.close();
    core = coreIn(dir, {
      updater: { ...standIn(null), adminFeed: 'http://127.0.0.1:8080/feed', development: true },
    });
    expect(await status(core)).toMatchObject({ feedUrl: 'http://127.0.0.1:8080/feed' });
    await core.close();
    // a build whose own feed is plain http does not look for updates at all
    core = coreIn(dir, { updater: { ...standIn(null), defaultFeed: 'http://updates.example.com/' } });
    expect(await status(core)).toMatchObject({ phase: 'unsupported', feedUrl: null });
  });

  it('a look that fails says why in a code, and the next one is an hour later', async () => {
    const updater = standIn(
      '0.2.0',
      Object.assign(new Error('getaddrinfo ENOTFOUND updates.example'), { code: 'ENOTFOUND' }),
    );
    core = coreIn(dir, { updater });
    const after = await ask(core, 'updates:check', {});
    expect(after).toMatchObject({ phase: 'failed', failure: 'offline', offer: false });
    expect(after.nextCheckAt! - after.lastCheckAt!).toBe(UPDATE_TIMING.retryAfterFailureMs);
  });
});

describe('the timer', () => {
  afterEach(() => vi.useRealTimers());

  it('looks shortly after start and every 6 hours, and not at all with checks off', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const updater = standIn(null);
    const events = new CoreEvents();
    const updates = new Updates({
      dataDir: dir,
      events,
      version: '0.1.0',
      updater,
      outbox: async () => ({ sending: 0, unsent: 0 }),
      log: { info: () => undefined, warn: () => undefined },
    });
    await vi.advanceTimersByTimeAsync(UPDATE_TIMING.firstCheckAfterMs - 1);
    expect(updater.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(UPDATE_TIMING.everyMs);
    expect(updater.checks).toBe(2);
    await updates.handlers['updates:settings']({ checks: false, feedUrl: null });
    await vi.advanceTimersByTimeAsync(10 * UPDATE_TIMING.everyMs);
    expect(updater.checks).toBe(2);
    updates.close();
  });
});

describe('failures in words the renderer can choose', () => {
  it('maps what electron-updater throws to a code', () => {
    expect(failureOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('offline');
    expect(failureOf(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('offline');
    expect(failureOf(new Error('sha512 checksum mismatch, expected abc'))).toBe('verify');
    expect(failureOf(new Error('HttpError: 404 Not Found "method: GET url: https://x/latest.yml"'))).toBe('feed');
    expect(failureOf(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe('disk');
    expect(failureOf('weird')).toBe('other');
  });
});
