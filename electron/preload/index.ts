/**
 * The preload: window.shopdesk = { invoke, on } for contract channels only. Never a raw ipcRenderer.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL_NAMES } from '../../shared/channels';

const channels = new Set<string>(CHANNEL_NAMES);
const events = new Set<string>(EVENT_CHANNEL_NAMES);

const api = {
  invoke(channel: string, request: unknown): Promise<unknown> {
    if (!channels.has(channel))
      return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: 'Unknown request.' } });
    return ipcRenderer.invoke(channel, request);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!events.has(event)) return () => undefined;
    const wrapped = (_event: unknown, payload: unknown): void => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('shopdesk', Object.freeze(api));
