/**
 * The connection in the app frame: the badge in the header and the one-line bar under it. Both read one table of
 * looks per connection state, so a new state needs one line here; the bar shows for every state that is not fine.
 * Dumb: they render what they are given.
 */
import { Anchor, Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ConnectionState } from '../../../shared/contract';
import type { PlainKey } from '../../../shared/i18n/messages';
import { rich, t } from '../i18n';
import { Tooltip } from '../lazy';
import { verdictText } from '../screens/settings/verdict';
import { timeOfDay } from './format';

/** What the core says of a state no probe stands behind (demo data starting or failing to start). */
const NOTE: Record<NonNullable<ConnectionState['note']>, PlainKey> = {
  demo_starting: 'connection.demoStarting',
  demo_failed: 'connection.demoFailed',
};

/** Why the connection is offline or refused, in words: the core's note, else the connection test's verdict behind it. */
function reason(connection: ConnectionState): string | null {
  if (connection.note) return t(NOTE[connection.note]);
  if (!connection.verdict) return null;
  return verdictText({
    ...connection.verdict,
    productCount: null,
    serviceVersion: null,
    latencyMs: null,
  });
}

interface Look {
  color: string;
  label: string;
  /** The bar's first words when the state is not fine; null: no bar. */
  bar: string | null;
}

const LOOK: Record<ConnectionState['state'], { color: string; label: PlainKey; bar: PlainKey | null }> = {
  online: { color: 'teal', label: 'connection.online', bar: null },
  offline: { color: 'red', label: 'connection.offline', bar: 'connection.offline' },
  checking: { color: 'gray', label: 'connection.checking', bar: null },
  unauthorized: { color: 'orange', label: 'connection.unauthorized', bar: 'connection.unauthorizedBar' },
  unconfigured: { color: 'gray', label: 'connection.unconfigured', bar: null },
  failing: { color: 'red', label: 'connection.failing', bar: 'connection.failingBar' },
  busy: { color: 'yellow', label: 'connection.busy', bar: 'connection.busyBar' },
};

const seconds = (ms: number): string =>
  new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** What the app does about a failing or busy service, in words: background work waits, and when it tries again. */
function waiting(connection: ConnectionState): string | null {
  const retryAt = retryAtOf(connection);
  if (retryAt === null) return null;
  if (connection.state === 'busy') return t('connection.busyWait', { time: seconds(retryAt) });
  if (connection.state === 'failing')
    return t('connection.failingWait', { since: timeOfDay(connection.since), time: seconds(retryAt) });
  return null;
}

/** Any state the table does not know yet still gets a look: its name, and the bar. */
const lookOf = (state: string): Look => {
  const look = LOOK[state as ConnectionState['state']];
  if (!look) return { color: 'orange', label: state, bar: state };
  return { color: look.color, label: t(look.label), bar: look.bar && t(look.bar) };
};

/** When a state carries a time for its next attempt (e.g. a failing or busy service), the bar says it. */
const retryAtOf = (connection: ConnectionState): number | null => {
  const value = (connection as { retryAt?: unknown }).retryAt;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

export function ConnectionIndicator({
  connection,
  sendingPaused,
}: {
  connection: ConnectionState | null;
  /** Orders wait because the service refused the token when sending. */
  sendingPaused: boolean;
}) {
  const look = lookOf(connection?.state ?? 'checking');
  const demo = connection?.mode === 'demo';
  const online = connection?.state === 'online';
  const label =
    sendingPaused && online ? t('connection.sendingPaused') : demo && online ? t('connection.demo') : look.label;
  const color = sendingPaused && online ? 'orange' : demo && online ? 'grape' : look.color;
  const detail = sendingPaused
    ? t('connection.sendingPausedDetail')
    : ((connection && (waiting(connection) ?? reason(connection))) ?? (demo ? t('connection.demoDetail') : null));
  return (
    <Tooltip label={detail ?? label} disabled={!detail}>
      <Badge
        role="status"
        aria-label={t('connection.label', { state: label })}
        color={color}
        variant="light"
        size="lg"
        tt="none"
        className="status-pill-badge"
        data-state={connection?.state ?? 'checking'}
        data-mode={connection?.mode ?? 'unconfigured'}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

/**
 * One line under the header while the service is not fine: what is wrong, how old the data on this computer is, when
 * it was last checked, and Check now with a visible answer. The technical reason is in a tooltip.
 */
export function ConnectionBar({
  connection,
  stockAsOf,
  sendingPaused,
  onCheck,
}: {
  connection: ConnectionState | null;
  stockAsOf: number | null;
  sendingPaused: boolean;
  onCheck(): Promise<ConnectionState | null>;
}) {
  const [answer, setAnswer] = useState<{ checking: boolean; at: number | null }>({ checking: false, at: null });
  const look = connection ? lookOf(connection.state) : null;
  if (sendingPaused && connection?.state !== 'unauthorized') {
    return (
      <div className="connection-bar" data-tone="red" role="status" aria-label={t('connection.pausedBar')}>
        <span>{rich('connection.pausedBarText', { b: (chunks) => <strong>{chunks}</strong> })}</span>
        <Anchor component={Link} to="/settings" size="sm" fw={600} c="inherit" td="underline">
          {t('connection.fixInSettings')}
        </Anchor>
      </div>
    );
  }
  if (!connection || !look?.bar) return null;
  const retryAt = retryAtOf(connection);
  const why = reason(connection);
  const check = async (): Promise<void> => {
    setAnswer({ checking: true, at: null });
    const after = await onCheck().catch(() => null);
    setAnswer({ checking: false, at: after && after.state !== 'online' ? Date.now() : null });
  };
  const parts = [
    stockAsOf !== null ? t('connection.stockAsOf', { time: timeOfDay(stockAsOf) }) : t('connection.noStock'),
    connection.checkedAt !== null ? t('connection.checkedAt', { time: timeOfDay(connection.checkedAt) }) : null,
    retryAt !== null ? t('connection.nextTry', { time: timeOfDay(retryAt) }) : null,
  ].filter(Boolean);
  return (
    <div
      className="connection-bar"
      data-tone={connection.state === 'unauthorized' ? 'red' : 'orange'}
      role="status"
      aria-label={t('connection.offlineNotice')}
    >
      <Tooltip label={why ?? look.bar} multiline maw={420} disabled={!why}>
        <strong tabIndex={why ? 0 : undefined}>{look.bar}</strong>
      </Tooltip>
      <span>· {parts.join(' · ')}</span>
      {connection.state === 'unauthorized' ? (
        <Anchor component={Link} to="/settings" size="sm" fw={600} c="inherit" td="underline">
          {t('connection.fixInSettings')}
        </Anchor>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          color="dark"
          c="inherit"
          loading={answer.checking}
          onClick={() => void check()}
        >
          {t('connection.checkNow')}
        </Button>
      )}
      {answer.at !== null && (
        <span data-testid="check-result">{t('connection.stillUnreachable', { time: timeOfDay(answer.at) })}</span>
      )}
    </div>
  );
}
