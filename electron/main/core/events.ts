/** Typed push events from the core to whichever host is listening (Electron IPC or the browser host's SSE). */
import type { EventName, EventPayload } from '../../../shared/contract';

type AnyListener = (event: EventName, payload: unknown) => void;

export class CoreEvents {
  private listeners = new Set<AnyListener>();

  /** Listen to every event; the hosts forward all of them. Returns the unsubscribe function. */
  onAny(listener: AnyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.onAny((name, payload) => {
      if (name === event) listener(payload as EventPayload<E>);
    });
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(event, payload);
  }
}
