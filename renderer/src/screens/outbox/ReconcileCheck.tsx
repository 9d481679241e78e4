/** What the last look on the service found for an order in doubt: the outcome in words and the candidates to check. */
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OutboxCheck, ReconcileCandidate } from '../../../../shared/domain';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { asOf } from '../../components/format';
import { t } from '../../i18n';

const OUTCOME: Record<OutboxCheck['outcome'], SimpleKey> = {
  found: 'outbox.check.found',
  none: 'outbox.check.none',
  several: 'outbox.check.several',
  unlike: 'outbox.check.unlike',
  unverified: 'outbox.check.unverified',
  unreachable: 'outbox.check.unreachable',
};

function when(candidate: ReconcileCandidate): string {
  if (candidate.seenBeforeSending) return t('outbox.check.seenBefore');
  if (candidate.minutesFromSend === null)
    // the service's own date text, as it wrote it
    return candidate.createdAt
      ? t('outbox.check.createdAt', { when: candidate.createdAt })
      : t('outbox.check.createdUnknown');
  const minutes = candidate.minutesFromSend;
  if (Math.abs(minutes) < 2) return t('outbox.check.createdAtSend');
  const hours = Math.abs(minutes) >= 120;
  const span = {
    unit: hours ? 'hours' : 'minutes',
    amount: hours ? Math.round(Math.abs(minutes) / 60) : Math.abs(minutes),
  };
  return t(minutes < 0 ? 'outbox.check.createdBefore' : 'outbox.check.createdAfter', span);
}

export function ReconcileCheck({ check }: { check: OutboxCheck | null }) {
  if (!check || check.outcome === 'found') return null;
  return (
    <div aria-label={t('outbox.check.label')}>
      <Text size="sm" mt="xs">
        {t(OUTCOME[check.outcome])}{' '}
        <Text span c="dimmed" size="xs">
          {t('outbox.check.looked', { when: asOf(check.checkedAt) })}
        </Text>
      </Text>
      <CandidateList candidates={check.candidates} />
    </div>
  );
}

/** Orders on the service that could be this one, each a link to open it, with when it was created. */
export function CandidateList({ candidates }: { candidates: ReconcileCandidate[] }) {
  if (candidates.length === 0) return null;
  return (
    <List size="sm" mt={4}>
      {candidates.map((c) => (
        <List.Item key={c.orderId}>
          <Anchor component={Link} to={`/orders/${c.orderId}`}>
            {c.poNumber || t('outbox.check.orderNumber', { id: c.orderId })}
          </Anchor>{' '}
          — {when(c)}
        </List.Item>
      ))}
    </List>
  );
}
