/**
 * Issue #26.4/#26.5: a company network. The reference service behind TLS with a certificate for `shop.test` signed by a
 * test root, reached only through a real local HTTP proxy (CONNECT, with and without a login) that knows where
 * `shop.test` is — this computer cannot resolve that name, so a request that skips the proxy fails. The test root is
 * trusted only through the operating system's store as the app reads it: the core runs in a process of its own started
 * with SSL_CERT_FILE naming the root (Node reads OpenSSL's system store from it on Linux; on Windows and macOS the
 * same call reads the system store and keychain). Nothing turns certificate checks off.
 *
 * #26.5: a second front presents a self-signed certificate for shop.test, localhost and 127.0.0.1 (made here with
 * openssl): refused until staff trust it for one origin, then accepted there only — directly and through the proxy —
 * and a second self-signed certificate at the same address is refused as a changed certificate.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentProxy, noProxyMatches, pacProxy, withoutLogin } from '../../../electron/main/core/http/proxy';
import { checkProxyUrl } from '../../../electron/main/core/settings/network';
import { startService, type RunningService } from '../../../server/index';

const haveOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let dir: string;
let svc: RunningService;
let front: tls.Server;
let frontPort: number;
/** The front with a self-signed certificate (#26.5), which can be switched to a second one. */
let selfFront: tls.Server;
let selfPort: number;
const selfSigned: Record<'a' | 'b', { key: Buffer; cert: Buffer; sha256: string }> = {} as never;
let proxy: http.Server;
let proxyPort: number;
/** Tunnels the proxy opened, and the logins it was sent. */
const tunnels: string[] = [];
let requireLogin = false;
const LOGIN = `Basic ${Buffer.from('till:s3cret-proxy-pass').toString('base64')}`;

