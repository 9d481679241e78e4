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

  constructor(error: AppError) {
    super(error.message);
    this.code = error.code;
    this.fields = error.fields;
  }
}

function webBridge(): ShopdeskBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;
  let opened = 0;
  const connect = (): void => {
    if (source) return;
    source = new EventSource('/events');
    // Events sent while the stream was down are lost: after a reconnect, state is read again.
    source.onopen = () => {
      opened += 1;
      if (opened > 1) for (const listener of reconnectListeners) listener();
    };
    source.onmessage = (message) => {
      try {
        const { event, payload } = JSON.parse(String(message.data)) as { event: string; payload: unknown };
        for (const listener of listeners.get(event) ?? []) listener(payload);
      } catch {
        // a broken event is dropped, never thrown into the page
      }
    };
  };
  return {
    async invoke(channel, request) {
      try {
        const body = JSON.stringify(request ?? {});
        const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          credentials: 'same-origin',
          // a draft saved while the page closes still arrives (browsers cap keep-alive bodies at 64 KiB)
          keepalive: body.length < 60_000,
        });
        return (await response.json()) as Result<never>;
      } catch {
        return {
          ok: false,
          error: {
            code: 'internal',
            message: 'Shopdesk lost contact with its own background process. Reload the page.',
          },
        };
      }
    },
    on(event, listener) {
      connect();
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
