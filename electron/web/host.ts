/**
 * The browser host: the core's contract over HTTP (POST /ipc/<channel>) and its events as a server-sent stream, plus
 * the built renderer. Loopback only, and Host/Origin must be this server's own (no DNS rebinding, no other page).
 *
 * Signing in (see docs/security.md): the host hands out single-use sign-in keys that live two minutes. A key is
 * exchanged once for a separate random session secret, which the page keeps in its own sessionStorage (per origin,
 * so per port) and sends in a header on every call. No cookie is ever set: cookies on 127.0.0.1 are shared across
 * ports, so another local user's server on another port would receive them. The key reaches the page either in a
 * URL fragment (never sent to any server; printed for the user to open) or in a form posted from a launcher file
 * readable only by this user (what --open hands the system's opener, so no key is ever on a command line).
 */
import { HEADER_CSP } from '../../shared/csp';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Core } from '../main/core/index';

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** How long a sign-in key can be used (once). */
  loginKeyTtlMs?: number;
  /** The clock (tests move it); a monotonic one by default, so no step of the wall clock ends or extends a key or a session. */
  now?: () => number;
  /** How long a session may go unused (SESSION_IDLE_MS). */
  sessionIdleMs?: number;
}

export interface WebHost {
  url: string;
  /** A new single-use sign-in key in the fragment of the app's address (the fragment never reaches a server). */
  loginUrl(): string;
  /** A page for the system's opener: it posts a new single-use key to /login, so the key is in no URL at all. */
  launcherPage(): string;
  /** Sign-in keys handed out and not yet used or expired (for the CLI's messages and tests). */
  pendingKeys(): number;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

const MAX_BODY = 1024 * 1024;
export const LOGIN_KEY_TTL_MS = 2 * 60_000;
/** The header the page sends its session secret in (never a cookie: see the file's comment). */
export const SESSION_HEADER = 'x-shopdesk-session';
/** Sessions kept at once (each sign-in makes one; the oldest goes first). */
const MAX_SESSIONS = 32;
/**
 * A signed-in tab that makes no call for this long is signed out (#25.3): a tab left open overnight, or a session
 * another local user took, does not stay usable for ever. Measured on the monotonic clock by default.
 */
export const SESSION_IDLE_MS = 8 * 3_600_000;
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** The page /login answers with: it stores the session in the page's own sessionStorage and opens the app. */
const HANDOFF_SCRIPT = `try {
  var meta = document.querySelector('meta[name="shopdesk-session"]');
  if (meta) sessionStorage.setItem('shopdesk.session', meta.getAttribute('content') || '');
} catch (e) {}
location.replace('/#/');
`;

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');
const token = (): string => randomBytes(32).toString('base64url');

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const now = options.now ?? (() => performance.now());
  const idle = options.sessionIdleMs ?? SESSION_IDLE_MS;
  const ttl = options.loginKeyTtlMs ?? LOGIN_KEY_TTL_MS;
  const rendererDir = fs.realpathSync(path.resolve(options.rendererDir));
  const streams = new Set<http.ServerResponse>();
  // only digests are kept: looking one up by its hash leaks nothing of the secret through timing
  const loginKeys = new Map<string, number>();
  /** Session digests and when each was last used. */
  const sessions = new Map<string, number>();
  let origin = '';

  const issueKey = (): string => {
    for (const [hash, expires] of loginKeys) if (expires <= now()) loginKeys.delete(hash);
    const key = token();
    loginKeys.set(digest(key), now() + ttl);
    return key;
  };
  /** Spends a sign-in key: true once, within its time; false for a wrong, used or expired key. */
  const spendKey = (key: unknown): boolean => {
    if (typeof key !== 'string' || key.length < 20 || key.length > 200) return false;
    const hash = digest(key);
    const expires = loginKeys.get(hash);
    loginKeys.delete(hash);
    return expires !== undefined && expires > now();
  };
  const newSession = (): string => {
    const secret = token();
    sessions.set(digest(secret), now());
    if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
    return secret;
  };
  const signedIn = (req: http.IncomingMessage): boolean => {
    const given = req.headers[SESSION_HEADER];
    if (typeof given !== 'string' || given.length > 200) return false;
    const hash = digest(given);
    const used = sessions.get(hash);
    if (used === undefined) return false;
    // unused for too long: ended (the page says it is signed out and how to sign in again)
    if (now() - used > idle) {
      sessions.delete(hash);
      return false;
    }
    sessions.set(hash, now());
    return true;
  };
  const sameHost = (req: http.IncomingMessage): boolean => req.headers.host === new URL(origin).host;
  const sameOrigin = (req: http.IncomingMessage): boolean => {
    const from = req.headers.origin;
    return sameHost(req) && (from === undefined || from === origin);
  };

