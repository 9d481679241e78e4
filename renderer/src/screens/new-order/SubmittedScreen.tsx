/**
 * After "Send order": the entry's progress in the outbox. Once the service has it, its order opens in the order
 * view; offline it waits (and says so); a rejection can be corrected in the wizard; a doubt goes to the outbox.
 */
import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { attemptWords } from '../outbox/words';
import { correctRejected } from './correct';
import { startNewOrderPath } from './start';
import { MOD } from '../../components/platform';
import { money } from '../../components/format';

export function SubmittedScreen() {
  const { entryId = '' } = useParams();
  const navigate = useNavigate();
  const entry = useStore((s) => s.outbox.find((e) => e.id === entryId) ?? null);
  const online = useStore((s) => s.connection?.state === 'online');
  const loadOutbox = useStore((s) => s.loadOutbox);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadOutbox().catch(() => undefined);
  }, [loadOutbox]);

  useEffect(() => {
    if (entry?.state === 'sent' && entry.serverOrderId !== null)
      void navigate(`/orders/${entry.serverOrderId}?entered=${encodeURIComponent(entry.id)}`, { replace: true });
  }, [entry, navigate]);

  const another = (
    <Button onClick={() => navigate(startNewOrderPath())} data-autofocus>
      {t('submitted.next', { mod: MOD })}
    </Button>
  );
  if (!entry)
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('submitted.putting')}</Text>
      </Group>
    );
  const who = t('submitted.who', { name: entry.order.name, total: money(entry.order.total_price) });
  // what the last attempt came to, worded from its code (the core's reason is for the log)
  const last = entry.attempts.at(-1);
  return (
    <Stack maw={760}>
      <Title order={1} fz="h2">
        {t('submitted.title', { name: entry.order.name })}
      </Title>
      {(entry.state === 'queued' || entry.state === 'sending') &&
        (online && !entry.paused ? (
          <Alert color="blue" title={t('submitted.sending')} role="status">
            <Group gap="sm">
              <Loader size="xs" />
              <Text size="sm">{t('submitted.sendingText', { who })}</Text>
            </Group>
          </Alert>
        ) : (
          <Alert color="orange" title={t('submitted.savedTitle')} role="status">
            {t('submitted.safe', { who })} {entry.paused ? t('submitted.paused') : t('submitted.offline')}{' '}
            {t('submitted.goOn')}
          </Alert>
        ))}
      {entry.state === 'sent' && (
        <Group gap="sm">
          <Loader size="xs" />
          <Text>{t('submitted.sent')}</Text>
        </Group>
      )}
      {entry.state === 'rejected' && (
        <Alert color="red" title={t('submitted.rejected')} role="alert">
          {last && <Text size="sm">{attemptWords(last)}</Text>}
          {entry.fieldErrors && (
            <Text size="sm" mt="xs" fw={600}>
              {t('submitted.serviceSaid')}
            </Text>
          )}
          {entry.fieldErrors && (
            <List size="sm" mt={4}>
              {Object.entries(entry.fieldErrors).map(([key, messages]) => (
                <List.Item key={key}>{messages.join(' ')}</List.Item>
              ))}
            </List>
          )}
          <Button
            mt="sm"
            onClick={() =>
              void correctRejected(entry).then(
                (id) => navigate(`/new-order/${id}`),
                (e: unknown) => setError(errorText(e, 'outbox.error.reopen')),
              )
            }
          >
            {t('outbox.correct')}
          </Button>
        </Alert>
      )}
      {entry.state === 'unknown' && (
        <Alert color="orange" title={t('submitted.unknownTitle')} role="alert">
          {last && `${attemptWords(last)}. `}
          {t('submitted.unknownText')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        {another}
        <Button component={Link} to="/outbox" variant="default">
          {t('submitted.openOutbox')}
        </Button>
      </Group>
    </Stack>
  );
}
