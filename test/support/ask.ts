/** Calls the core as the renderer would, typed by channel; throws with the error's words when the call fails. */
import type { Channel, RequestOf, ResponseOf } from '../../shared/contract';

interface Dispatching {
  dispatch(channel: unknown, payload: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
}

export async function ask<C extends Channel>(
  core: Dispatching,
  channel: C,
  request: RequestOf<C>,
): Promise<ResponseOf<C>> {
  const result = await core.dispatch(channel, request);
  if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
  return result.value as ResponseOf<C>;
}
