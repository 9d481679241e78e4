/**
 * Where "New order" leads: unfinished orders on this computer are offered first (continue or discard); with none,
 * a new order starts at once.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Draft } from '../../../../shared/domain';

import { computeTotals } from '../../../../shared/order-entry';
import { asOf, money } from '../../components/format';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { taxRuleOf } from '../../../../shared/shop-rules';
import { DiscardDraftDialog } from './DiscardDraftDialog';
import { stepName } from './errors';
import { newDraftPath } from './start';

export function NewOrderScreen() {
  const navigate = useNavigate();
  const loadDrafts = useStore((s) => s.loadDrafts);
  const discardDraft = useStore((s) => s.discardDraft);
  const drafts = useStore((s) => s.drafts);
  const tax = taxRuleOf(useStore((s) => s.shop));
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Draft | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadDrafts().then(
      (list) => {
        if (cancelled) return;
        if (list.length === 0) void navigate(newDraftPath(), { replace: true });
        else setLoaded(true);
      },
      (e: unknown) => {
        if (!cancelled) setError(errorText(e, 'wizard.draftsUnreadable'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadDrafts, navigate]);

  if (error)
    return (
      <Stack maw={720}>
        <Alert color="red" role="alert" title={t('newOrder.unreadable')}>
          {error}
        </Alert>
        <Button onClick={() => navigate(newDraftPath())} w="fit-content">
          {t('newOrder.start')}
        </Button>
      </Stack>
    );
  if (!loaded)
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('newOrder.looking')}</Text>
      </Group>
    );

  return (
    <Stack maw={800}>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('nav.newOrder')}
        </Title>
        <Button onClick={() => navigate(newDraftPath())} data-autofocus autoFocus>
          {t('newOrder.start')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('newOrder.intro', { count: drafts.length })}
      </Text>
      <Stack gap="sm" component="ul" aria-label={t('newOrder.list')} style={{ listStyle: 'none', padding: 0 }}>
        {drafts.map((draft) => {
          const name = draft.data.fields.name.trim() || t('newOrder.noCustomer');
          const total = computeTotals(draft.data.lines, draft.data.fields, tax).total;
          return (
            <Paper
              key={draft.id}
              component="li"
              withBorder
              p="md"
              radius="md"
              aria-label={t('newOrder.item', { name })}
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={700}>{name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('newOrder.facts', {
                      lines: draft.data.lines.length,
                      total: money(total),
                      step: stepName(draft.step),
                      when: asOf(draft.updatedAt),
                    })}
                  </Text>
                  {draft.data.onHold && (
                    <Text size="sm" c="blue">
                      {t('hold.since', { when: asOf(draft.data.onHold.at) })}
                    </Text>
                  )}
                  {draft.data.replaces && (
                    <Text size="sm" c="orange">
                      {t('newOrder.correction')}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="light"
                    onClick={() => navigate(`/new-order/${draft.id}`)}
                    aria-label={t('newOrder.continueName', { name })}
                  >
                    {t('newOrder.continue')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setConfirm(draft)}
                    aria-label={t('newOrder.discardName', { name })}
                  >
                    {t('outbox.discardAsk')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <DiscardDraftDialog
        data={confirm?.data ?? null}
        onKeep={() => setConfirm(null)}
        onDiscard={() => {
          const id = confirm!.id;
          setConfirm(null);
          discardDraft(id).catch(() => setError(t('newOrder.discardFailed')));
        }}
      />
    </Stack>
  );
}
