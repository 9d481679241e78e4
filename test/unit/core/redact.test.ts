/**
 * A proxy or a debug page that echoes the request's credentials into its error answers: what Shopdesk keeps of those
 * answers (outbox attempts, reasons, field messages) and shows never holds the token or anything like a credential.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceHttp } from '../../../electron/main/core/api/http';
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
