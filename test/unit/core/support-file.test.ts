/**
 * Issue #26.6: the support file — one zip, readable without Shopdesk, with versions, settings, connection tests,
 * download outcomes, the outbox and the log; never the API token, a proxy's password or anything credential-shaped
 * (sentinels planted in every path: the token echoed in a failed answer and in the log, a proxy login), and no customer
 * details unless staff tick that they go with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../shared/domain';
import { startService } from '../../../server/index';
import { ask } from '../../support/ask';
import { coreIn } from '../../support/core';
import { sampleOrder } from '../../support/sample-order';

const TOKEN = 'SENTINEL-token-5f1c9a7e2b';
const PROXY_PASSWORD = 'SENTINEL-proxy-pass-88d1';
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function settled(core: ReturnType<typeof coreIn>, id: string): Promise<OutboxEntry> {
  for (let i = 0; i < 400; i++) {
    const entry = (await ask(core, 'outbox:list', {})).entries.find((e) => e.id === id);
    if (entry && entry.state !== 'queued' && entry.state !== 'sending' && entry.check !== null) return entry;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the entry did not settle');
}

describe('support file (#26.6)', () => {
  it('holds what support needs, readable as plain files, and no secret; customers only when asked for', async () => {
    const svc = await startService({ token: TOKEN, products: 20, orders: 5, seed: 2 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-support-'));
    const lines: string[] = [];
    const core = coreIn(dir, {
      log: { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) },
    });
    cleanup.push(async () => {
      await core.close();
      await svc.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await ask(core, 'settings:save', { baseUrl: svc.url, token: TOKEN });
    await ask(core, 'settings:network-save', {
      mode: 'system',
      url: 'http://proxy.example:3128',
      username: 'till',
      password: PROXY_PASSWORD,
    });
    await ask(core, 'connection:check', {});
    await ask(core, 'connection:test', {});
    // an answer that echoes the token and the proxy login, as a debug page or a proxy may
    svc.faults.add({
      fault: {
        kind: 'status',
        status: 500,
        body: `{"message":"Server Error","debug":"Authorization: Bearer ${TOKEN} via till:${PROXY_PASSWORD}@proxy"}`,
      },
      method: 'POST',
      path: '/api/order',
      times: 1,
    });
    const sent = await ask(core, 'outbox:submit', {
      draftId: 'support-1',
      order: sampleOrder({ name: 'Marker Customer', email: 'marker.customer@example.com' }),
    });
    await settled(core, sent.id);

    const plain = await ask(core, 'support:file', { includeCustomers: false });
    expect(plain.filename).toMatch(/^shopdesk-support-\d{4}-\d\d-\d\d-\d\d-\d\d\.zip$/);
    const files = unzipSync(Buffer.from(plain.base64, 'base64'));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'connection.json',
        'downloads.json',
        'logs/recent.log',
        'outbox.json',
        'settings.json',
        'versions.json',
      ].sort(),
    );
    const texts = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
    for (const [name, text] of Object.entries(texts)) {
      expect(text, name).not.toContain(TOKEN);
      expect(text, name).not.toContain(PROXY_PASSWORD);
      expect(text, name).not.toContain('Marker Customer');
      expect(text, name).not.toContain('marker.customer@example.com');
    }
    // every JSON file parses on its own; what support needs is there
    for (const name of Object.keys(texts).filter((n) => n.endsWith('.json'))) JSON.parse(texts[name]!);
    const settings = JSON.parse(texts['settings.json']!) as Record<string, unknown>;
    expect(settings).toMatchObject({ mode: 'service', serviceAddress: svc.url, tokenSet: true });
    expect(JSON.parse(texts['connection.json']!).lastTests[0].verdict.verdict).toBe('connected');
    const outbox = JSON.parse(texts['outbox.json']!) as { entries: OutboxEntry[] };
    expect(outbox.entries[0]).toMatchObject({ state: 'unknown', order: { name: '[left out]', total_price: '29.15' } });
    expect(JSON.parse(texts['versions.json']!)).toMatchObject({ shopdesk: 't', host: 'browser' });

    // with customer details ticked: the order's customer is in, the secrets still are not
    const full = unzipSync(Buffer.from((await ask(core, 'support:file', { includeCustomers: true })).base64, 'base64'));
    const outboxFull = strFromU8(full['outbox.json']!);
    expect(outboxFull).toContain('Marker Customer');
    for (const bytes of Object.values(full)) {
      expect(strFromU8(bytes)).not.toContain(TOKEN);
      expect(strFromU8(bytes)).not.toContain(PROXY_PASSWORD);
    }
  });
});
