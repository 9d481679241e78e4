/**
 * The core's log: every line and detail scrubbed of the secrets in use and of credential shapes, its last lines kept in
 * memory for a support file, and one line per change of state (connection, sync, order book, outbox count) — states,
 * codes, counts and the service's host only, never a token, never customer data.
 */
import type { EventPayload, Handlers } from '../../../shared/contract';
import type { CatalogueOutcome, OrdersOutcome } from '../../../shared/domain';
import type { CoreEvents } from './events';
import type { Secrets } from './redact';
import type { RecentLog } from './support';

export interface CoreLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, detail?: unknown): void;
}

export const silentLog: CoreLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The log as the core writes it: scrubbed (`secrets`), and its last lines kept in `recent`. */
export function coreLog(log: CoreLog, secrets: Secrets, recent: RecentLog): CoreLog {
  return keptIn(scrubbedLog(log, secrets), recent, secrets);
}

/** The log also kept in memory (its last lines), for a support file. */
function keptIn(log: CoreLog, recent: RecentLog, secrets: Secrets): CoreLog {
  return {
    info: (message) => {
      recent.add('info', secrets.scrub(message));
      log.info(message);
    },
    warn: (message) => {
      recent.add('warn', secrets.scrub(message));
      log.warn(message);
    },
    error: (message, detail) => {
      recent.add('error', secrets.scrub(message), detail === undefined ? undefined : secrets.scrubValue(detail));
      if (detail === undefined) log.error(message);
      else log.error(message, detail);
    },
  };
}

/** The log as the core writes it: every line and detail scrubbed of the secrets in use and of credential shapes. */
function scrubbedLog(log: CoreLog, secrets: Secrets): CoreLog {
  return {
    info: (message) => log.info(secrets.scrub(message)),
    warn: (message) => log.warn(secrets.scrub(message)),
    error: (message, detail) =>
      detail === undefined
        ? log.error(secrets.scrub(message))
        : log.error(secrets.scrub(message), secrets.scrubValue(detail)),
  };
}

/**
 * How a catalogue pass or an order refresh ended, for the log: its code and the facts that say where it stopped
 * (where the list's end was not seen, the last page moving), e.g. ' (end_not_seen: repeated_page at page 4)'. The
 * screens word the same code and facts.
 */
function outcomeNote(o: CatalogueOutcome | OrdersOutcome | null): string {
  if (!o) return '';
  const facts: string[] = [];
  if (o.endNotSeen) facts.push(`${o.endNotSeen.reason} at page ${o.endNotSeen.page}`);
  if ('drift' in o && o.drift) facts.push(`last page ${o.drift.from} → ${o.drift.to}`);
  return ` (${o.code}${facts.length > 0 ? `: ${facts.join(', ')}` : ''})`;
}

/**
 * One log line per change of state (connection, sync, order book, outbox count), for support. Lines carry states,
 * counts and the service's host only: never a token, never customer data.
 */
export function logStateChanges(
  events: CoreEvents,
  log: CoreLog,
  /** The records each skipped, named in the log. */
  skipped: Pick<Handlers, 'catalogue:skipped' | 'orders:skipped'>,
): () => void {
  const last = new Map<string, string>();
  const once = (key: string, line: string, level: 'info' | 'warn' = 'info'): void => {
    if (last.get(key) === line) return;
    last.set(key, line);
    log[level](line);
  };
  // each record the service sent that could not be read, once per refresh or pass that skipped it
  const skippedLogged = new Map<string, number>();
  const logSkipped = (source: 'catalogue' | 'orders', outcome: { at: number; skippedRecords: number } | null) => {
    if (!outcome || outcome.skippedRecords === 0 || skippedLogged.get(source) === outcome.at) return;
    skippedLogged.set(source, outcome.at);
    void skipped[`${source}:skipped`]({}).then(
      ({ records }) => {
        const shown = records
          .slice(0, 50)
          .map(
            (r) =>
              `${r.id === null ? 'no id' : `id ${JSON.stringify(r.id)}`}${r.page === null ? '' : ` page ${r.page}`} (${r.reason})`,
          );
        log.warn(
          `${source}: ${outcome.skippedRecords} record(s) from the service could not be read and were skipped: ${shown.join(', ')}${records.length > 50 ? ', …' : ''}`,
        );
      },
      () => undefined,
    );
  };
  return events.onAny((name, payload) => {
    if (name === 'connection:changed') {
      const c = payload as EventPayload<'connection:changed'>;
      // with the reason behind it, as its code (the screens word it; this line is for support)
      const why = c.verdict?.why
        ? `: ${c.verdict.why.reason}${c.verdict.why.host ? ` (${c.verdict.why.host})` : ''}`
        : '';
      if (c.state !== 'checking')
        once(name, `connection: ${c.state} (${c.mode})${why}`, c.state === 'online' ? 'info' : 'warn');
    } else if (name === 'catalogue:progress') {
      const p = payload as EventPayload<'catalogue:progress'>;
      if (p.state !== 'running') {
        once(
          name,
          `catalogue sync ${p.state}${outcomeNote(p.outcome)}: ${p.cachedProducts} products cached, ${p.failedPages} pages failed, ${p.outcome?.skippedRecords ?? p.skippedRecords} records skipped`,
        );
        logSkipped('catalogue', p.outcome);
      }
    } else if (name === 'orders:changed') {
      const o = payload as EventPayload<'orders:changed'>;
      if (o.state !== 'running') {
        const failed = o.outcome?.failedPages ? `, ${o.outcome.failedPages} pages failed` : '';
        once(name, `order book ${o.state}${outcomeNote(o.outcome)}: ${o.cachedOrders} orders cached${failed}`);
        logSkipped('orders', o.outcome);
      }
    } else if (name === 'outbox:changed') {
      once(name, `outbox: ${(payload as EventPayload<'outbox:changed'>).unsent} unsent`);
    }
  });
}