  const unsubscribe = options.core.events.onAny((event, payload) => {
    const data = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of streams) stream.write(data);
  });

  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', ...NO_STORE });
      res.end('Internal error');
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    // the launcher file posts from a file: page, whose Origin is "null"; the key it carries is its proof
    const fromLauncher = url.pathname === '/login' && req.method === 'POST' && req.headers.origin === 'null';
    if (!(sameOrigin(req) || (fromLauncher && sameHost(req)))) {
      res.writeHead(403, { 'content-type': 'text/plain', ...NO_STORE }).end('Forbidden');
      return;
    }
    if (url.pathname === '/login' && req.method === 'POST') return signInFromLauncher(req, res);
    if (url.pathname === '/session' && req.method === 'POST') return signInFromPage(req, res);
    if (url.pathname === '/handoff.js') {
      res.writeHead(200, { 'content-type': MIME['.js']!, ...NO_STORE }).end(HANDOFF_SCRIPT);
      return;
    }
    if (url.pathname.startsWith('/ipc/') || url.pathname === '/events') {
      if (!signedIn(req)) return sendJson(res, signedOut('no_session'), 401);
      if (url.pathname === '/events') return openStream(res);
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST', ...NO_STORE }).end();
        return;
      }
      const channel = decodeURIComponent(url.pathname.slice('/ipc/'.length));
      const payload = parseJson(await readBody(req));
      if (payload === undefined) return sendJson(res, invalidRequest());
      return sendJson(res, await options.core.dispatch(channel, payload));
    }
    return serveStatic(url.pathname, res);
  }

  /** The page read a key from its address's fragment and trades it for a session, once. */
  async function signInFromPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = parseJson(await readBody(req)) as { key?: unknown } | undefined;
    if (!spendKey(body?.key)) return sendJson(res, signedOut('login_key_refused'), 403);
    return sendJson(res, { ok: true, value: { session: newSession() } });
  }

  /** The launcher file posted a key: the answer hands a session to the page, which stores it and opens the app. */
  async function signInFromLauncher(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const key = new URLSearchParams(await readBody(req)).get('key');
    const headers = { 'content-type': MIME['.html']!, 'content-security-policy': HEADER_CSP, ...NO_STORE };
    if (!spendKey(key)) {
      res.writeHead(403, headers).end(page('<p>This sign-in address has been used or has expired.</p>'));
      return;
    }
    res
      .writeHead(200, headers)
      .end(page(`<meta name="shopdesk-session" content="${newSession()}"><script src="/handoff.js"></script>`));
  }

  function openStream(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', ...NO_STORE, connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  }

  function serveStatic(pathname: string, res: http.ServerResponse): void {
    const file = staticFile(rendererDir, pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': HEADER_CSP,
      'cache-control': file.endsWith('index.html') ? 'no-store' : 'max-age=3600',
    });
    fs.createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    loginUrl: () => `${origin}/#login=${issueKey()}`,
    launcherPage: () =>
      page(
        `<form method="post" action="${origin}/login"><input type="hidden" name="key" value="${issueKey()}">` +
          '<noscript><button type="submit">Open Shopdesk</button></noscript></form>' +
          '<script>document.forms[0].submit()</script>',
      ),
    pendingKeys: () => [...loginKeys.values()].filter((expires) => expires > now()).length,
    close: async () => {
      unsubscribe();
      for (const stream of streams) stream.end();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * The file a request path names inside the renderer folder, or null. The real path must stay inside the folder: a
 * symbolic link out of it (or `..`) serves nothing.
 */
export function staticFile(rendererDir: string, pathname: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  const file = path.resolve(rendererDir, `.${relative}`);
  if (!file.startsWith(rendererDir + path.sep)) return null;
  try {
    const real = fs.realpathSync(file);
    if (!real.startsWith(rendererDir + path.sep) || !fs.statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shopdesk</title></head><body>${body}</body></html>`;

/** The bridge's answer when the page holds no valid session: a code and the reason, worded by the page. */
const signedOut = (reason: 'no_session' | 'login_key_refused') => ({
  ok: false,
  error: { code: 'signed_out', message: reason, facts: { reason } },
});

const invalidRequest = () => ({
  ok: false,
  error: { code: 'invalid_request', message: 'The request was not understood.' },
});

function parseJson(body: string): unknown {
  try {
    return body === '' ? {} : (JSON.parse(body) as unknown);
  } catch {
    return undefined;
  }
}

function sendJson(res: http.ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json', ...NO_STORE });
  res.end(JSON.stringify(value));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
