/** "Test connection": one product page, judged in plain words. */
import type { ConnectionVerdict } from '../../../../shared/contract';
import { checkBaseUrl } from '../../../../shared/url';
import { LIMITS } from '../limits';
import { ApiFailure, type ServiceHttp } from '../http/client';
import { UNTRUSTED_CERTIFICATE_CODES } from '../http/certificates';
import { withoutLogin } from '../http/proxy';
import { toCount } from '../http/fields';

export async function probeService(
  http: ServiceHttp,
  baseUrl: string,
  token: string | null,
): Promise<ConnectionVerdict> {
  const verdict = await probe(http, baseUrl, token);
  // how the request went out: directly, or through which proxy (never its login)
  const url = checkBaseUrl(baseUrl);
  const route = url.ok ? http.routeTo(new URL(url.url).origin) : null;
  if (!route) return verdict;
  return {
    ...verdict,
    route: { proxy: route.kind === 'proxy' ? withoutLogin(route.proxy) : null, source: route.source },
  };
}

async function probe(http: ServiceHttp, baseUrl: string, token: string | null): Promise<ConnectionVerdict> {
  const none = { productCount: null, serviceVersion: null, latencyMs: null };
  const url = checkBaseUrl(baseUrl);
  if (!url.ok)
    return {
      verdict: url.code,
      why: { reason: 'url', problem: url.reason, ...(url.scheme ? { scheme: url.scheme } : {}) },
      ...none,
    };
  if (!token)
    return {
      verdict: 'no_token',
      why: { reason: 'no_token' },
      ...none,
    };
  const started = performance.now();
  try {
    const { body } = await http.json({ baseUrl: url.url, token }, '/api/product?page=1', {
      deadlineMs: LIMITS.testDeadlineMs,
    });
    const latencyMs = Math.round(performance.now() - started);
    if (!body || typeof body !== 'object' || !Array.isArray((body as { data?: unknown }).data)) {
      return {
        verdict: 'not_service',
        why: { reason: 'not_service' },
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
      why: total === null ? { reason: 'connected_no_total' } : { reason: 'connected', products: count },
      productCount: total,
      serviceVersion: version,
      latencyMs,
    };
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    const host = new URL(url.url).host;
    switch (error.code) {
      case 'unauthorized':
        return {
          verdict: 'wrong_token',
          why: { reason: 'wrong_token' },
          ...none,
        };
      case 'forbidden':
        return {
          verdict: 'forbidden',
          why: { reason: 'forbidden' },
          ...none,
        };
      case 'unreachable': {
        const tlsCode = typeof error.facts?.tlsCode === 'string' ? error.facts.tlsCode : '';
        const changed = error.detail.network === 'certificate_changed';
        if (changed || (error.detail.network === 'tls' && UNTRUSTED_CERTIFICATE_CODES.has(tlsCode))) {
          // what the service presented, for staff to judge (and trust, when it is for this host and in date)
          const origin = new URL(url.url).origin;
          const certificate = await http.routes.presentedCertificate(new URL(url.url)).catch(() => null);
          const trusted = http.routes.pinFor(origin);
          return {
            verdict: 'unreachable',
            why: {
              reason: changed ? 'certificate_changed' : 'untrusted_certificate',
              host,
              ...(certificate ? { certificate } : {}),
              ...(changed && trusted ? { trustedSha256: trusted.sha256 } : {}),
            },
            ...none,
          };
        }
        return {
          verdict: 'unreachable',
          why: {
            reason: error.detail.network ?? 'network',
            host,
            ...(typeof error.facts?.proxy === 'string' ? { proxy: error.facts.proxy } : {}),
            ...(error.detail.status ? { status: error.detail.status } : {}),
          },
          ...none,
        };
      }
      case 'timeout':
        return {
          verdict: 'timeout',
          why: { reason: 'timeout', host, seconds: LIMITS.testDeadlineMs / 1000 },
          ...none,
        };
      case 'server_error':
        return {
          verdict: 'server_error',
          why: { reason: 'server_error', host, ...(error.detail.status ? { status: error.detail.status } : {}) },
          ...none,
        };
      case 'rate_limited':
        return {
          verdict: 'server_error',
          why: { reason: 'busy' },
          ...none,
        };
      default:
        return {
          verdict: 'not_service',
          why: { reason: 'not_service_error' },
          ...none,
        };
    }
  }
}
