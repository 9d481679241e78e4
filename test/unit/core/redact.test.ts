/**
 * A proxy or a debug page that echoes the request's credentials into its error answers: what Shopdesk keeps of those
 * answers (outbox attempts, reasons, field messages) and shows never holds the token or anything like a credential.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceHttp } from '../../../electron/main/core/http/client';
import { redact, REDACTED } from '../../../electron/main/core/redact';
import type { Core } from '../../../electron/main/core/index';
import { ask } from '../../support/ask';
import { createTestCore } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const TOKEN = 'echoed-token-4f9a2c71b0';
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

describe('redaction', () => {
  it('replaces credential-looking text, keeps ordinary words', () => {
    const samples = [
      `Authorization: Bearer ${TOKEN}`,
      `{"headers":{"authorization":"Bearer ${TOKEN}"}}`,
      `proxy error for token=${TOKEN}&x=1`,
      `api_key: abcdef123456 password=hunter22 "secret":"s3cr3t-value"`,
      'cookie: session=abc123def456',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      `Basic ${Buffer.from('user:pass12').toString('base64')}`,
    ];
    for (const text of samples) {
      const out = redact(text, [TOKEN], 1000);
      expect(out, text).toContain(REDACTED);
      expect(out).not.toContain(TOKEN);
      expect(out).not.toMatch(/hunter22|s3cr3t|abc123def456|eyJzdWIi|dXNlcjpwYXNzMTI/);
    }
    expect(redact('The email field is required. The token was refused.')).toBe(
      'The email field is required. The token was refused.',
    );
    expect(redact('x'.repeat(500))).toHaveLength(200);
  });
});

async function echoingProxy(status: number): Promise<string> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const echo = { message: `Upstream failed for Authorization: ${req.headers.authorization}`, request: req.headers };
      if (status === 422)
        return res
          .writeHead(422, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...echo, errors: { email: [`Bad request with ${req.headers.authorization}`] } }));
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`debug dump: ${JSON.stringify(req.headers)} ${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => server.close());
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function sendThrough(url: string): Promise<{ core: Core; text: string }> {
  const { core, dispose } = createTestCore({ http: new ServiceHttp() });
  cleanup.push(dispose);
  await ask(core, 'settings:save', { baseUrl: url, token: TOKEN });
  const entry = await ask(core, 'outbox:submit', { draftId: `redact-${url.slice(-5)}`, order: sampleOrder() });
  for (let i = 0; i < 200; i++) {
    const now = (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === entry.id)!;
    if (now.attempts.length > 0 && now.state !== 'sending') return { core, text: JSON.stringify(now) };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('not sent');
}

describe('what is kept of an answer that echoes the token', () => {
  for (const status of [500, 422, 418]) {
    it(`${status}: the outbox entry (reason, attempts, field messages) holds no token`, async () => {
      const { text } = await sendThrough(await echoingProxy(status));
      expect(text).toContain('attempts');
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('echoed-token');
    });
  }
});

/**
 * Issue #25 (point 6): every text an answer or an error brings is scrubbed of the token in use — and of credential
 * shapes — by one function on its way into the outbox's database, and the log gets the same treatment. A sentinel
 * token travels every path: an answer that is not an order and echoes it, an error text, a header echo, a log line.
 */
const SENTINEL = 'sentinel-q7Zp3Kx9Lm2Vw8Rt';

/** A service that answers every POST with something that is not an order (200), echoing what it was sent. */
async function notAnOrderEcho(kind: 'answer' | 'headers' | 'error-text'): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const auth = String(req.headers.authorization ?? '');
      const token = auth.replace(/^Bearer /, '');
      if (kind === 'answer')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: true, echo: token }));
      if (kind === 'headers')
        return res
          .writeHead(200, { 'content-type': 'application/json', 'x-echo': token })
          .end(JSON.stringify({ received: req.headers, note: `you sent ${token}` }));
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`gateway could not reach upstream; credential ${token}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => server.close());
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function keptAfterSend(
  url: string,
  http_?: ServiceHttp,
): Promise<{ core: Core; kept: string; logged: string[] }> {
  const logged: string[] = [];
  const log = {
    info: (m: string) => logged.push(m),
    warn: (m: string) => logged.push(m),
    error: (m: string, d?: unknown) => logged.push(`${m} ${String(d ?? '')}`),
  };
  const { core, dispose } = createTestCore({ http: http_ ?? new ServiceHttp(), log });
  cleanup.push(dispose);
  await ask(core, 'settings:save', { baseUrl: url, token: SENTINEL });
  const entry = await ask(core, 'outbox:submit', { draftId: `sentinel-${Math.random()}`, order: sampleOrder() });
  for (let i = 0; i < 400; i++) {
    const now = (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === entry.id)!;
    if (now.attempts.length > 0 && now.state !== 'sending' && (now.state !== 'unknown' || now.check))
      return { core, kept: JSON.stringify(await ask(core, 'outbox:list', {})), logged };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('not sent');
}

describe('a sentinel token in every path is never stored nor returned', () => {
  it('a POST answer that is not an order and echoes the token: the entry kept and outbox:list hold no token', async () => {
    const { kept } = await keptAfterSend(await notAnOrderEcho('answer'));
    expect(kept).toContain('unreadable_answer');
    expect(kept).toContain(REDACTED);
    expect(kept).not.toContain(SENTINEL);
  });

  it('an answer echoing the request’s headers (Authorization and a header of its own)', async () => {
    const { kept } = await keptAfterSend(await notAnOrderEcho('headers'));
    expect(kept).toContain('unreadable_answer');
    expect(kept).not.toContain(SENTINEL);
  });

  it('an error text (a gateway naming the credential it was given)', async () => {
    const { kept } = await keptAfterSend(await notAnOrderEcho('error-text'));
    expect(kept).toContain('server_error');
    expect(kept).not.toContain(SENTINEL);
  });

  it('an error thrown with the token in its text: neither the entry nor the log keeps it', async () => {
    class Leaky extends ServiceHttp {
      override async json(...args: Parameters<ServiceHttp['json']>): ReturnType<ServiceHttp['json']> {
        const [conn, path] = args;
        if (path.startsWith('/api/order')) throw new Error(`socket closed; request had Authorization ${conn.token}`);
        return super.json(...args);
      }
    }
    const { core, kept, logged } = await keptAfterSend(await notAnOrderEcho('answer'), new Leaky());
    expect(kept).not.toContain(SENTINEL);
    // a handler failing with it: the log line is written, without the token
    await core.dispatch('orders:get', { id: 1 });
    await core.dispatch('orders:refresh', {});
    await new Promise((r) => setTimeout(r, 200));
    const lines = logged.join('\n');
    expect(lines).toContain(REDACTED);
    expect(lines).not.toContain(SENTINEL);
  });

  it('a proxy’s password in an address is taken out as a credential', () => {
    expect(redact('proxy http://shop:pr0xy-Pa55@proxy.local:3128 refused', [], 1000)).toBe(
      `proxy http://shop:${REDACTED}@proxy.local:3128 refused`,
    );
  });
});
