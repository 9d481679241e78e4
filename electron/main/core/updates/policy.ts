/**
 * When Shopdesk looks for an update, when it offers one, and what holds it back: pure decisions over plain facts
 * (no Electron, no clock, no timers), so every case is a unit test. The core's Updates (./index.ts) keeps the facts and
 * the timers; the Electron shell only wires electron-updater to it.
 *
 * - It looks shortly after start and every 6 hours after that (an hour after a failed look), never when checks are
 *   turned off in Settings, and not again once an update is downloaded and waiting.
 * - A new version is downloaded in the background and then offered as "Restart to update" in the frame.
 * - It never restarts on its own, and the offer (and a restart asked for) is held back while an order is being
 *   entered (a wizard is open: its draft is saved as it is typed, and the restart waits until it is closed), is
 *   queued or in doubt in the outbox, or is being sent. An update downloaded in the middle of a sale waits for the
 *   sale to end. Quitting installs a downloaded update too.
 */

export const UPDATE_TIMING = {
  /** The first look after start: after the first screen and the first syncs have had their turn. */
  firstCheckAfterMs: 30_000,
  everyMs: 6 * 60 * 60 * 1000,
  /** After a look that failed (offline, the feed unreachable or broken). */
  retryAfterFailureMs: 60 * 60 * 1000,
} as const;

export type UpdatePhase =
  /** This host does not update itself (the browser host; a development run of the desktop app). */
  | 'unsupported'
  | 'idle'
  | 'checking'
  | 'downloading'
  /** Downloaded and verified: installed by a restart, or when Shopdesk quits. */
  | 'ready'
  | 'failed';

/** Why "Restart to update" is not offered (yet), most pressing first. */
export type UpdateHold = 'wizard_open' | 'order_sending' | 'order_queued';

export interface UpdateState {
  phase: UpdatePhase;
  checksEnabled: boolean;
  /** When the app started (the first look counts from here). */
  startedAt: number;
  lastCheckAt: number | null;
  /** The last look failed (phase 'failed' until the next one). */
  lastCheckFailed: boolean;
}

/** What the counter is doing right now, as far as an update is concerned. */
export interface Activity {
  /** A new-order wizard is open in the window (its draft may be mid-edit). */
  wizardOpen: boolean;
  /** Orders being sent right now. */
  sending: number;
  /** Orders not known to be on the service yet: queued, paused, or in doubt (being looked for). */
  unsent: number;
}

/** When to look next; null when no look is due at all (unsupported, turned off, busy, or one is ready). */
export function nextCheckAt(state: UpdateState): number | null {
  if (state.phase === 'unsupported' || !state.checksEnabled) return null;
  if (state.phase === 'checking' || state.phase === 'downloading' || state.phase === 'ready') return null;
  if (state.lastCheckAt === null) return state.startedAt + UPDATE_TIMING.firstCheckAfterMs;
  return state.lastCheckAt + (state.lastCheckFailed ? UPDATE_TIMING.retryAfterFailureMs : UPDATE_TIMING.everyMs);
}

export function shouldCheck(state: UpdateState, now: number): boolean {
  const at = nextCheckAt(state);
  return at !== null && now >= at;
}

/** What holds an update back right now, or null. */
export function holdBack(activity: Activity): UpdateHold | null {
  if (activity.wizardOpen) return 'wizard_open';
  if (activity.sending > 0) return 'order_sending';
  if (activity.unsent > 0) return 'order_queued';
  return null;
}

export interface Offer {
  /** Show "Restart to update" in the frame. */
  offer: boolean;
  /** A downloaded update waits for this (shown quietly instead of the button). */
  holdBack: UpdateHold | null;
}

export function offer(state: UpdateState, activity: Activity): Offer {
  if (state.phase !== 'ready') return { offer: false, holdBack: null };
  const hold = holdBack(activity);
  return { offer: hold === null, holdBack: hold };
}

export type RestartDecision = { restart: true } | { restart: false; reason: UpdateHold | 'nothing_ready' };

/** Staff pressed "Restart to update": decided again at that moment (an order may have started meanwhile). */
export function mayRestart(state: UpdateState, activity: Activity): RestartDecision {
  if (state.phase !== 'ready') return { restart: false, reason: 'nothing_ready' };
  const hold = holdBack(activity);
  return hold === null ? { restart: true } : { restart: false, reason: hold };
}
