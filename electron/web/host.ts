/**
 * The browser host: the core's contract over HTTP (POST /ipc/<channel>) and its events over server-sent events,
 * plus the built renderer. Loopback only; every API call needs the per-run secret (an HttpOnly cookie set by
 * opening the printed URL once), and Host/Origin must be this server's own (no DNS rebinding, no other page).
 */
import { HEADER_CSP } from '../../shared/csp';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Core } from '../main/core/index';

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  secret?: string;
}

export interface WebHost {
  url: string;
  /** Open this once to get the session cookie (it redirects to the app). */
  loginUrl: string;
  secret: string;
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
const COOKIE = 'shopdesk_session';

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const secretBuffer = Buffer.from(secret);
  const rendererDir = path.resolve(options.rendererDir);
  const streams = new Set<http.ServerResponse>();
  let origin = '';

  const authorised = (req: http.IncomingMessage): boolean => {
    const cookie = (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${COOKIE}=`));
    const given = Buffer.from(cookie ? cookie.slice(COOKIE.length + 1) : '');
    return given.length === secretBuffer.length && timingSafeEqual(given, secretBuffer);
  };
  const sameOrigin = (req: http.IncomingMessage): boolean => {
    if (req.headers.host !== new URL(origin).host) return false;
    const from = req.headers.origin;
    return from === undefined || from === origin;
  };

  const unsubscribe = options.core.events.onAny((event, payload) => {
    const data = `data: ${JSON.stringify({ event, payload })}\n\n`;
    for (const stream of streams) stream.write(data);
  });

  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    if (!sameOrigin(req)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
      return;
    }
    if (url.pathname === '/login') {
      const key = Buffer.from(url.searchParams.get('key') ?? '');
      if (key.length !== secretBuffer.length || !timingSafeEqual(key, secretBuffer)) {
        res
          .writeHead(403, { 'content-type': 'text/plain' })
          .end('Wrong or missing key. Open the address printed by the browser host.');
        return;
      }
      res
        .writeHead(303, { location: '/', 'set-cookie': `${COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/` })
        .end();
      return;
    }
    if (url.pathname.startsWith('/ipc/') || url.pathname === '/events') {
      if (!authorised(req)) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ok: false,
            error: { code: 'forbidden_sender', message: 'Open Shopdesk from the address the browser host printed.' },
          }),
        );
        return;
      }
      if (url.pathname === '/events') return openStream(res);
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      const channel = decodeURIComponent(url.pathname.slice('/ipc/'.length));
      const body = await readBody(req);
      let payload: unknown;
      try {
        payload = body === '' ? {} : JSON.parse(body);
      } catch {
        return sendJson(res, {
          ok: false,
          error: { code: 'invalid_request', message: 'The request was not understood.' },
        });
      }
      return sendJson(res, await options.core.dispatch(channel, payload));
    }
    return serveStatic(url.pathname, res);
  }

  function openStream(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
  }

  function serveStatic(pathname: string, res: http.ServerResponse): void {
    const relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
    const file = path.resolve(rendererDir, `.${relative}`);
    if (!file.startsWith(rendererDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
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
    loginUrl: `${origin}/login?key=${secret}`,
    secret,
    close: async () => {
      unsubscribe();
      for (const stream of streams) stream.end();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function sendJson(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
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
