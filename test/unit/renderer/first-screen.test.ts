/**
 * Which first screens wait for a list's first answer before the chunks come (#31.2, renderer/src/firstScreen.ts): the
 * Orders and Stock lists of a configured app, and '/' (it leads to Orders); never an error, the welcome screen of an
 * app not set up, or any other screen.
 */
import { describe, expect, it } from 'vitest';
import { listComesFirst } from '../../../renderer/src/firstScreen';

describe('first screen', () => {
  it('waits for the list on Orders, Stock and the way to Orders, once set up', () => {
    for (const path of ['/', '/orders', '/orders/', '/stock']) expect(listComesFirst(null, 'service', path)).toBe(true);
  });
  it('waits while the settings are not read yet', () => {
    expect(listComesFirst(null, null, '/settings')).toBe(true);
  });
  it('does not wait on any other screen, for an app not set up, or after an error', () => {
    for (const path of ['/settings', '/welcome', '/new-order', '/new-order/7', '/orders/42', '/outbox', '/today'])
      expect(listComesFirst(null, 'service', path)).toBe(false);
    expect(listComesFirst(null, 'unconfigured', '/orders')).toBe(false);
    expect(listComesFirst('The service refused the token', 'service', '/orders')).toBe(false);
  });
});
