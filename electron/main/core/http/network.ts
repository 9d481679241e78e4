/**
 * How requests reach the service on a shop's network (#26.4, #26.5): through the proxy the computer is set to use
 * (proxy.ts chooses the route), trusting the roots installed in the operating system as well as Node's own list, or
 * only the certificate staff trusted by hand for an origin (certificates.ts) — so a company proxy (set by PAC file,
 * WPAD, the OS or environment variables, with or without a login) and TLS inspection with the company's root work
 * without ever turning certificate checks off. This file owns the connections: one dispatcher per route, proxy login
 * and trusted certificate, reused (keep-alive) and replaced when a login or a trusted certificate changes. Each
 * request's route is decided once and that decision is both used and reported (the connection test says which proxy
 * it used).
 */
import type net from 'node:net';
import type tls from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import type { CertificateFacts } from '../../../../shared/contract';
import {
  lookAtCertificate,
  pinnedTls,
  trustedRoots,
  type CertificatePin,
  type PresentedCertificate,
} from './certificates';
import {
  chooseRoute,
  openTunnel,
  proxyTarget,
  type NetworkSettings,
  type ProxyLogin,
  type ProxyResolver,
  type ProxyRoute,
  type ProxyTarget,
} from './proxy';

export interface NetworkRoutesOptions {
  settings: () => NetworkSettings;
  /** The manual proxy's login, when one is kept. */
  login?: () => Promise<ProxyLogin | null>;
  /** The desktop shell's lookup (system settings, PAC, WPAD); absent under Node and in the browser host. */
  resolver?: ProxyResolver | null;
  env?: NodeJS.ProcessEnv;
  /** Agent options for every connection (limits, timeouts). */
  agent: Agent.Options;
  /** Certificates trusted by hand, per origin (#26.5). */
  pins?: () => CertificatePin[];
}

/** Chooses each request's route and keeps one dispatcher per route (keep-alive connections are reused). */
export class NetworkRoutes {
  private readonly dispatchers = new Map<string, Dispatcher>();
  /** The certificate each origin presented when last looked at (the connection test), to trust it by. */
  private readonly presented = new Map<string, PresentedCertificate>();

  constructor(private readonly options: NetworkRoutesOptions) {}

  /** The route a request to `url` takes now. */
  route(url: URL): Promise<ProxyRoute> {
    return chooseRoute(url, this.options);
  }

  /** The certificate trusted by hand for `origin` (null: normal verification). */
  pinFor(origin: string): CertificatePin | null {
    return this.options.pins?.().find((p) => p.origin === origin) ?? null;
  }

  /** The dispatcher for a route to `origin` (made once per proxy, login and certificate trusted by hand). */
  async dispatcher(route: ProxyRoute, origin?: string): Promise<Dispatcher> {
    const pin = origin ? this.pinFor(origin) : null;
    const ca = trustedRoots();
    // a pinned origin trusts its certificate only; every other origin the roots
    const target: tls.ConnectionOptions = pin ? pinnedTls(pin) : { ca };
    const pinKey = pin ? `pin:${pin.origin} ${pin.sha256}` : 'pin:-';
    if (route.kind === 'direct')
      return this.keep(`direct ${pinKey}`, () => new Agent({ ...this.options.agent, connect: { ...target } }));
    const { uri, token } = await this.proxyAuth(route);
    const key = `proxy ${uri} login:${token ?? ''} ${pinKey}`;
    return this.keep(key, () => {
      for (const [k, old] of this.dispatchers) {
        // a login changed: the old tunnel's agents go
        if (k.startsWith(`proxy ${uri} `) && !k.startsWith(`proxy ${uri} login:${token ?? ''} `)) {
          this.dispatchers.delete(k);
          void old.close().catch(() => undefined);
        }
      }
      return new ProxyAgent({
        ...this.options.agent,
        uri,
        token,
        requestTls: { ...target },
        proxyTls: { ca },
      });
    });
  }

  /** Certificates trusted by hand changed: connections made under the old ones go. */
  pinsChanged(): void {
    for (const [k, old] of this.dispatchers) {
      if (k.endsWith('pin:-')) continue;
      this.dispatchers.delete(k);
      void old.close().catch(() => undefined);
    }
  }

  /** The proxy of `route` as reached: the kept login for a manual proxy, else the one in its address. */
  private async proxyAuth(route: Extract<ProxyRoute, { kind: 'proxy' }>): Promise<ProxyTarget> {
    const login = route.source === 'manual' ? ((await this.options.login?.()) ?? null) : null;
    return proxyTarget(route, login);
  }

  /** The certificate `origin` last presented to the connection test (null: not looked at this run). */
  lastPresented(origin: string): PresentedCertificate | null {
    return this.presented.get(origin) ?? null;
  }

  /**
   * Looks at the certificate the service at `url` presents, by the same route as its requests (#26.5): one handshake
   * that accepts whatever comes, sends nothing and is closed at once — only to show staff the facts of a certificate
   * the real connection refused. Null when nothing could be read.
   */
  async presentedCertificate(url: URL, timeoutMs = 10_000): Promise<CertificateFacts | null> {
    if (url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port || 443);
    const route = await this.route(url);
    let tunnel: net.Socket | null = null;
    if (route.kind === 'proxy') {
      tunnel = await openTunnel(await this.proxyAuth(route), `${url.hostname}:${port}`, timeoutMs);
      if (!tunnel) return null;
    }
    const seen = await lookAtCertificate(url.origin, host, tunnel ? { socket: tunnel } : { port }, timeoutMs);
    if (!seen) return null;
    this.presented.set(url.origin, seen);
    return seen.facts;
  }

  private keep(key: string, make: () => Dispatcher): Dispatcher {
    let d = this.dispatchers.get(key);
    if (!d) {
      d = make();
      this.dispatchers.set(key, d);
    }
    return d;
  }

  async close(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((d) => d.close().catch(() => undefined)));
    this.dispatchers.clear();
  }

  async destroy(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((d) => d.destroy().catch(() => undefined)));
    this.dispatchers.clear();
  }
}
