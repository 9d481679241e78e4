/**
 * A support file (#26.6): one zip staff can send when something still fails, readable without Shopdesk (JSON and text
 * files) — versions and the operating system, the settings without any secret, the connection now and the last
 * connection tests, how the last catalogue and order downloads ended, the outbox's states and attempts, and the last
 * lines of the log. Customer names, addresses and contact details are left out unless staff tick that they go with
 * it. Every text passes through the secrets' scrub on its way in: the API token, a proxy's password and anything
 * credential-shaped never reach the file (Signal's debug log is the model).
 */
import fs from 'node:fs';
import os from 'node:os';
import { strToU8, zipSync } from 'fflate';
import type { ConnectionVerdict, Handlers } from '../../../shared/contract';
import { PERSONAL_FIELDS } from '../../../shared/order-schema';
import type { OutboxEntry } from '../../../shared/domain';
import type { Secrets } from './redact';
import type { StoredSettings } from './settings/settings';

/** The log lines kept for the support file (the last ones; each already scrubbed). */
export class RecentLog {
  private readonly lines: string[] = [];

  constructor(private readonly max = 2_000) {}

  add(level: string, message: string, detail?: unknown): void {
    const tail = detail === undefined ? '' : ` ${typeof detail === 'string' ? detail : safeJson(detail)}`;
    this.lines.push(`${new Date().toISOString()} ${level} ${message}${tail}`);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }

  text(): string {
    return this.lines.join('\n');
  }
}

/** The last connection tests (what was asked, what came of it). */
export class RecentTests {
  private readonly tests: { at: string; verdict: ConnectionVerdict }[] = [];

  add(verdict: ConnectionVerdict): void {
    this.tests.push({ at: new Date().toISOString(), verdict });
    if (this.tests.length > 10) this.tests.shift();
  }

  list(): { at: string; verdict: ConnectionVerdict }[] {
    return [...this.tests];
  }
}

export interface SupportDeps {
  app: { version: string; host: 'electron' | 'browser' };
  settings: () => StoredSettings;
  tokenSet: () => Promise<boolean>;
  handlers: Pick<
    Handlers,
    'connection:status' | 'catalogue:status' | 'orders:status' | 'outbox:list' | 'catalogue:skipped' | 'orders:skipped'
  >;
  tests: RecentTests;
  log: RecentLog;
  secrets: Secrets;
  /** The desktop shell's log file, when there is one: its last part goes in too. */
  logFileTail?: () => Promise<string | null>;
}

/** What of an order is the customer's: left out unless staff ask for it (the order schema's personal fields). */
const LEFT_OUT = PERSONAL_FIELDS;

function withoutCustomer(entry: OutboxEntry): unknown {
  const order: Record<string, unknown> = { ...entry.order };
  for (const field of LEFT_OUT) if (order[field]) order[field] = '[left out]';
  return { ...entry, order };
}

