/**
 * How requests reach the service on a shop's network (#26.4, #26.5): through the proxy the computer is set to use, and
 * trusting the roots installed in the operating system as well as Node's own list — so a company proxy (set by PAC
 * file, WPAD, the OS or environment variables, with or without a login) and TLS inspection with the company's root
 * work without ever turning certificate checks off.
 *
 * - **Proxy**, per Settings → Connection: `system` (the default) asks the desktop shell's resolver where it has one
 *   (Electron's session.resolveProxy: the OS settings, PAC and WPAD, as Chromium applies them), else the environment
 *   (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, upper or lower case); `manual` uses the address staff typed (its login
 *   kept with the token's protection); `none` connects directly. This computer (loopback) is never reached through a
 *   proxy. Each request's route is decided once and that decision is both used and reported (the connection test says
 *   which proxy it used).
 * - **Certificates**: Node's bundled roots, `NODE_EXTRA_CA_CERTS`, and the OS store (`tls.getCACertificates('system')`:
 *   the Windows store, the macOS keychain, OpenSSL's store on Linux — `SSL_CERT_FILE`/`SSL_CERT_DIR`), on every
 *   connection, direct or tunnelled.
 * - **A certificate trusted by hand** (#26.5): for an origin whose self-signed (or unknown-issuer) certificate staff
 *   confirmed in Settings, connections to that origin — direct or tunnelled — trust exactly that leaf and nothing else:
 *   its PEM is the only root, and the host name, its dates and the SHA-256 of its DER are checked on every handshake.
 *   Every other origin keeps normal verification. Nothing ever turns verification off; the one handshake made with
 *   `rejectUnauthorized: false` is the connection test's look at what a refused service presents, which sends nothing
 *   and is closed at once.
 */
import { X509Certificate } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import type { CertificateFacts, TrustedCertificate } from '../../../../shared/contract';

/** Where the proxy setting comes from. */
export const PROXY_MODES = ['system', 'manual', 'none'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

/** How one request goes out: directly, or through a proxy (its address without any login, and where it came from). */
export type ProxyRoute =
  | { kind: 'direct'; source: 'none' | 'system' | 'loopback' }
  | { kind: 'proxy'; proxy: string; source: 'system' | 'environment' | 'manual' };

/** The desktop shell's proxy lookup for a URL, in PAC form ("PROXY host:port; DIRECT"). */
export type ProxyResolver = (url: string) => Promise<string>;

export interface ProxyLogin {
  username: string;
  password: string;
}

/** A certificate trusted for one origin, with its PEM (public: the certificate, never a key). */
export interface CertificatePin extends TrustedCertificate {
  pem: string;
}

/** TLS codes that mean "no store trusts whoever issued this" (self-signed, unknown issuer): trusting it is offered. */
export const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
]);

/** The code of a handshake refused because the certificate is not the one trusted for the origin. */
export const PIN_MISMATCH = 'CERT_PIN_MISMATCH';

const certError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

/**
 * The TLS options of connections to a pinned origin: the trusted leaf is the only root (as an anchor even when it is
 * not self-signed), and the handshake is refused unless the host name matches, today is within its dates, and the
 * SHA-256 of the certificate presented is the one trusted.
 */
export function pinnedTls(
  pin: Pick<CertificatePin, 'pem' | 'sha256'>,
  now: () => number = Date.now,
): tls.ConnectionOptions {
  return {
    ca: [pin.pem],
    allowPartialTrustChain: true,
    checkServerIdentity: (host, cert) => {
      const wrongName = tls.checkServerIdentity(host, cert);
      if (wrongName) return wrongName;
      if (cert.fingerprint256 !== pin.sha256)
        return certError(PIN_MISMATCH, 'The certificate is not the one trusted for this address.');
      const at = now();
      if (at < Date.parse(cert.valid_from)) return certError('CERT_NOT_YET_VALID', 'certificate is not yet valid');
      if (at > Date.parse(cert.valid_to)) return certError('CERT_HAS_EXPIRED', 'certificate has expired');
      return undefined;
    },
  };
}

