/** What the last look on the service found for an order in doubt: the outcome in words and the candidates to check. */
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OutboxCheck, ReconcileCandidate } from '../../../../shared/domain';
import { asOf } from '../../components/format';

const OUTCOME: Record<OutboxCheck['outcome'], string> = {
  found: 'Found on the service: it had arrived.',
  none: 'No order on the service matches this one.',
  several: 'More than one order on the service could be this one. Check them before you decide.',
  unlike:
    'One order on the service has the same customer, items and total, but it was created well before or after this one was sent, so it is probably another order.',
  unverified:
    'One order on the service has the same customer, items and total. Shopdesk cannot be sure it is not an older one, because the order list had not been read shortly before this was sent.',
  unreachable: 'The service could not be asked yet; Shopdesk looks again when it is back.',
};

function when(candidate: ReconcileCandidate): string {
  if (candidate.seenBeforeSending) return 'already on the service before this order was sent, so not this one';
  if (candidate.minutesFromSend === null) return `created ${candidate.createdAt || 'at an unknown time'}`;
  const minutes = candidate.minutesFromSend;
  if (Math.abs(minutes) < 2) return 'created when this order was sent';
  const span =
    Math.abs(minutes) >= 120 ? `${Math.round(Math.abs(minutes) / 60)} hours` : `${Math.abs(minutes)} minutes`;
  return `created ${span} ${minutes < 0 ? 'before' : 'after'} this order was sent`;
}

export function ReconcileCheck({ check }: { check: OutboxCheck | null }) {
  if (!check || check.outcome === 'found') return null;
  return (
    <div aria-label="What Shopdesk found on the service">
      <Text size="sm" mt="xs">
        {OUTCOME[check.outcome]}{' '}
        <Text span c="dimmed" size="xs">
          (looked {asOf(check.checkedAt)})
        </Text>
      </Text>
      {check.candidates.length > 0 && (
        <List size="sm" mt={4}>
          {check.candidates.map((c) => (
            <List.Item key={c.orderId}>
              <Anchor component={Link} to={`/orders/${c.orderId}`}>
                {c.poNumber || `Order #${c.orderId}`}
              </Anchor>{' '}
              — {when(c)}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