/** Builds the zip: its name (with the date) and bytes. */
export async function supportFile(
  deps: SupportDeps,
  options: { includeCustomers: boolean },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const now = new Date();
  const scrub = (text: string): string => deps.secrets.scrub(text);
  // every text value scrubbed on its own (a scrub of the written JSON could cut through its quotes), keys too
  const deep = (value: unknown): unknown =>
    typeof value === 'string'
      ? scrub(value)
      : Array.isArray(value)
        ? value.map(deep)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k), deep(v)]))
          : value;
  const json = (value: unknown): Uint8Array => strToU8(JSON.stringify(deep(value), null, 2));
  const safe = async <T>(read: () => Promise<T>): Promise<T | { unavailable: string }> => {
    try {
      return await read();
    } catch (error) {
      return { unavailable: error instanceof Error ? error.message : String(error) };
    }
  };
  const stored = deps.settings();
  const outbox = await safe(() => deps.handlers['outbox:list']({}));
  const entries =
    'entries' in outbox ? outbox.entries.map((e) => (options.includeCustomers ? e : withoutCustomer(e))) : outbox;
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      [
        `Shopdesk support file, made ${now.toISOString()}.`,
        '',
        'Plain JSON and text files: open them with any text editor.',
        '- versions.json: Shopdesk, its host and the operating system',
        '- settings.json: the settings, without any secret (the API token and a proxy password are never in this file)',
        '- connection.json: the connection now and the last connection tests',
        '- downloads.json: how the last catalogue and order-book downloads ended, and records the service sent that could not be read',
        `- outbox.json: the orders waiting to be sent or sent, their states and every attempt${options.includeCustomers ? ' (with customer details: staff chose to include them)' : ' (customer names, addresses and contact details left out)'}`,
        '- logs/: the last lines of the log',
        '',
      ].join('\n'),
    ),
    'versions.json': json({
      shopdesk: deps.app.version,
      host: deps.app.host,
      versions: process.versions,
      os: { type: os.type(), release: os.release(), platform: process.platform, arch: process.arch },
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      madeAt: now.toISOString(),
    }),
    'settings.json': json({
      mode: stored.mode,
      serviceAddress: stored.baseUrl,
      tokenSet: await deps.tokenSet(),
      dateOrder: stored.dateOrder,
      sync: stored.sync,
      proxy: { mode: stored.proxy.mode, address: stored.proxy.url },
      // certificates trusted by hand (#26.5): which, for where, since when (public facts)
      trustedCertificates: stored.trust.map(({ pem: _pem, ...facts }) => facts),
      shop: stored.shop,
    }),
    'connection.json': json({
      now: await safe(() => deps.handlers['connection:status']({})),
      lastTests: deps.tests.list(),
    }),
    'downloads.json': json({
      catalogue: await safe(() => deps.handlers['catalogue:status']({})),
      catalogueSkipped: await safe(() => deps.handlers['catalogue:skipped']({})),
      orders: await safe(() => deps.handlers['orders:status']({})),
      ordersSkipped: await safe(() => deps.handlers['orders:skipped']({})),
    }),
    'outbox.json': json({ includesCustomerDetails: options.includeCustomers, entries }),
    'logs/recent.log': strToU8(scrub(deps.log.text())),
  };
  const tail = deps.logFileTail ? await deps.logFileTail().catch(() => null) : null;
  if (tail) files['logs/main.log'] = strToU8(scrub(tail));
  const stamp = now.toISOString().slice(0, 16).replace(/[:T]/g, '-');
  return { filename: `shopdesk-support-${stamp}.zip`, bytes: zipSync(files, { level: 6 }) };
}

function safeJson(value: unknown): string {
  try {
    return value instanceof Error ? (value.stack ?? String(value)) : JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Support → Make a support file: the zip as base64, and a log line saying one was made (and whether with customers). */
export function supportHandlers(
  deps: Omit<SupportDeps, 'logFileTail'> & {
    /** The desktop shell's log file (its last 512 KB go in). */
    logFile?: string;
    note: (message: string) => void;
  },
): Pick<Handlers, 'support:file'> {
  const { logFile, note, ...rest } = deps;
  return {
    'support:file': async ({ includeCustomers }) => {
      const logFileTail = logFile ? () => fileTail(logFile, 512 * 1024) : undefined;
      const file = await supportFile({ ...rest, logFileTail }, { includeCustomers });
      note(`support file made (${file.bytes.length} bytes${includeCustomers ? ', with customer details' : ''})`);
      return { filename: file.filename, base64: Buffer.from(file.bytes).toString('base64') };
    },
  };
}

/** The last `max` bytes of a text file (null when it cannot be read). */
async function fileTail(file: string, max: number): Promise<string | null> {
  try {
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const start = Math.max(0, size - max);
      const buffer = Buffer.alloc(size - start);
      await handle.read(buffer, 0, buffer.length, start);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}