/** The facts of a certificate presented for `origin` at `host`, for staff to judge (#26.5). */
export function certificateFacts(
  origin: string,
  host: string,
  x509: X509Certificate,
  peer: tls.PeerCertificate | null,
  now = Date.now(),
): CertificateFacts {
  const field = (dn: string, name: string): string | null => {
    const line = dn.split('\n').find((l) => l.startsWith(`${name}=`));
    return line ? line.slice(name.length + 1) : null;
  };
  const names = (x509.subjectAltName ?? '')
    .split(/,\s*/)
    .map((n) => n.replace(/^(DNS|IP Address):/, '').trim())
    .filter(Boolean)
    .slice(0, 100);
  const validFrom = Date.parse(x509.validFrom);
  const validTo = Date.parse(x509.validTo);
  const bare = host.replace(/^\[|\]$/g, '');
  let nameMatches: boolean;
  if (peer) nameMatches = tls.checkServerIdentity(bare, peer) === undefined;
  else nameMatches = (net.isIP(bare) ? x509.checkIP(bare) : x509.checkHost(bare)) !== undefined;
  let selfSigned: boolean;
  try {
    selfSigned = x509.checkIssued(x509) && x509.verify(x509.publicKey);
  } catch {
    selfSigned = false;
  }
  return {
    origin,
    subject: (field(x509.subject, 'CN') ?? '').slice(0, 500),
    names: names.map((n) => n.slice(0, 300)),
    issuer: (field(x509.issuer, 'CN') ?? field(x509.issuer, 'O') ?? x509.issuer.replace(/\n/g, ', ')).slice(0, 500),
    validFrom,
    validTo,
    sha256: x509.fingerprint256,
    selfSigned,
    nameMatches,
    current: now >= validFrom && now <= validTo,
  };
}

export interface NetworkSettings {
  mode: ProxyMode;
  /** The manual proxy's address (`http://host:port` or `https://host:port`). */
  url: string | null;
}

let roots: string[] | null = null;

