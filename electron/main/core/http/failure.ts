/**
 * The client's error taxonomy: what a failed request becomes (ApiFailure, a code with its facts), and whether it may
 * have reached the service — from an error answer's status (401, 404, 422 with its fields, 429 with Retry-After…) or
 * from what the transport threw (refused, name not found, TLS, a proxy in the way, a certificate changed, a deadline).
 */
import { errors as undiciErrors } from 'undici';
import { AppFailure, type ErrorCode } from '../../../../shared/errors';
import { LIMITS } from '../limits';
import { redact } from '../redact';
import { PIN_MISMATCH, UNTRUSTED_CERTIFICATE_CODES } from './certificates';
import { withoutLogin, type ProxyRoute } from './proxy';

export class ApiFailure extends AppFailure {
  constructor(
    code: ErrorCode,
    message: string,
    readonly detail: {
      status?: number;
      /** False only when the request certainly never reached the server (refused, DNS, TLS). */
      maybeDelivered: boolean;
      retryAfterMs?: number;
      /** With 'unreachable': why, as a code the screen can word (issue #18); `proxy*`: the proxy in the way (#26). */
      network?:
        | 'refused'
        | 'host_not_found'
        | 'tls'
        | 'network'
        | 'lost'
        | 'proxy'
        | 'proxy_auth'
        /** #26.5: the origin's certificate trusted by hand, and another one presented. */
        | 'certificate_changed';
      excerpt?: string;
      fields?: Record<string, string[]>;
      /** More facts for the screen to word (issue #18): a reason code, a host, the service's own message. */
      facts?: Record<string, string | number | null>;
    },
  ) {
    super(code, message, detail.fields, {
      ...(detail.status !== undefined ? { status: detail.status } : {}),
      ...(detail.network ? { network: detail.network } : {}),
      ...(detail.retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(detail.retryAfterMs / 1000) } : {}),
      ...detail.facts,
    });
    this.name = 'ApiFailure';
  }
}

const NOT_DELIVERED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const TLS_ERRORS = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/;

/** An error answer (any status outside 2xx) as its failure, with the service's own message as a fact. */
export function statusFailure(
  status: number,
  body: unknown,
  retryAfter: unknown,
  excerpt: string,
  token: string,
): ApiFailure {
  const serverMessage =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? redact((body as { message: string }).message, [token], 300)
      : null;
  const base = { status, maybeDelivered: true, excerpt, facts: { serviceMessage: serverMessage } };
  if (status === 401) return new ApiFailure('unauthorized', 'The service did not accept the API token.', base);
  if (status === 403) return new ApiFailure('forbidden', 'The API token is not allowed to do this.', base);
  if (status === 404)
    return new ApiFailure('not_found', serverMessage ?? 'The service does not know this record.', base);
  if (status === 410) return new ApiFailure('gone', serverMessage ?? 'The service says this record was removed.', base);
  if (status === 422) {
    return new ApiFailure('validation', serverMessage ?? 'The service rejected the data.', {
      ...base,
      fields: fieldErrors(body, token),
    });
  }
  if (status === 429) {
    return new ApiFailure('rate_limited', 'The service asks Shopdesk to slow down.', {
      ...base,
      maybeDelivered: false,
      retryAfterMs: parseRetryAfter(retryAfter),
    });
  }
  if (status >= 500) return new ApiFailure('server_error', `The service had an internal error (${status}).`, base);
  return new ApiFailure(
    'bad_response',
    serverMessage ? `The service answered ${status}: ${serverMessage}` : `The service answered ${status}.`,
    base,
  );
}

function fieldErrors(body: unknown, token: string): Record<string, string[]> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    const messages = list.filter((m): m is string => typeof m === 'string').map((m) => redact(m, [token], 500));
    if (messages.length > 0)
      Object.defineProperty(out, key, { value: messages, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Retry-After as seconds or an HTTP date; capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const trimmed = text.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, LIMITS.maxRetryAfterMs);
}

/**
 * What the transport threw, as a failure: `duringBody` when the answer had begun (so the request reached the service),
 * `route` and `pinned` as the request went out (a proxy's refusal, a certificate trusted by hand that changed).
 */
export function toFailure(
  error: unknown,
  signal: AbortSignal,
  duringBody = false,
  route: ProxyRoute | null = null,
  pinned = false,
): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const err = error as { code?: string; name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (!duringBody && route?.kind === 'proxy' && !signal.aborted) {
    // the proxy answered the tunnel request with an error of its own (407: it asks for a login), or could not be reached
    const proxy = withoutLogin(route.proxy);
    const said = /Proxy response \((\d{3})\)/.exec(`${err.message ?? ''} ${err.cause?.message ?? ''}`);
    const status = said ? Number(said[1]) : null;
    if (status !== null || (NOT_DELIVERED.has(code) && !TLS_ERRORS.test(code))) {
      const network = status === 407 ? 'proxy_auth' : 'proxy';
      return new ApiFailure(
        'unreachable',
        status === 407
          ? `The proxy ${proxy} asks for a login.`
          : `The service could not be reached through the proxy ${proxy}${status ? ` (it answered ${status})` : ''}.`,
        {
          maybeDelivered: false,
          network,
          ...(status ? { status } : {}),
          facts: { proxy, proxySource: route.source },
        },
      );
    }
  }
  if (
    signal.aborted ||
    err.name === 'AbortError' ||
    err.name === 'TimeoutError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new ApiFailure('timeout', 'The service did not answer in time.', { maybeDelivered: true });
  }
  if (!duringBody && pinned && (code === PIN_MISMATCH || UNTRUSTED_CERTIFICATE_CODES.has(code))) {
    // the certificate trusted by hand for this address is the only one accepted, and the service presented another
    return new ApiFailure(
      'unreachable',
      'The service could not be reached: its certificate changed, it is not the one trusted for this address.',
      { maybeDelivered: false, network: 'certificate_changed', facts: { tlsCode: code } },
    );
  }
  if (!duringBody && (NOT_DELIVERED.has(code) || TLS_ERRORS.test(code))) {
    const network =
      code === 'ECONNREFUSED'
        ? 'refused'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'host_not_found'
          : TLS_ERRORS.test(code)
            ? 'tls'
            : 'network';
    const why = {
      refused: 'the connection was refused',
      host_not_found: 'the host name was not found',
      tls: 'its security certificate was not accepted',
      network: 'the network could not reach it',
    }[network];
    return new ApiFailure('unreachable', `The service could not be reached: ${why}.`, {
      maybeDelivered: false,
      network,
      ...(network === 'tls' ? { facts: { tlsCode: code } } : {}),
    });
  }
  return new ApiFailure('unreachable', 'The connection to the service was lost.', {
    maybeDelivered: true,
    network: 'lost',
  });
}
