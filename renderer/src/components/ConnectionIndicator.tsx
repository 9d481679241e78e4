/**
 * The connection in the app frame: the badge in the header and the one-line bar under it. Both read one table of
 * looks per connection state, so a new state needs one line here; the bar shows for every state that is not fine.
 * Dumb: they render what they are given.
 */
import { Anchor, Badge, Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ConnectionState } from '../../../shared/contract';
import { timeOfDay } from './format';

interface Look {
  color: string;
  label: string;
  /** The bar's first words when the state is not fine; null: no bar. */
  bar: string | null;
}

const LOOK: Record<ConnectionState['state'], Look> = {
  online: { color: 'teal', label: 'Online', bar: null },
  offline: { color: 'red', label: 'Offline', bar: 'Offline' },
  checking: { color: 'gray', label: 'Connecting…', bar: null },
  unauthorized: { color: 'orange', label: 'Token refused', bar: 'The service refused the API token' },
  unconfigured: { color: 'gray', label: 'Not set up', bar: null },
};

/** Any state the table does not know yet still gets a look: its name, and the bar. */
const lookOf = (state: string): Look =>
  LOOK[state as ConnectionState['state']] ?? { color: 'orange', label: state, bar: state };

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
  const label = sendingPaused && online ? 'Sending paused' : demo && online ? 'Demo data' : look.label;
  const color = sendingPaused && online ? 'orange' : demo && online ? 'grape' : look.color;
  const detail = sendingPaused
    ? 'The service refused the API token when sending an order; fix the token in Settings.'
    : (connection?.message ?? (demo ? 'Practice service on this computer' : null));
  return (
    <Tooltip label={detail ?? label} disabled={!detail}>
      <Badge
        role="status"
        aria-label={`Connection: ${label}`}
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
      <div className="connection-bar" data-tone="red" role="status" aria-label="Sending is paused">
        <span>
          <strong>Sending is paused:</strong> the service refused the API token.
        </span>
        <Anchor component={Link} to="/settings" size="sm" fw={600} c="inherit" td="underline">
          Fix in Settings
        </Anchor>
      </div>
    );
  }
  if (!connection || !look?.bar) return null;
  const retryAt = retryAtOf(connection);
  const check = async (): Promise<void> => {
    setAnswer({ checking: true, at: null });
    const after = await onCheck().catch(() => null);
    setAnswer({ checking: false, at: after && after.state !== 'online' ? Date.now() : null });
  };
  const parts = [
    stockAsOf !== null ? `stock as of ${timeOfDay(stockAsOf)}` : 'no stock on this computer yet',
    connection.checkedAt !== null ? `checked ${timeOfDay(connection.checkedAt)}` : null,
    retryAt !== null ? `next try ${timeOfDay(retryAt)}` : null,
  ].filter(Boolean);
  return (
    <div
      className="connection-bar"
      data-tone={connection.state === 'unauthorized' ? 'red' : 'orange'}
      role="status"
      aria-label="Offline notice"
    >
      <Tooltip label={connection.message ?? look.bar} multiline maw={420} disabled={!connection.message}>
        <strong tabIndex={connection.message ? 0 : undefined}>{look.bar}</strong>
      </Tooltip>
      <span>· {parts.join(' · ')}</span>
      {connection.state === 'unauthorized' ? (
        <Anchor component={Link} to="/settings" size="sm" fw={600} c="inherit" td="underline">
          Fix in Settings
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
          Check now
        </Button>
      )}
      {answer.at !== null && <span data-testid="check-result">Still not reachable at {timeOfDay(answer.at)}.</span>}
    </div>
  );
}
