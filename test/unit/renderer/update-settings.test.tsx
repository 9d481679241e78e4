// @vitest-environment jsdom
/**
 * Settings → Updates shows staff's choice the moment it is made (the e2e "feed is chosen" check failed under load: the
 * radio and the switch followed only the core's next status, so a click seemed not to take and a second one flipped
 * it back). The choice gives way to the stored status once that agrees, and to the old value when the save fails.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../../shared/contract';
import { browserBits } from './jsdom';

const BUILT_IN = 'https://updates.shopdesk.example/desktop';
const BETA = 'https://updates.shopdesk.example/beta';
const STATUS: UpdateStatus = {
  phase: 'idle',
  checksEnabled: true,
  currentVersion: '1.0.0',
  feedUrl: BUILT_IN,
  customFeedUrl: null,
  feeds: [BUILT_IN, BETA],
  adminFeed: null,
  version: null,
  percent: null,
  lastCheckAt: null,
  nextCheckAt: null,
  offer: false,
  holdBack: null,
  failure: null,
};

// the core's answer to a save is held until the test lets it go; its status push is sent by hand
let push: ((status: UpdateStatus) => void) | null = null;
let settle: { resolve: () => void; reject: (e: Error) => void } | null = null;
const saves: unknown[] = [];
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn((channel: string, request: unknown) => {
    if (channel === 'updates:status') return Promise.resolve(STATUS);
    if (channel === 'updates:settings') {
      saves.push(request);
      return new Promise<UpdateStatus>((resolve, reject) => {
        settle = { resolve: () => resolve(STATUS), reject };
      });
    }
    return Promise.resolve({});
  }),
  subscribe: vi.fn((_channel: string, listener: (status: UpdateStatus) => void) => {
    push = listener;
    return () => undefined;
  }),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));
const { UpdateSettings } = await import('../../../renderer/src/screens/settings/UpdateSettings');

const draw = async () => {
  render(
    <MantineProvider>
      <UpdateSettings />
    </MantineProvider>,
  );
  return screen.findByRole('radiogroup', { name: 'Where updates come from' });
};
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const autoSwitch = () => screen.getByRole('switch') as HTMLInputElement;

beforeAll(browserBits);
beforeEach(() => {
  push = null;
  settle = null;
  saves.length = 0;
});
afterEach(cleanup);

describe('Settings → Updates', () => {
  it('shows the chosen feed at once, before the core answers, and keeps it when the core agrees', async () => {
    await draw();
    expect(radio(/built in/).checked).toBe(true);
    fireEvent.click(radio(/beta$/));
    expect(radio(/beta$/).checked).toBe(true);
    expect(saves).toEqual([{ checks: true, feedUrl: BETA }]);
    await act(async () => {
      push?.({ ...STATUS, feedUrl: BETA, customFeedUrl: BETA });
      settle?.resolve();
    });
    expect(radio(/beta$/).checked).toBe(true);
  });

  it('turns automatic checks off at once, and keeps the feed already chosen', async () => {
    await draw();
    fireEvent.click(autoSwitch());
    expect(autoSwitch().checked).toBe(false);
    expect(saves).toEqual([{ checks: false, feedUrl: null }]);
    // the core's status still says on while the save is under way: the switch stays where staff put it
    await act(async () => push?.({ ...STATUS, phase: 'checking' }));
    expect(autoSwitch().checked).toBe(false);
    await act(async () => {
      push?.({ ...STATUS, checksEnabled: false });
      settle?.resolve();
    });
    expect(autoSwitch().checked).toBe(false);
  });

  it('goes back to what is stored, with the reason, when the save fails', async () => {
    await draw();
    fireEvent.click(radio(/beta$/));
    expect(radio(/beta$/).checked).toBe(true);
    await act(async () => settle?.reject(new Error('disk full')));
    expect(radio(/built in/).checked).toBe(true);
    expect(screen.getByText(/not saved|could not/i)).toBeTruthy();
  });
});
