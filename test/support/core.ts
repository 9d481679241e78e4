/** The real core for unit tests: a fresh data folder, a memory vault, no background work; and small waits on it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueStatus } from '../../shared/domain';
import { createCore, type Core, type CoreOptions } from '../../electron/main/core/index';
import { MemoryVault } from '../../electron/main/core/settings/vault';
import type { RunningService } from '../../server/index';
import { ask } from './ask';

/** The real core over a given data folder, with the test defaults (memory vault, no background work). */
export function coreIn(dataDir: string, options: Partial<CoreOptions> = {}): Core {
  return createCore({
    dataDir,
    vault: new MemoryVault(),
    host: 'browser',
    version: 't',
    background: false,
    ...options,
  });
}

export function createTestCore(options: Partial<CoreOptions> = {}): { core: Core; dispose(): Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-core-'));
  const core = coreIn(dataDir, options);
  return {
    core,
    dispose: async () => {
      await core.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a catalogue sync (or joins the one under way) and waits for its end. */
export async function syncCatalogue(core: Core, timeoutMs = 30_000): Promise<CatalogueStatus> {
  await ask(core, 'catalogue:sync', {});
  const started = Date.now();
  for (;;) {
    const status = await ask(core, 'catalogue:status', {});
    if (status.state !== 'running') return status;
    if (Date.now() - started > timeoutMs) throw new Error('the catalogue sync did not end');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Orders the service holds for one e-mail address: the loss and duplicate check. */
export const ordersOnService = (svc: RunningService, email: string): number =>
  svc.store.orderPage(0, 1_000_000).filter((json) => (JSON.parse(json) as { email: string }).email === email).length;

/** Waits (real time) until `condition` holds; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('the condition did not come true in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