/** Node's roots with NODE_EXTRA_CA_CERTS, and the operating system's (read once: the OS store is asked at start). */
export function trustedRoots(): string[] {
  if (roots) return roots;
  const read = (kind: 'default' | 'system'): string[] => {
    try {
      return typeof tls.getCACertificates === 'function' ? tls.getCACertificates(kind) : [...tls.rootCertificates];
    } catch {
      return []; // an OS store that cannot be read leaves Node's own list
    }
  };
  roots = [...new Set([...read('default'), ...read('system')])];
  return roots;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * Whether `host` (and `port`) is excluded by a NO_PROXY list, as curl reads one: `*`; a name, which covers its
 * subdomains (`example.com`, `.example.com`, `*.example.com`); an address; any of them with `:port`.
 */
export function noProxyMatches(noProxy: string, host: string, port: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    // host:port (an IPv6 address has colons of its own: then no port)
    const colons = entry.split(':').length - 1;
    const [pattern, entryPort] = colons === 1 ? (entry.split(':') as [string, string]) : [entry, ''];
    if (entryPort && entryPort !== port) continue;
    const bare = pattern.replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
    if (name === bare || name.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** The environment's proxy for a URL (null: directly). */
export function environmentProxy(url: URL, env: NodeJS.ProcessEnv = process.env): string | null {
  const pick = (name: string): string | undefined => env[name.toLowerCase()] ?? env[name.toUpperCase()];
  const noProxy = pick('no_proxy');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (noProxy && noProxyMatches(noProxy, url.hostname, port)) return null;
  const proxy = url.protocol === 'https:' ? (pick('https_proxy') ?? pick('http_proxy')) : pick('http_proxy');
  return proxy && proxy.trim() ? proxy.trim() : null;
}

/**
 * The first usable entry of a PAC answer: `PROXY h:p` → `http://h:p`, `HTTPS h:p` → `https://h:p`, `DIRECT` → null.
 * SOCKS entries are skipped (not supported); an answer with nothing usable is direct.
 */
export function pacProxy(answer: string): string | null {
  for (const part of answer.split(';')) {
    const [kind, where] = part.trim().split(/\s+/);
    const k = (kind ?? '').toUpperCase();
    if (k === 'DIRECT') return null;
    if ((k === 'PROXY' || k === 'HTTPS') && where) return `${k === 'HTTPS' ? 'https' : 'http'}://${where}`;
  }
  return null;
}

/** A proxy address without any login in it, for showing and logging. */
export function withoutLogin(proxy: string): string {
  try {
    const u = new URL(proxy);
    return `${u.protocol}//${u.host}`;
  } catch {
    return proxy.replace(/\/\/[^@/]*@/, '//');
  }
}

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

/** What a service presented when the connection test looked (#26.5): its facts and PEM, kept to trust it. */
export interface PresentedCertificate {
  facts: CertificateFacts;
  pem: string;
}

/** Chooses each request's route and keeps one dispatcher per route (keep-alive connections are reused). */
export class NetworkRoutes {
  private readonly dispatchers = new Map<string, Dispatcher>();
  /** The certificate each origin presented when last looked at (the connection test), to trust it by. */
  private readonly presented = new Map<string, PresentedCertificate>();

  constructor(private readonly options: NetworkRoutesOptions) {}

  /** The route a request to `url` takes now. */
  async route(url: URL): Promise<ProxyRoute> {
    if (LOOPBACK.test(url.hostname)) return { kind: 'direct', source: 'loopback' };
    const { mode, url: manual } = this.options.settings();
    if (mode === 'none') return { kind: 'direct', source: 'none' };
    if (mode === 'manual' && manual) return { kind: 'proxy', proxy: manual, source: 'manual' };
    if (this.options.resolver) {
      let answer: string;
      try {
        answer = await this.options.resolver(url.href);
      } catch {
        // no answer from the shell: as the environment says
        const env = environmentProxy(url, this.options.env);
        return env ? { kind: 'proxy', proxy: env, source: 'environment' } : { kind: 'direct', source: 'system' };
      }
      const proxy = pacProxy(answer);
      return proxy ? { kind: 'proxy', proxy, source: 'system' } : { kind: 'direct', source: 'system' };
    }
    const env = environmentProxy(url, this.options.env);
    return env ? { kind: 'proxy', proxy: env, source: 'environment' } : { kind: 'direct', source: 'system' };
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

  /** The proxy's address without a login, and the Proxy-Authorization it is sent (the kept login or the URL's). */
  private async proxyAuth(route: Extract<ProxyRoute, { kind: 'proxy' }>): Promise<{ uri: string; token?: string }> {
    const login = route.source === 'manual' ? ((await this.options.login?.()) ?? null) : null;
    const proxyUrl = new URL(route.proxy);
    const user = login?.username ?? decodeURIComponent(proxyUrl.username);
    const pass = login?.password ?? decodeURIComponent(proxyUrl.password);
    proxyUrl.username = '';
    proxyUrl.password = '';
    const token = user ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : undefined;
    return { uri: proxyUrl.href, ...(token ? { token } : {}) };
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
      tunnel = await this.tunnel(route, `${url.hostname}:${port}`, timeoutMs);
      if (!tunnel) return null;
    }
    const peer = await new Promise<tls.PeerCertificate | null>((resolve) => {
      const socket = tls.connect({
        ...(tunnel ? { socket: tunnel } : { host, port }),
        ...(net.isIP(host) ? {} : { servername: host }),
        rejectUnauthorized: false,
      });
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(null);
      }, timeoutMs);
      socket.once('secureConnect', () => {
        clearTimeout(timer);
        const cert = socket.getPeerCertificate(false);
        socket.destroy();
        resolve(cert && Buffer.isBuffer(cert.raw) ? cert : null);
      });
      socket.once('error', () => {
        clearTimeout(timer);
        socket.destroy();
        resolve(null);
      });
    });
    if (!peer) return null;
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(peer.raw);
    } catch {
      return null;
    }
    const facts = certificateFacts(url.origin, host, x509, peer);
    this.presented.set(url.origin, { facts, pem: x509.toString() });
    return facts;
  }

  /** A CONNECT tunnel to `authority` through the route's proxy (null: the proxy would not open one). */
  private async tunnel(
    route: Extract<ProxyRoute, { kind: 'proxy' }>,
    authority: string,
    timeoutMs: number,
  ): Promise<net.Socket | null> {
    const { uri, token } = await this.proxyAuth(route);
    const proxy = new URL(uri);
    const secure = proxy.protocol === 'https:';
    return new Promise((resolve) => {
      const req = (secure ? https : http).request({
        host: proxy.hostname.replace(/^\[|\]$/g, ''),
        port: Number(proxy.port || (secure ? 443 : 80)),
        method: 'CONNECT',
        path: authority,
        headers: { host: authority, ...(token ? { 'proxy-authorization': token } : {}) },
        timeout: timeoutMs,
        agent: false,
        ...(secure ? { ca: trustedRoots() } : {}),
      });
      req.once('connect', (res, socket) => {
        if (res.statusCode === 200) resolve(socket);
        else {
          socket.destroy();
          resolve(null);
        }
      });
      req.once('timeout', () => req.destroy());
      req.once('error', () => resolve(null));
      req.once('close', () => resolve(null));
      req.end();
    });
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
