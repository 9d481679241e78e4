/**
 * Where updates may come from (#25.7, core/updates/feeds.ts): the build's feed and the others it names, an
 * administrator's feed given at start, https only, plain http only to this computer and only in a development run;
 * Settings chooses only among what the build allows.
 */
import { describe, expect, it } from 'vitest';
import {
  feedChoice,
  feedInUse,
  feedRefusal,
  mayChoose,
  normaliseFeed,
} from '../../../electron/main/core/updates/feeds';

const BUILD = 'https://updates.shopdesk.example/desktop';
const BETA = 'https://updates.shopdesk.example/beta';

describe('which addresses can be a feed', () => {
  it('https anywhere; http only to this computer and only in a development run', () => {
    expect(feedRefusal(BUILD, false)).toBeNull();
    expect(feedRefusal('http://updates.example.com/sd', false)).toBe('plain_http');
    expect(feedRefusal('http://updates.example.com/sd', true)).toBe('plain_http');
    for (const loopback of [
      'http://127.0.0.1:8080/feed',
      'http://localhost:8080/',
      'http://[::1]:9/',
      'http://127.1.2.3/',
    ]) {
      // an installed copy: another local user could serve it
      expect(feedRefusal(loopback, false)).toBe('loopback_packaged');
      expect(feedRefusal(loopback, true)).toBeNull();
    }
    // a name that only starts like loopback is not loopback
    expect(feedRefusal('http://127.0.0.1.example.com/', true)).toBe('plain_http');
    expect(feedRefusal('http://localhost.example.com/', true)).toBe('plain_http');
    expect(feedRefusal('ftp://updates.example.com/', true)).toBe('scheme');
    expect(feedRefusal('file:///tmp/feed', true)).toBe('scheme');
    expect(feedRefusal('not a url', true)).toBe('invalid');
    // no credentials in a feed's address
    expect(feedRefusal('https://user:pw@updates.example.com/', false)).toBe('invalid');
  });

  it('one spelling per address, so a choice compares equal to the allowed feed', () => {
    expect(normaliseFeed(`${BUILD}/`)).toBe(BUILD);
    expect(normaliseFeed(' HTTPS://Updates.Shopdesk.Example/desktop ')).toBe(BUILD);
    expect(normaliseFeed('https://updates.shopdesk.example:443/desktop')).toBe(BUILD);
  });
});

describe('the feeds a copy may use', () => {
  it('the build’s own first, then the others it names; bad ones left out and said', () => {
    const choice = feedChoice({
      build: BUILD,
      others: [BETA, `${BUILD}/`, 'http://updates.example.com/x', 'http://127.0.0.1:9/'],
      admin: null,
      development: false,
    });
    expect(choice.feeds).toEqual([BUILD, BETA]);
    expect(choice.admin).toBeNull();
    expect(choice.refused).toEqual([
      { url: 'http://updates.example.com/x', reason: 'plain_http' },
      { url: 'http://127.0.0.1:9/', reason: 'loopback_packaged' },
    ]);
  });

  it('Settings chooses only among them: an address typed at the counter is never the feed', () => {
    const choice = feedChoice({ build: BUILD, others: [BETA], development: false });
    expect(mayChoose(choice, null)).toBeNull();
    expect(mayChoose(choice, BETA)).toBeNull();
    expect(mayChoose(choice, `${BETA}/`)).toBeNull();
    expect(mayChoose(choice, 'https://evil.example.com/feed')).toBe('not_allowed');
    expect(mayChoose(choice, 'https://updates.shopdesk.example/desktop/../evil')).toBe('not_allowed');
    expect(feedInUse(choice, null)).toBe(BUILD);
    expect(feedInUse(choice, BETA)).toBe(BETA);
    // a feed kept by an older version (typed at the counter then) is not used
    expect(feedInUse(choice, 'https://evil.example.com/feed')).toBe(BUILD);
  });

  it('an administrator’s feed given at start is the feed, and Settings cannot change it', () => {
    const choice = feedChoice({
      build: BUILD,
      others: [BETA],
      admin: 'https://updates.my-shop.example/sd',
      development: false,
    });
    expect(choice.admin).toBe('https://updates.my-shop.example/sd');
    expect(choice.feeds).toEqual([]);
    expect(feedInUse(choice, BETA)).toBe('https://updates.my-shop.example/sd');
    expect(mayChoose(choice, BETA)).toBe('not_allowed');
    // the administrator's feed obeys the same rule: no plain http in an installed copy
    const plain = feedChoice({ build: BUILD, admin: 'http://127.0.0.1:8080/', development: false });
    expect(plain.admin).toBeNull();
    expect(plain.refused).toEqual([{ url: 'http://127.0.0.1:8080/', reason: 'loopback_packaged' }]);
    expect(feedInUse(plain, null)).toBe(BUILD);
    // in a development run a local feed is fine
    expect(feedChoice({ build: null, admin: 'http://127.0.0.1:8080/', development: true }).admin).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('a build whose own feed is plain http has no feed when installed', () => {
    const choice = feedChoice({ build: 'http://updates.example.com/', development: false });
    expect(choice.feeds).toEqual([]);
    expect(feedInUse(choice, null)).toBeNull();
  });
});
