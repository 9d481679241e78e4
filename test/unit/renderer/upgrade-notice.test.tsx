// @vitest-environment jsdom
/**
 * The frame's notice while an earlier version's cache is upgraded on its thread (the first start after an update):
 * said from the first read or the event, in the language in use, and gone once done.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorageUpgrades } from '../../../shared/contract';
import type { Speech } from '../../../shared/i18n/languages';
import { browserBits, speechesLoaded } from './jsdom';

let first: StorageUpgrades = { running: [] };
let push: ((payload: StorageUpgrades) => void) | null = null;
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async (channel: string) => (channel === 'storage:upgrades' ? first : {})),
  subscribe: vi.fn((event: string, listener: (payload: StorageUpgrades) => void) => {
    if (event === 'storage:upgrades') push = listener;
    return () => (push = null);
  }),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { Speaking } = await import('../../../renderer/src/i18n');
const { UpgradeNotice } = await import('../../../renderer/src/components/UpgradeNotice');

beforeAll(async () => {
  browserBits();
  await speechesLoaded();
});
afterEach(() => {
  cleanup();
  first = { running: [] };
  push = null;
});

const show = (speech: Speech = { language: 'en', locale: 'en-GB' }) =>
  render(
    <MantineProvider>
      <Speaking speech={speech}>{() => <UpgradeNotice />}</Speaking>
    </MantineProvider>,
  );

describe('the upgrade notice in the frame', () => {
  it('says nothing when no upgrade runs, yet its live region is there from the start', async () => {
    show();
    expect((await screen.findByRole('status')).textContent).toBe('');
  });

  it('an upgrade under way at the first read is said, and goes when the event says it is done', async () => {
    first = { running: ['orders'] };
    show();
    expect(await screen.findByText('Updating the order book for this version (once)…')).toBeTruthy();
    act(() => push!({ running: ['catalogue'] }));
    expect(screen.getByRole('status').textContent).toBe('Updating the catalogue for this version (once)…');
    act(() => push!({ running: [] }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('one that starts later is said from the event, both stores at once, in German', async () => {
    show({ language: 'de', locale: 'de-DE' });
    await screen.findByRole('status');
    act(() => push!({ running: ['orders', 'catalogue'] }));
    expect(screen.getByRole('status').textContent).toBe(
      'Auftragsbuch und Katalog werden für diese Version aktualisiert (einmalig)…',
    );
  });
});
