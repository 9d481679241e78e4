/**
 * Runs the real core in a process of its own, so the operating system's certificate store it trusts is the one this
 * process was started with (SSL_CERT_FILE/SSL_CERT_DIR stand in for the OS store: Node reads OpenSSL's store from them
 * on Linux) and the environment's proxy variables are its own. Steps come as JSON in argv[2]; each result is printed
 * as one JSON line. Used by test/unit/core/network.test.ts. SHOPDESK_RUN_DIR names a data folder kept between runs
 * (settings such as a certificate trusted by hand survive into the next run; the token does not: the vault is memory).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../../electron/main/core/index';
import { MemoryVault } from '../../electron/main/core/settings/vault';

type Step =
  | { do: 'save'; baseUrl: string; token: string }
  | {
      do: 'network';
      mode: 'system' | 'manual' | 'none';
      url?: string | null;
      username?: string | null;
      password?: string;
    }
  | { do: 'test'; baseUrl?: string; token?: string }
  | { do: 'trust'; origin: string; sha256: string }
  | { do: 'forget'; origin: string }
  | { do: 'refresh' };

const steps = JSON.parse(process.argv[2] ?? '[]') as Step[];
const kept = process.env.SHOPDESK_RUN_DIR;
const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-network-'));
const core = createCore({ dataDir: dir, vault: new MemoryVault(), host: 'browser', version: 't', background: false });
const out = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
try {
  for (const step of steps) {
    if (step.do === 'save') out(await core.dispatch('settings:save', { baseUrl: step.baseUrl, token: step.token }));
    else if (step.do === 'network') {
      out(
        await core.dispatch('settings:network-save', {
          mode: step.mode,
          url: step.url,
          username: step.username,
          password: step.password,
        }),
      );
    } else if (step.do === 'test')
      out(await core.dispatch('connection:test', { baseUrl: step.baseUrl, token: step.token }));
    else if (step.do === 'trust')
      out(await core.dispatch('certificates:trust', { origin: step.origin, sha256: step.sha256 }));
    else if (step.do === 'forget') out(await core.dispatch('certificates:forget', { origin: step.origin }));
    else {
      await core.dispatch('orders:refresh', {});
      for (;;) {
        const status = (await core.dispatch('orders:status', {})) as { ok: boolean; value?: { state: string } };
        if (!status.ok || status.value?.state !== 'running') {
          out(status);
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
} finally {
  await core.close();
  if (!kept) fs.rmSync(dir, { recursive: true, force: true });
}
