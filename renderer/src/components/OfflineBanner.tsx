/** One calm line when the service cannot be reached: what still works, and how old the cached data is. */
import { Alert, Button } from '@mantine/core';
import type { ConnectionState } from '../../../shared/contract';
import { asOf } from './format';

export function OfflineBanner({
  connection,
  cachedAt,
  onRetry,
}: {
  connection: ConnectionState | null;
  cachedAt: number | null;
  onRetry(): void;
}) {
  if (connection?.state !== 'offline') return null;
  return (
    <div role="status" aria-label="Offline notice">
      <Alert color="orange" variant="light" mb="md" title="Offline — working from this computer’s cache">
        {connection.message ? `${connection.message} ` : ''}
        Stock is shown as cached at {asOf(cachedAt)}. Shopdesk keeps checking and says so when the service is back.{' '}
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Check now
        </Button>
      </Alert>
    </div>
  );
}
