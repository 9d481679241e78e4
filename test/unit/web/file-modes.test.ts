/**
 * umask 077 in every host (issue #25, point 7): the browser host, started as `npm run web` starts it (from a shell
 * whose umask is the usual 022), with demo data, an order sent, a draft and the screens' preferences saved: every file
 * of its data folder is this user's only (0600) and every folder 0700 — files made after start included (the demo
 * service's, screens.json), which were 0644 before. The Electron shell sets the same umask (electron/main/index.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder } from '../../support/sample-order';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const posix = process.platform !== 'win32';
let dir: string;
let host: ChildProcess | null = null;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-modes-'));
});
afterEach(async () => {
  if (host && host.exitCode === null) {
    const exited = new Promise((resolve) => host!.once('exit', resolve));
    host.kill('SIGTERM');
    await exited;
  }
  host = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!posix)('file modes after a full run of the browser host', () => {
  it('every file 0600 and every folder 0700, with demo data and an order', async () => {
    expect(
      fs.existsSync(path.join(ROOT, 'out/renderer/index.html')),
      'the renderer must be built first (npx electron-vite build; npm test does)',
    ).toBe(true);
    const dataDir = path.join(dir, 'data');
    // as a terminal starts it: umask 022, so only the host's own umask keeps its files private
    host = spawn(
      'sh',
      [
        '-c',
        'umask 022 && exec "$0" --import tsx electron/web/cli.ts --data-dir "$1" --port 0 --demo --no-open',
        process.execPath,
        dataDir,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    host.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    host.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const started = Date.now();
    const printed = /(http:\/\/127\.0\.0\.1:\d+)\/#login=([A-Za-z0-9_-]+)/;
    while (!printed.test(out)) {
      if (Date.now() - started > 60_000 || host.exitCode !== null) throw new Error(`the host did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const [, origin, key] = printed.exec(out)!;
    const session = (await (
      await fetch(`${origin}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
      })
    ).json()) as { ok: boolean; value: { session: string } };
    expect(session.ok).toBe(true);
    const call = async <T>(channel: string, body: unknown): Promise<T> => {
      const res = await fetch(`${origin}/ipc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopdesk-session': session.value.session },
        body: JSON.stringify(body),
      });
      const result = (await res.json()) as { ok: boolean; value: T; error?: unknown };
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
      return result.value;
    };

    expect(await call<{ mode: string }>('settings:get', {})).toMatchObject({ mode: 'demo' });
    const entry = await call<{ id: string }>('outbox:submit', { draftId: 'modes-order-1', order: sampleOrder() });
    for (let i = 0; ; i++) {
      const list = await call<{ entries: { id: string; state: string }[] }>('outbox:list', {});
      if (list.entries.find((e) => e.id === entry.id)?.state === 'sent') break;
      if (i > 400) throw new Error('the order was not sent');
      await new Promise((r) => setTimeout(r, 25));
    }
    await call('drafts:save', { id: 'modes-draft-1', step: 1, data: {} });
    await call('ui:set', { sidebarCollapsed: true });
    await call('orders:refresh', {});
    await call('catalogue:sync', {});
    for (let i = 0; i < 400; i++) {
      const status = await call<{ state: string }>('catalogue:status', {});
      if (status.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const check = (): void => {
      const wrong: string[] = [];
      const walk = (folder: string): void => {
        const mode = fs.statSync(folder).mode & 0o777;
        if (mode !== 0o700) wrong.push(`${path.relative(dataDir, folder) || '.'}/ ${mode.toString(8)}`);
        for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
          const full = path.join(folder, entry.name);
          if (entry.isDirectory()) walk(full);
          else if ((fs.statSync(full).mode & 0o777) !== 0o600)
            wrong.push(`${path.relative(dataDir, full)} ${(fs.statSync(full).mode & 0o777).toString(8)}`);
        }
      };
      walk(dataDir);
      expect(wrong).toEqual([]);
    };
    const names = fs.readdirSync(dataDir);
    for (const made of ['demo-service.sqlite', 'screens.json', 'outbox.sqlite', 'drafts.sqlite', 'settings.json'])
      expect(names).toContain(made);
    check(); // while it runs (WAL and shared-memory files included)
    const exited = new Promise((resolve) => host!.once('exit', resolve));
    host.kill('SIGTERM');
    await exited;
    check();
  }, 120_000);
});
