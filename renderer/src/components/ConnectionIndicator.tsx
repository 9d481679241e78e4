/** The connection state in the app frame: online, offline, demo, not set up. Dumb: it renders what it is given. */
import { Badge, Tooltip } from '@mantine/core';
import type { ConnectionState } from '../../../shared/contract';

const LOOK: Record<ConnectionState['state'], { color: string; label: string }> = {
  online: { color: 'teal', label: 'Online' },
  offline: { color: 'red', label: 'Offline' },
  checking: { color: 'gray', label: 'Connecting…' },
  unauthorized: { color: 'orange', label: 'Token refused' },
  unconfigured: { color: 'gray', label: 'Not set up' },
};

export function ConnectionIndicator({ connection }: { connection: ConnectionState | null }) {
  const look = connection ? LOOK[connection.state] : LOOK.checking;
  const demo = connection?.mode === 'demo';
  const label = demo && connection?.state === 'online' ? 'Demo data' : look.label;
  const detail = connection?.message ?? (demo ? 'Practice service on this computer' : null);
  return (
    <Tooltip label={detail ?? label} disabled={!detail}>
      <Badge
        role="status"
        aria-label={`Connection: ${label}`}
        color={demo && connection?.state === 'online' ? 'grape' : look.color}
        variant="light"
        size="lg"
        data-state={connection?.state ?? 'checking'}
        data-mode={connection?.mode ?? 'unconfigured'}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
