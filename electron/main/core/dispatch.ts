/**
 * The IPC boundary inside main: channel allow-list, payload validation, handler, and a Result — never a throw.
 * Both hosts (Electron ipcMain and the browser host's HTTP bridge) call this.
 */
import { contract, isChannel, type Handlers } from '../../../shared/contract';
import { AppFailure, type Result } from '../../../shared/errors';

export type Dispatch = (channel: unknown, payload: unknown) => Promise<Result<unknown>>;

export interface DispatchLog {
  error(message: string, detail?: unknown): void;
}

export function createDispatcher(handlers: Handlers, log: DispatchLog): Dispatch {
  return async (channel, payload) => {
    if (!isChannel(channel)) {
      return { ok: false, error: { code: 'unknown_channel', message: 'Unknown request.' } };
    }
    const parsed = contract[channel].request.safeParse(payload === undefined ? {} : payload);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues.slice(0, 20)) {
        const key = issue.path.map(String).join('.').slice(0, 200) || '(request)';
        if (!Object.prototype.hasOwnProperty.call(fields, key))
          Object.defineProperty(fields, key, { value: [], enumerable: true });
        fields[key]!.push(issue.message.slice(0, 200));
      }
      return { ok: false, error: { code: 'invalid_request', message: 'The request was not understood.', fields } };
    }
    try {
      const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof AppFailure) return { ok: false, error: error.toError() };
      log.error(`handler ${channel} failed`, error instanceof Error ? error.stack : String(error));
      return {
        ok: false,
        error: {
          code: 'internal',
          message: 'Something went wrong inside Shopdesk. Try again; if it keeps happening, restart the app.',
        },
      };
    }
  };
}
