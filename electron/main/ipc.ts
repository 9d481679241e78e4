/** Binds every contract channel to ipcMain.handle, once; checks the sender frame before the core sees anything. */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNELS, type EventName } from '../../shared/contract';
import type { Result } from '../../shared/errors';
import type { Dispatch } from './core/dispatch';
import type { CoreEvents } from './core/events';
import type { FrameLike } from './window-options';

export function bindIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  dispatch: Dispatch,
  trusted: (frame: FrameLike | null) => boolean,
): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, payload: unknown): Promise<Result<unknown>> => {
      if (!trusted(event.senderFrame as FrameLike | null)) {
        return {
          ok: false,
          // for the log: a frame that is not Shopdesk's own window gets no words of ours
          // eslint-disable-next-line shopdesk/no-literal-text
          error: { code: 'forbidden_sender', message: 'This request did not come from Shopdesk’s own window.' },
        };
      }
      return dispatch(channel, payload);
    });
  }
}

/** Forwards core push events to the window. */
export function forwardEvents(events: CoreEvents, target: () => WebContents | null): () => void {
  return events.onAny((event: EventName, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(event, payload);
  });
}
