/**
 * Where "New order" leads: unfinished orders on this computer are offered first (continue or discard); with none,
 * a new order starts at once.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Draft } from '../../../../shared/domain';

import { computeTotals, STEPS } from '../../../../shared/order-entry';
import { BridgeError } from '../../bridge';
import { asOf, count, money } from '../../components/format';
import { useStore } from '../../store';
import { taxRuleOf } from '../../../../shared/shop';
import { DiscardDraftDialog } from './DiscardDraftDialog';
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
        if (!cancelled)
          setError(e instanceof BridgeError ? e.message : 'The drafts on this computer could not be read.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadDrafts, navigate]);

  if (error)
    return (
      <Stack maw={720}>
        <Alert color="red" role="alert" title="Unfinished orders could not be read">
          {error}
        </Alert>
        <Button onClick={() => navigate(newDraftPath())} w="fit-content">
          Start a new order
        </Button>
      </Stack>
    );
  if (!loaded)
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Looking for unfinished orders…</Text>
      </Group>
    );

  return (
    <Stack maw={800}>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          New order
        </Title>
        <Button onClick={() => navigate(newDraftPath())} data-autofocus autoFocus>
          Start a new order
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {drafts.length === 1 ? 'One order was' : `${count(drafts.length)} orders were`} started on this computer and not
        sent yet. Continue where you left off, or discard.
      </Text>
      <Stack gap="sm" component="ul" aria-label="Unfinished orders" style={{ listStyle: 'none', padding: 0 }}>
        {drafts.map((draft) => {
          const name = draft.data.fields.name.trim() || 'No customer yet';
          const total = computeTotals(draft.data.lines, draft.data.fields, tax).total;
          return (
            <Paper key={draft.id} component="li" withBorder p="md" radius="md" aria-label={`Unfinished order: ${name}`}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={700}>{name}</Text>
                  <Text size="sm" c="dimmed">
                    {count(draft.data.lines.length)} line{draft.data.lines.length === 1 ? '' : 's'} · total{' '}
                    {money(total)} · at step “{STEPS[draft.step] ?? STEPS[0]}” · last change {asOf(draft.updatedAt)}
                  </Text>
                  {draft.data.replaces && (
                    <Text size="sm" c="orange">
                      Correction of an order the service rejected
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="light"
                    onClick={() => navigate(`/new-order/${draft.id}`)}
                    aria-label={`Continue ${name}`}
                  >
                    Continue
                  </Button>
                  <Button variant="subtle" color="red" onClick={() => setConfirm(draft)} aria-label={`Discard ${name}`}>
                    Discard…
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
          discardDraft(id).catch(() => setError('The unfinished order could not be discarded; it is still kept.'));
        }}
      />
    </Stack>
  );
}
