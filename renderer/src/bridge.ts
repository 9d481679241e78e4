/**
 * Typed access to main: call() returns the channel's value or throws a BridgeError with the shared error code.
 * In Electron, window.shopdesk comes from the preload; in a browser it is the browser host's HTTP bridge.
 */
import type { Channel, EventName, EventPayload, RequestOf, ResponseOf, ShopdeskBridge } from '../../shared/contract';
import type { AppError, ErrorCode, Result } from '../../shared/errors';

declare global {
  interface Window {
    shopdesk?: ShopdeskBridge;
  }
}

export class BridgeError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;
  readonly facts?: Record<string, string | number | null>;

  constructor(error: AppError) {
    super(error.message);
    this.code = error.code;
    this.fields = error.fields;
    this.facts = error.facts;
  }
}

/** Where the browser host's page keeps its session secret: this tab, this origin (so this port) only. */
const SESSION_STORAGE_KEY = 'shopdesk.session';
const SESSION_HEADER = 'x-shopdesk-session';

type SignedOutReason = 'no_session' | 'login_key_refused' | 'session_ended';
const signedOut = (reason: SignedOutReason): Result<never> => ({
  ok: false,
  error: { code: 'signed_out', message: reason, facts: { reason } },
});

const signedOutListeners = new Set<(reason: SignedOutReason) => void>();
/** This tab's session ended: signed out here, ended from another tab's Settings, or unused too long. */
let ended = false;
function endHere(): void {
  ended = true;
  try {
    sessionStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  for (const listener of signedOutListeners) listener('session_ended');
}

/** Called when the browser host says this tab is no longer signed in (never in Electron). */
export function onSignedOut(listener: (reason: SignedOutReason) => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** After this tab's own session was ended on the host (Sign out): the tab forgets it and says it is signed out. */
export function signOutHere(): void {
  endHere();
}

/**
 * Signs this tab in: a key in the address's fragment (from the printed address) is taken out of the address at once
 * and traded for a session secret, once; otherwise the tab's stored session is used. Null when neither is there.
 */
async function signIn(): Promise<{ session: string | null; refused: boolean }> {
  const stored = (): string | null => {
    try {
      return sessionStorage.getItem(SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  };
  const match = /^#login=([A-Za-z0-9_-]{20,200})/.exec(window.location.hash);
  if (!match) return { session: stored(), refused: false };
  window.history.replaceState(null, '', `${window.location.pathname}#/`);
  try {
    const response = await fetch('/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: match[1] }),
      cache: 'no-store',
    });
    const result = (await response.json()) as Result<{ session: string }>;
    if (result.ok) {
      sessionStorage.setItem(SESSION_STORAGE_KEY, result.value.session);
      return { session: result.value.session, refused: false };
    }
  } catch {
    // treated as refused below
  }
  return { session: stored(), refused: true };
}

/**
 * Whether the page is going away (closed, reloaded, hidden): only then is a request sent `keepalive`, so a draft saved
 * as the page closes still arrives. Not always: the Fetch standard caps the keepalive bodies in flight at 64 KiB
 * together, and past it a fetch fails at once — two large drafts saved close together while the page stays would
 * fail as "lost contact".
 */
function leavingWatch(): () => boolean {
  let until = 0;
  // a "leave this page?" that the person cancels: the page stays, and after a moment requests are ordinary again
  const leaving = (): void => void (until = performance.now() + 1_000);
  window.addEventListener('beforeunload', leaving, true);
  window.addEventListener('pagehide', leaving, true);
  return () => document.visibilityState === 'hidden' || performance.now() < until;
}

function webBridge(): ShopdeskBridge {
  const signedIn = signIn();
  const isLeaving = leavingWatch();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let streaming = false;
  const deliver = (data: string): void => {
    try {
      const { event, payload } = JSON.parse(data) as { event: string; payload: unknown };
      for (const listener of listeners.get(event) ?? []) listener(payload);
    } catch {
      // a broken event is dropped, never thrown into the page
    }
  };
  /**
   * The event stream, read with fetch so the session goes in a header (EventSource cannot send one). Events sent
   * while the stream was down are lost: after a reconnect, state is read again.
   */
  const stream = async (): Promise<void> => {
    const { session } = await signedIn;
    if (!session) return;
    let opened = 0;
    for (let failures = 0; ; failures++) {
      try {
        const response = await fetch('/events', { headers: { [SESSION_HEADER]: session }, cache: 'no-store' });
        if (response.status === 401) return;
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
        opened += 1;
        failures = 0;
        if (opened > 1) for (const listener of reconnectListeners) listener();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) deliver(data);
          }
        }
      } catch {
        // dropped: try again shortly
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * 2 ** failures, 5_000)));
    }
  };
  return {
    async invoke(channel, request) {
      const { session, refused } = await signedIn;
      if (ended) return signedOut('session_ended');
      if (!session) return signedOut(refused ? 'login_key_refused' : 'no_session');
      try {
        const body = JSON.stringify(request ?? {});
        const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SESSION_HEADER]: session },
          body,
          cache: 'no-store',
          // a draft saved while the page closes still arrives (browsers cap keep-alive bodies at 64 KiB)
          keepalive: body.length < 60_000 && isLeaving(),
        });
        const result = (await response.json()) as Result<never>;
        // the host no longer knows this tab's session: it was ended (here, from another tab, or unused too long)
        if (!result.ok && result.error.code === 'signed_out' && response.status === 401) {
          endHere();
          return signedOut('session_ended');
        }
        return result;
      } catch {
        return {
          ok: false,
          error: {
            code: 'internal',
            // for the log; the screen words it from the fact (renderer/src/errors.ts)
            // eslint-disable-next-line shopdesk/no-literal-text
            message: 'Shopdesk lost contact with its own background process. Reload the page.',
            facts: { reason: 'lost_contact' },
          },
        };
      }
    },
    on(event, listener) {
      if (!streaming) {
        streaming = true;
        void stream();
      }
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const fn = listener as (payload: unknown) => void;
      set.add(fn);
      return () => set.delete(fn);
    },
  };
}

const reconnectListeners = new Set<() => void>();

const bridge: ShopdeskBridge = window.shopdesk ?? webBridge();

/** Called when the browser host's event stream comes back after a drop (never in Electron, whose IPC does not drop). */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

export async function call<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = await bridge.invoke(channel, request);
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}

export function subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return bridge.on(event, listener);
}
