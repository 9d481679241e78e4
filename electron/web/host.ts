/**
 * The browser host: the core's contract over HTTP (POST /ipc/<channel>) and its events as a server-sent stream, plus
 * the built renderer. Loopback only, and Host/Origin must be this server's own (no DNS rebinding, no other page).
 *
 * Signing in (see docs/security.md): the host hands out single-use sign-in keys that live two minutes. A key is
 * exchanged once for a separate random session secret, which the page keeps in its own sessionStorage (per origin,
 * so per port) and sends in a header on every call. No cookie is ever set: cookies on 127.0.0.1 are shared across
 * ports, so another local user's server on another port would receive them. The key reaches the page either in a
 * URL fragment (never sent to any server; printed for the user to open) or in a form posted from a launcher file
 * readable only by this user (what the CLI hands the system's opener by default, so no key is ever on a command line).
 * Where the OS can tell (Linux), the host answers only connections whose client end belongs to its own user (peer.ts):
 * a key another local user read somewhere signs nobody in, and is not spent by their try.
 */
import { HEADER_CSP } from '../../shared/csp';
import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { contract } from '../../shared/contract';
import type { Core } from '../main/core/index';
import { loopbackPeer, type PeerUser } from './peer';
import { createSignIns, type SignIns } from './sessions';

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
  /** The wall clock, for the times Settings shows (never for deciding anything). */
  wallNow?: () => number;
  /**
   * The user whose connections are answered (#25.2): this process's own by default; null where the OS has no users
   * to compare (Windows). Tests may give how a connection's user is found.
   */
  user?: { uid: number | null; peer?: (clientPort: number, serverPort: number) => Promise<PeerUser> };
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

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const rendererDir = fs.realpathSync(path.resolve(options.rendererDir));
  const uid = options.user ? options.user.uid : (process.getuid?.() ?? null);
  const streams = new Set<http.ServerResponse>();
  const signIns = createSignIns({
    now: options.now ?? (() => performance.now()),
    wallNow: options.wallNow ?? (() => Date.now()),
    keyTtlMs: options.loginKeyTtlMs ?? LOGIN_KEY_TTL_MS,
    idleMs: options.sessionIdleMs ?? SESSION_IDLE_MS,
  });
  let origin = '';
  let port = 0;

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
  const ownUser = ownUserVerdicts(server, uid, options.user?.peer ?? loopbackPeer, () => port);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    // another local user's connection (where the OS can tell): nothing, and a key it carries is not spent
    if (!(await ownUser(req.socket))) {
      res.writeHead(403, { 'content-type': 'text/plain', ...NO_STORE }).end('Forbidden: not this user');
      return;
    }
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
      const session = signIns.signedIn(req.headers[SESSION_HEADER]);
      if (session === null) return sendJson(res, signedOut('no_session'), 401);
      if (url.pathname === '/events') return openStream(res, session);
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST', ...NO_STORE }).end();
        return;
      }
      const channel = decodeURIComponent(url.pathname.slice('/ipc/'.length));
      const payload = parseJson(await readBody(req));
      if (payload === undefined) return sendJson(res, invalidRequest());
      if (channel === 'sessions:list' || channel === 'sessions:end')
        return sendJson(res, sessionChannel(signIns, channel, payload, session));
      return sendJson(res, await options.core.dispatch(channel, payload));
    }
    return serveStatic(url.pathname, res);
  }

  /** The page read a key from its address's fragment and trades it for a session, once. */
  async function signInFromPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = parseJson(await readBody(req)) as { key?: unknown } | undefined;
    if (!signIns.spendKey(body?.key)) return sendJson(res, signedOut('login_key_refused'), 403);
    return sendJson(res, { ok: true, value: { session: signIns.newSession() } });
  }

  /** The launcher file posted a key: the answer hands a session to the page, which stores it and opens the app. */
  async function signInFromLauncher(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const key = new URLSearchParams(await readBody(req)).get('key');
    const headers = { 'content-type': MIME['.html']!, 'content-security-policy': HEADER_CSP, ...NO_STORE };
    if (!signIns.spendKey(key)) {
      res.writeHead(403, headers).end(page('<p>This sign-in address has been used or has expired.</p>'));
      return;
    }
    res
      .writeHead(200, headers)
      .end(page(`<meta name="shopdesk-session" content="${signIns.newSession()}"><script src="/handoff.js"></script>`));
  }

  function openStream(res: http.ServerResponse, session: string): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', ...NO_STORE, connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    signIns.followStream(res, session);
    res.on('close', () => {
      streams.delete(res);
      signIns.unfollowStream(res);
    });
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
  port = typeof address === 'object' && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    loginUrl: () => `${origin}/#login=${signIns.issueKey()}`,
    launcherPage: () =>
      page(
        `<form method="post" action="${origin}/login"><input type="hidden" name="key" value="${signIns.issueKey()}">` +
          '<noscript><button type="submit">Open Shopdesk</button></noscript></form>' +
          '<script>document.forms[0].submit()</script>',
      ),
    pendingKeys: signIns.pendingKeys,
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
 * Each connection's verdict (#25.2), found once when it opens: its client end is this user's, or the OS cannot tell
 * (no user to compare: `uid` null). A request is answered only on a connection whose verdict is true.
 */
function ownUserVerdicts(
  server: http.Server,
  uid: number | null,
  peerOf: (clientPort: number, serverPort: number) => Promise<PeerUser>,
  serverPort: () => number,
): (socket: Socket) => Promise<boolean> {
  const verdicts = new WeakMap<Socket, Promise<boolean>>();
  server.on('connection', (socket) => {
    const verdict =
      uid === null || socket.remotePort === undefined
        ? Promise.resolve(uid === null)
        : peerOf(socket.remotePort, serverPort()).then(
            (peer) => !peer.told || peer.uid === uid,
            () => false,
          );
    verdicts.set(socket, verdict);
  });
  return (socket) => verdicts.get(socket) ?? Promise.resolve(false);
}

/** Settings → Signed-in tabs: the host's own channels, answered with the asking session in hand. */
function sessionChannel(signIns: SignIns, channel: string, payload: unknown, current: string): unknown {
  if (channel === 'sessions:list') return { ok: true, value: signIns.list(current) };
  const request = contract['sessions:end'].request.safeParse(payload);
  if (!request.success) return invalidRequest();
  signIns.endById(request.data.id);
  return { ok: true, value: signIns.list(current) };
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
