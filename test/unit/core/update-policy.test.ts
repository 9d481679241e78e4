/** When Shopdesk looks for updates, offers one, and holds it back (electron/main/core/updates/policy.ts, no Electron). */
import { describe, expect, it } from 'vitest';
import {
  holdBack,
  mayRestart,
  nextCheckAt,
  offer,
  shouldCheck,
  UPDATE_TIMING,
  type Activity,
  type UpdateState,
} from '../../../electron/main/core/updates/policy';

const HOUR = 60 * 60 * 1000;
const START = 1_700_000_000_000;
const state = (patch: Partial<UpdateState> = {}): UpdateState => ({
  phase: 'idle',
  checksEnabled: true,
  startedAt: START,
  lastCheckAt: null,
  lastCheckFailed: false,
  ...patch,
});
const quiet: Activity = { wizardOpen: false, sending: 0, unsent: 0 };

describe('when to look for an update', () => {
  it('shortly after start, then every 6 hours', () => {
    expect(nextCheckAt(state())).toBe(START + UPDATE_TIMING.firstCheckAfterMs);
    expect(shouldCheck(state(), START)).toBe(false);
    expect(shouldCheck(state(), START + UPDATE_TIMING.firstCheckAfterMs)).toBe(true);
    const looked = state({ lastCheckAt: START + 30_000 });
    expect(nextCheckAt(looked)).toBe(START + 30_000 + 6 * HOUR);
    expect(shouldCheck(looked, START + 30_000 + 6 * HOUR - 1)).toBe(false);
    expect(shouldCheck(looked, START + 30_000 + 6 * HOUR)).toBe(true);
  });

  it('an hour after a look that failed (offline, the feed down)', () => {
    const failed = state({ phase: 'failed', lastCheckAt: START, lastCheckFailed: true });
    expect(nextCheckAt(failed)).toBe(START + HOUR);
  });

  it('never with checks turned off in Settings, nor where the app does not update itself', () => {
    for (const s of [state({ checksEnabled: false }), state({ phase: 'unsupported' })]) {
      expect(nextCheckAt(s)).toBeNull();
      expect(shouldCheck(s, START + 365 * 24 * HOUR)).toBe(false);
    }
  });

  it('not while a look or a download is under way, nor once an update is downloaded and waiting', () => {
    for (const phase of ['checking', 'downloading', 'ready'] as const)
      expect(shouldCheck(state({ phase, lastCheckAt: START }), START + 100 * HOUR)).toBe(false);
  });
});

describe('offering "Restart to update"', () => {
  const ready = state({ phase: 'ready', lastCheckAt: START });

  it('offered once downloaded, when no order is being entered, queued or sent', () => {
    expect(offer(ready, quiet)).toEqual({ offer: true, holdBack: null });
    expect(mayRestart(ready, quiet)).toEqual({ restart: true });
  });

  it('nothing to offer before the download is done', () => {
    for (const phase of ['idle', 'checking', 'downloading', 'failed', 'unsupported'] as const) {
      expect(offer(state({ phase }), quiet)).toEqual({ offer: false, holdBack: null });
      expect(mayRestart(state({ phase }), quiet)).toEqual({ restart: false, reason: 'nothing_ready' });
    }
  });

  it('a draft open in the wizard holds it back: no offer, and a restart asked for is refused', () => {
    const entering = { ...quiet, wizardOpen: true };
    expect(offer(ready, entering)).toEqual({ offer: false, holdBack: 'wizard_open' });
    expect(mayRestart(ready, entering)).toEqual({ restart: false, reason: 'wizard_open' });
  });

  it('an order queued (or in doubt) holds it back; one being sent too', () => {
    expect(offer(ready, { ...quiet, unsent: 1 })).toEqual({ offer: false, holdBack: 'order_queued' });
    expect(mayRestart(ready, { ...quiet, unsent: 2 })).toEqual({ restart: false, reason: 'order_queued' });
    expect(offer(ready, { ...quiet, sending: 1, unsent: 1 })).toEqual({ offer: false, holdBack: 'order_sending' });
    expect(mayRestart(ready, { ...quiet, sending: 1, unsent: 1 })).toEqual({
      restart: false,
      reason: 'order_sending',
    });
  });

  it('the most pressing reason is given: the open wizard, then sending, then queued', () => {
    expect(holdBack({ wizardOpen: true, sending: 1, unsent: 3 })).toBe('wizard_open');
    expect(holdBack({ wizardOpen: false, sending: 1, unsent: 3 })).toBe('order_sending');
    expect(holdBack({ wizardOpen: false, sending: 0, unsent: 3 })).toBe('order_queued');
    expect(holdBack(quiet)).toBeNull();
  });

  it('an update downloaded mid-sale waits for the sale: offered only once the order is sent and the wizard closed', () => {
    // a sale under way while the download finishes
    const sale: Activity[] = [
      { wizardOpen: true, sending: 0, unsent: 0 }, // entering
      { wizardOpen: false, sending: 1, unsent: 1 }, // sent from the wizard: going out
      { wizardOpen: false, sending: 0, unsent: 1 }, // the service did not answer: queued again
      { wizardOpen: false, sending: 0, unsent: 0 }, // out
    ];
    expect(sale.map((a) => offer(ready, a).offer)).toEqual([false, false, false, true]);
  });

  it('checks turned off after a download still let staff install what was downloaded', () => {
    expect(offer({ ...ready, checksEnabled: false }, quiet).offer).toBe(true);
  });
});