beforeAll(async () => {
  if (!haveOpenssl) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-tls-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Shopdesk Test Root',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'shop.key', '-out', 'shop.csr', '-subj', '/CN=shop.test');
  fs.writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=DNS:shop.test\n');
  run(
    'x509',
    '-req',
    '-in',
    'shop.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-out',
    'shop.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
  fs.mkdirSync(path.join(dir, 'no-certs'));
  // two self-signed certificates for the same names, as a service's own and an impostor's (or a renewed one)
  for (const name of ['a', 'b'] as const) {
    run(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `self-${name}.key`,
      '-out',
      `self-${name}.pem`,
      '-days',
      '2',
      '-subj',
      '/CN=shop.test',
      '-addext',
      'subjectAltName=DNS:shop.test,DNS:localhost,IP:127.0.0.1',
    );
    const cert = fs.readFileSync(path.join(dir, `self-${name}.pem`));
    selfSigned[name] = {
      key: fs.readFileSync(path.join(dir, `self-${name}.key`)),
      cert,
      sha256: new X509Certificate(cert).fingerprint256,
    };
  }
  svc = await startService({ token: 'tok', products: 20, orders: 20, seed: 3 });
  // TLS in front of the reference service, as a shop's nginx would be
  front = tls.createServer(
    { key: fs.readFileSync(path.join(dir, 'shop.key')), cert: fs.readFileSync(path.join(dir, 'shop.pem')) },
    (socket) => {
      const upstream = net.connect(svc.port, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    },
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontPort = (front.address() as AddressInfo).port;
  selfFront = tls.createServer({ key: selfSigned.a.key, cert: selfSigned.a.cert }, (socket) => {
    const upstream = net.connect(svc.port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => selfFront.listen(0, '127.0.0.1', resolve));
  selfPort = (selfFront.address() as AddressInfo).port;
  // the company proxy: knows where shop.test is; asks for a login when told to
  proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req: http.IncomingMessage, socket: net.Socket) => {
    if (requireLogin && req.headers['proxy-authorization'] !== LOGIN) {
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="shop"\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    if (host !== 'shop.test' || (Number(port) !== frontPort && Number(port) !== selfPort)) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const upstream = net.connect(Number(port), '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(socket).pipe(upstream);
    });
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  if (!haveOpenssl) return;
  proxy.closeAllConnections?.();
  await new Promise((r) => proxy.close(r));
  await new Promise((r) => front.close(r));
  await new Promise((r) => selfFront.close(r));
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Line = { ok: boolean; value?: Record<string, unknown>; error?: Record<string, unknown> };

/** Runs the steps in a core of its own, with this environment; returns each step's result. */
function runCore(steps: unknown[], env: Record<string, string>, runDir?: string): Promise<Line[]> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(https?_proxy|no_proxy|ssl_cert_(file|dir)|node_extra_ca_certs)$/i.test(k),
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/network-run.ts', JSON.stringify(steps)], {
      env: { ...clean, ...env, ...(runDir ? { SHOPDESK_RUN_DIR: runDir } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the core exited ${code}: ${err.slice(-2000)}`));
      else
        resolve(
          out
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Line),
        );
    });
  });
}

const osStore = (): Record<string, string> => ({
  SSL_CERT_FILE: path.join(dir, 'root.pem'),
  SSL_CERT_DIR: path.join(dir, 'no-certs'),
});
const service = () => `https://shop.test:${frontPort}`;

describe.skipIf(!haveOpenssl)('a company network: proxy and TLS inspection (#26)', () => {
  it('through HTTPS_PROXY, with the shop’s root only in the OS store: connected, the order book read, the proxy named', async () => {
    tunnels.length = 0;
    requireLogin = false;
    const [saved, test, refresh] = await runCore(
      [{ do: 'save', baseUrl: service(), token: 'tok' }, { do: 'test' }, { do: 'refresh' }],
      { ...osStore(), HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` },
    );
    expect(saved?.ok).toBe(true);
    expect(test?.value).toMatchObject({
      verdict: 'connected',
      route: { proxy: `http://127.0.0.1:${proxyPort}`, source: 'environment' },
    });
    expect(refresh?.value).toMatchObject({ state: 'complete', cachedOrders: 20 });
    expect(tunnels.length).toBeGreaterThan(0);
    expect(tunnels.every((t) => t === `shop.test:${frontPort}`)).toBe(true);
  }, 60_000);

  it('a proxy that asks for a login: said so; with the login saved in Settings, connected (the password never shown)', async () => {
    tunnels.length = 0;
    requireLogin = true;
    try {
      const [, , asked, manual, connected, shown] = await runCore(
        [
          { do: 'save', baseUrl: service(), token: 'tok' },
          { do: 'network', mode: 'manual', url: `127.0.0.1:${proxyPort}` },
          { do: 'test' },
          {
            do: 'network',
            mode: 'manual',
            url: `http://127.0.0.1:${proxyPort}`,
            username: 'till',
            password: 's3cret-proxy-pass',
          },
          { do: 'test' },
          { do: 'network', mode: 'manual', url: `http://127.0.0.1:${proxyPort}` },
        ],
        osStore(),
      );
      expect(asked?.value).toMatchObject({
        verdict: 'unreachable',
        why: { reason: 'proxy_auth', proxy: `http://127.0.0.1:${proxyPort}` },
      });
      expect(manual?.value).toMatchObject({ mode: 'manual', username: 'till', passwordSet: true });
      expect(connected?.value).toMatchObject({
        verdict: 'connected',
        route: { proxy: `http://127.0.0.1:${proxyPort}`, source: 'manual' },
      });
      expect(JSON.stringify([manual, connected, shown])).not.toContain('s3cret-proxy-pass');
      expect(shown?.value).toMatchObject({ username: 'till', passwordSet: true });
    } finally {
      requireLogin = false;
    }
  }, 60_000);

  it('the proxy refusing, NO_PROXY, and a certificate no store trusts: each said plainly, no request unsafe', async () => {
    requireLogin = false;
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const [, refused] = await runCore([{ do: 'save', baseUrl: service(), token: 'tok' }, { do: 'test' }], {
      ...osStore(),
      HTTPS_PROXY: `http://127.0.0.1:${closed}`,
    });
    expect(refused?.value).toMatchObject({ verdict: 'unreachable', why: { reason: 'proxy' } });

    // NO_PROXY names the service: it is asked directly, and this computer cannot find shop.test
    const [, direct] = await runCore([{ do: 'save', baseUrl: service(), token: 'tok' }, { do: 'test' }], {
      ...osStore(),
      HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      NO_PROXY: 'localhost,.test',
    });
    expect(direct?.value).toMatchObject({ verdict: 'unreachable', why: { reason: 'host_not_found' } });

    // the OS store without the shop's root: the certificate is refused, never accepted
    const leaf = new X509Certificate(fs.readFileSync(path.join(dir, 'shop.pem'))).fingerprint256;
    const [, untrusted, , pinned] = await runCore(
      [
        { do: 'save', baseUrl: service(), token: 'tok' },
        { do: 'test' },
        // trusted by hand, a leaf from an unknown issuer is accepted on its own (no root needed)
        { do: 'trust', origin: service(), sha256: leaf },
        { do: 'test' },
      ],
      {
        SSL_CERT_DIR: path.join(dir, 'no-certs'),
        SSL_CERT_FILE: path.join(dir, 'no-certs', 'none.pem'),
        HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
      },
    );
    expect(pinned?.value).toMatchObject({ verdict: 'connected' });
    // (#26.5: an issuer no store trusts is said with the certificate's facts, for staff to judge)
    expect(untrusted?.value).toMatchObject({
      verdict: 'unreachable',
      why: {
        reason: 'untrusted_certificate',
        certificate: { subject: 'shop.test', issuer: 'Shopdesk Test Root', selfSigned: false, nameMatches: true },
      },
    });
  }, 90_000);
});

describe.skipIf(!haveOpenssl)('a certificate trusted by its SHA-256 (#26.5)', () => {
  const presents = (name: 'a' | 'b'): void =>
    selfFront.setSecureContext({ key: selfSigned[name].key, cert: selfSigned[name].cert });

  it('directly: refused with its facts, trusted for its origin only, a second certificate there refused', async () => {
    presents('a');
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pin-'));
    try {
      const origin = `https://localhost:${selfPort}`;
      const other = `https://127.0.0.1:${selfPort}`;
      const [untrusted, unseen, trusted, , connected, refresh, elsewhere] = await runCore(
        [
          { do: 'test', baseUrl: origin, token: 'tok' },
          // a fingerprint the test did not see cannot be trusted
          { do: 'trust', origin, sha256: selfSigned.b.sha256 },
          { do: 'trust', origin, sha256: selfSigned.a.sha256 },
          { do: 'save', baseUrl: origin, token: 'tok' },
          { do: 'test' },
          { do: 'refresh' },
          { do: 'test', baseUrl: other, token: 'tok' },
        ],
        osStore(),
        runDir,
      );
      expect(untrusted?.value).toMatchObject({
        verdict: 'unreachable',
        why: {
          reason: 'untrusted_certificate',
          host: `localhost:${selfPort}`,
          certificate: {
            origin,
            subject: 'shop.test',
            names: ['shop.test', 'localhost', '127.0.0.1'],
            issuer: 'shop.test',
            sha256: selfSigned.a.sha256,
            selfSigned: true,
            nameMatches: true,
            current: true,
          },
        },
      });
      const facts = (untrusted?.value?.why as { certificate: { validFrom: number; validTo: number } }).certificate;
      expect(facts.validTo - facts.validFrom).toBeGreaterThanOrEqual(2 * 86_400_000 - 60_000);
      expect(unseen).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      expect(trusted?.value).toMatchObject({
        trusted: [{ origin, sha256: selfSigned.a.sha256, subject: 'shop.test' }],
      });
      expect(JSON.stringify(trusted)).not.toContain('BEGIN CERTIFICATE');
      expect(connected?.value).toMatchObject({ verdict: 'connected' });
      expect(refresh?.value).toMatchObject({ state: 'complete', cachedOrders: 20 });
      // the same certificate at another origin (127.0.0.1 instead of localhost) is not trusted
      expect(elsewhere?.value).toMatchObject({
        verdict: 'unreachable',
        why: { reason: 'untrusted_certificate', certificate: { sha256: selfSigned.a.sha256 } },
      });

      // the service presents another self-signed certificate at the same address: refused as changed, never accepted
      presents('b');
      const [changed, forgotten, again] = await runCore(
        [
          { do: 'test', baseUrl: origin, token: 'tok' },
          { do: 'forget', origin },
          { do: 'test', baseUrl: origin, token: 'tok' },
        ],
        osStore(),
        runDir,
      );
      expect(changed?.value).toMatchObject({
        verdict: 'unreachable',
        why: {
          reason: 'certificate_changed',
          certificate: { sha256: selfSigned.b.sha256 },
          trustedSha256: selfSigned.a.sha256,
        },
      });
      expect(forgotten?.value).toEqual({ trusted: [] });
      // no longer trusted: normal verification again
      expect(again?.value).toMatchObject({
        why: { reason: 'untrusted_certificate', certificate: { sha256: selfSigned.b.sha256 } },
      });
    } finally {
      presents('a');
      fs.rmSync(runDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('through the CONNECT proxy: the same — refused, trusted, the order book read through the tunnel, a changed certificate refused', async () => {
    presents('a');
    requireLogin = false;
    tunnels.length = 0;
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pin-'));
    const env = { ...osStore(), HTTPS_PROXY: `http://127.0.0.1:${proxyPort}` };
    try {
      const origin = `https://shop.test:${selfPort}`;
      const [untrusted, , , connected, refresh] = await runCore(
        [
          { do: 'test', baseUrl: origin, token: 'tok' },
          { do: 'trust', origin, sha256: selfSigned.a.sha256 },
          { do: 'save', baseUrl: origin, token: 'tok' },
          { do: 'test' },
          { do: 'refresh' },
        ],
        env,
        runDir,
      );
      expect(untrusted?.value).toMatchObject({
        verdict: 'unreachable',
        why: { reason: 'untrusted_certificate', certificate: { origin, sha256: selfSigned.a.sha256 } },
        route: { proxy: `http://127.0.0.1:${proxyPort}`, source: 'environment' },
      });
      expect(connected?.value).toMatchObject({
        verdict: 'connected',
        route: { proxy: `http://127.0.0.1:${proxyPort}`, source: 'environment' },
      });
      expect(refresh?.value).toMatchObject({ state: 'complete', cachedOrders: 20 });
      expect(tunnels.length).toBeGreaterThan(2);
      expect(tunnels.every((t) => t === `shop.test:${selfPort}`)).toBe(true);

      presents('b');
      const [changed] = await runCore([{ do: 'test', baseUrl: origin, token: 'tok' }], env, runDir);
      expect(changed?.value).toMatchObject({
        verdict: 'unreachable',
        why: {
          reason: 'certificate_changed',
          certificate: { sha256: selfSigned.b.sha256 },
          trustedSha256: selfSigned.a.sha256,
        },
      });
      // the CA-signed front of the same host at its own port (another origin) keeps normal verification
      const [caSigned] = await runCore([{ do: 'test', baseUrl: service(), token: 'tok' }], env, runDir);
      expect(caSigned?.value).toMatchObject({ verdict: 'connected' });
    } finally {
      presents('a');
      fs.rmSync(runDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('routes on their own', () => {
  it('NO_PROXY as curl reads it', () => {
    expect(noProxyMatches('*', 'a.example', '443')).toBe(true);
    expect(noProxyMatches('example.com', 'shop.example.com', '443')).toBe(true);
    expect(noProxyMatches('.example.com', 'example.com', '443')).toBe(true);
    expect(noProxyMatches('*.example.com', 'shop.example.com', '443')).toBe(true);
    expect(noProxyMatches('example.com', 'badexample.com', '443')).toBe(false);
    expect(noProxyMatches('shop.example:8443', 'shop.example', '443')).toBe(false);
    expect(noProxyMatches('shop.example:8443', 'shop.example', '8443')).toBe(true);
    expect(noProxyMatches('10.0.0.5, localhost', '10.0.0.5', '80')).toBe(true);
  });

  it('the environment, upper or lower case; https falls back to HTTP_PROXY', () => {
    const url = new URL('https://shop.example/api');
    expect(environmentProxy(url, { https_proxy: 'http://p:1' })).toBe('http://p:1');
    expect(environmentProxy(url, { HTTP_PROXY: 'http://p:2' })).toBe('http://p:2');
    expect(environmentProxy(url, { HTTPS_PROXY: 'http://p:3', NO_PROXY: 'shop.example' })).toBeNull();
    expect(environmentProxy(new URL('http://shop.example/'), { HTTPS_PROXY: 'http://p:3' })).toBeNull();
  });

  it('PAC answers, and logins never shown', () => {
    expect(pacProxy('PROXY proxy.corp:3128; DIRECT')).toBe('http://proxy.corp:3128');
    expect(pacProxy('HTTPS secure.corp:443')).toBe('https://secure.corp:443');
    expect(pacProxy('SOCKS5 s:1080; PROXY p:8080')).toBe('http://p:8080');
    expect(pacProxy('DIRECT')).toBeNull();
    expect(withoutLogin('http://user:pw@proxy.corp:3128')).toBe('http://proxy.corp:3128');
  });

  it('a proxy address typed by hand', () => {
    expect(checkProxyUrl('proxy.corp:3128')).toEqual({ ok: true, url: 'http://proxy.corp:3128' });
    expect(checkProxyUrl('https://proxy.corp')).toEqual({ ok: true, url: 'https://proxy.corp' });
    expect(checkProxyUrl('http://u:p@proxy.corp:3128')).toEqual({ ok: false, reason: 'credentials' });
    expect(checkProxyUrl('socks5://proxy.corp:1080')).toEqual({ ok: false, reason: 'scheme' });
    expect(checkProxyUrl('http://proxy.corp/path')).toEqual({ ok: false, reason: 'path' });
    expect(checkProxyUrl('')).toEqual({ ok: false, reason: 'not_an_address' });
  });
});
