/** "Test connection": one product page, judged in plain words. */
import type { ConnectionVerdict } from '../../../../shared/contract';
import { checkBaseUrl } from '../../../../shared/url';
import { LIMITS } from '../limits';
import { ApiFailure, type ServiceHttp } from './http';

export async function probeService(
  http: ServiceHttp,
  baseUrl: string,
  token: string | null,
): Promise<ConnectionVerdict> {
  const none = { productCount: null, serviceVersion: null, latencyMs: null };
  const url = checkBaseUrl(baseUrl);
  if (!url.ok) return { verdict: url.code, message: url.message, ...none };
  if (!token) return { verdict: 'no_token', message: 'Enter the API token for this service.', ...none };
  const started = performance.now();
  try {
    const { body } = await http.json({ baseUrl: url.url, token }, '/api/product?page=1', {
      deadlineMs: LIMITS.testDeadlineMs,
    });
    const latencyMs = Math.round(performance.now() - started);
    if (!body || typeof body !== 'object' || !Array.isArray((body as { data?: unknown }).data)) {
      return {
        verdict: 'not_service',
        message: 'Something answered at this address, but it is not an Order and Product service (no product list).',
        ...none,
        latencyMs,
      };
    }
    const page = body as { data: unknown[]; meta?: { total?: unknown }; version?: unknown };
    const total = toCount(page.meta?.total);
    const version = typeof page.version === 'string' ? page.version.slice(0, 40) : null;
    const count = total ?? page.data.length;
    return {
      verdict: 'connected',
      message:
        total === null
          ? 'Connected. The service did not say how many products it has.'
          : `Connected: ${count.toLocaleString('en')} products.`,
      productCount: total,
      serviceVersion: version,
      latencyMs,
    };
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    const host = new URL(url.url).host;
    switch (error.code) {
      case 'unauthorized':
        return { verdict: 'wrong_token', message: 'Wrong token: the service did not accept this API token.', ...none };
      case 'forbidden':
        return {
          verdict: 'forbidden',
          message: 'The token was accepted but is not allowed to read products.',
          ...none,
        };
      case 'unreachable':
        return {
          verdict: 'unreachable',
          message: `Address unreachable: ${host} — ${error.message.replace(/^The service could not be reached: /, '')}`,
          ...none,
        };
      case 'timeout':
        return {
          verdict: 'timeout',
          message: `${host} did not answer within ${LIMITS.testDeadlineMs / 1000} seconds.`,
          ...none,
        };
      case 'server_error':
        return {
          verdict: 'server_error',
          message: `The service at ${host} had an internal error (${error.detail.status}). Try again later.`,
          ...none,
        };
      case 'rate_limited':
        return {
          verdict: 'server_error',
          message: 'The service is busy and asked to wait. Try again in a moment.',
          ...none,
        };
      default:
        return {
          verdict: 'not_service',
          message: `Not an Order and Product service at this address: ${error.message}`,
          ...none,
        };
    }
  }
}

/** A non-negative whole number from a number or a numeric string; null otherwise. */
export function toCount(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}
