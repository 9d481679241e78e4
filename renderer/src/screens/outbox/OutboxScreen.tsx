/**
 * The outbox as a to-do list: what needs staff (rejected, arrival in doubt, sending paused), what waits on its own,
 * and what went out today. Each order says in one line what happened and what is next; its attempts are behind a
 * disclosure, in words.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OutboxEntry } from '../../../../shared/domain';

import { BridgeError, call } from '../../bridge';
import { asOf, count, money, timeOfDay } from '../../components/format';
import { useStore } from '../../store';
import { correctRejected } from '../new-order/correct';
import { attemptWords, summaryLine, tabOf, type OutboxTab } from './words';
import { ReconcileCheck } from './ReconcileCheck';
import { SetAsideNotice } from './SetAsideNotice';

const STATE_LOOK: Record<OutboxEntry['state'], { color: string; label: string }> = {
  queued: { color: 'blue', label: 'Waiting to send' },
  sending: { color: 'indigo', label: 'Sending' },
  sent: { color: 'teal', label: 'Sent' },
  rejected: { color: 'red', label: 'Rejected' },
  unknown: { color: 'orange', label: 'Arrival in doubt' },
  discarded: { color: 'gray', label: 'Discarded' },
};

const TABS: { value: OutboxTab; label: string; empty: string }[] = [
  { value: 'needs-you', label: 'Needs you', empty: 'Nothing needs you: no order was rejected or is in doubt.' },
  { value: 'waiting', label: 'Waiting', empty: 'No order is waiting to be sent.' },
  { value: 'sent-today', label: 'Sent today', empty: 'No order entered here was sent today yet.' },
];

type Confirm = { entry: OutboxEntry; action: 'send-again' | 'discard' } | null;
/** What "Look for it again" found, said next to the button. */
type Look = { at: number; text: string };

export function OutboxScreen() {
  const entries = useStore((s) => s.outbox);
  const loadOutbox = useStore((s) => s.loadOutbox);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [error, setError] = useState<string | null>(null);
  const [looks, setLooks] = useState<Record<string, Look>>({});
  const [looking, setLooking] = useState<string | null>(null);
  const [chosen, setChosen] = useState<OutboxTab | null>(null);
  const navigate = useNavigate();

  const byTab = new Map<OutboxTab, OutboxEntry[]>(TABS.map((t) => [t.value, []]));
  for (const entry of entries) {
    const tab = tabOf(entry);
    if (tab) byTab.get(tab)!.push(entry);
  }
  const tab = chosen ?? TABS.find((t) => byTab.get(t.value)!.length > 0)?.value ?? 'needs-you';

  const act = async (channel: 'outbox:send-again' | 'outbox:discard', id: string): Promise<void> => {
    setError(null);
    try {
      await call(channel, { id });
    } catch (e) {
      setError(e instanceof BridgeError ? e.message : 'That did not work; try again.');
    }
    setConfirm(null);
    await loadOutbox();
  };

  const lookAgain = async (entry: OutboxEntry): Promise<void> => {
    setLooking(entry.id);
    setError(null);
    const at = Date.now();
    try {
      const after = await call('outbox:reconcile', { id: entry.id });
      const newest = after.attempts.at(-1);
      const looked = after.attempts.length > entry.attempts.length && newest?.outcome.startsWith('reconciled');
      const text =
        after.state === 'sent'
          ? `Found on the service${after.serverPoNumber ? ` as ${after.serverPoNumber}` : ''}: it had arrived.`
          : looked && newest?.outcome === 'reconciled: none'
            ? 'No matching order on the service.'
            : looked
              ? 'Several matching orders on the service: check them in the order book first.'
              : 'The service could not be asked; try again when it is reachable.';
      setLooks((previous) => ({ ...previous, [entry.id]: { at, text } }));
    } catch (e) {
      setLooks((previous) => ({
        ...previous,
        [entry.id]: { at, text: e instanceof BridgeError ? e.message : 'The look did not work; try again.' },
      }));
    } finally {
      setLooking(null);
      await loadOutbox();
    }
  };

  return (
    <Stack maw={960}>
      <Title order={1} fz="h2">
        Outbox
      </Title>
      <Text c="dimmed" size="sm">
        Orders entered here stay on this computer until the service has them. An order is never sent twice on its own:
        when it is not certain whether one arrived, Shopdesk looks for it on the service and otherwise asks you.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <SetAsideNotice />
      <Tabs value={tab} onChange={(value) => setChosen(value as OutboxTab)} keepMounted={false}>
        <Tabs.List aria-label="Outbox lists">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label} ({count(byTab.get(t.value)!.length)})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="sm">
            <Stack gap="sm">
              {byTab.get(t.value)!.length === 0 && <Text c="dimmed">{t.empty}</Text>}
              {byTab.get(t.value)!.map((entry) => (
                <EntryCard
                  key={entry.id}
                  entry={entry}
                  look={looks[entry.id] ?? null}
                  looking={looking === entry.id}
                  onLook={() => void lookAgain(entry)}
                  onConfirm={(action) => setConfirm({ entry, action })}
                  onCorrect={() =>
                    void correctRejected(entry).then(
                      (id) => navigate(`/new-order/${id}`),
                      (e: unknown) =>
                        setError(e instanceof BridgeError ? e.message : 'The order could not be reopened.'),
                    )
                  }
                />
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm?.action === 'send-again' ? 'Send this order again?' : 'Discard this order?'}
      >
        {confirm && (
          <Stack>
            <Text size="sm">
              {confirm.action === 'send-again'
                ? 'If the first attempt did arrive, the shop will have this order twice. Look for it in the order book first.'
                : 'It will not be sent. Nothing is deleted from the service.'}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                Keep it
              </Button>
              <Button
                color={confirm.action === 'send-again' ? 'orange.9' : 'red.9'}
                onClick={() =>
                  void act(confirm.action === 'send-again' ? 'outbox:send-again' : 'outbox:discard', confirm.entry.id)
                }
              >
                {confirm.action === 'send-again' ? 'Send again' : 'Discard'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function EntryCard({
  entry,
  look,
  looking,
  onLook,
  onConfirm,
  onCorrect,
}: {
  entry: OutboxEntry;
  look: Look | null;
  looking: boolean;
  onLook(): void;
  onConfirm(action: 'send-again' | 'discard'): void;
  onCorrect(): void;
}) {
  const [open, setOpen] = useState(false);
  const state = STATE_LOOK[entry.state];
  const lines = entry.order.order_items.length;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Outbox entry for ${entry.order.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{entry.order.name || '(no name)'}</Text>
            <Text fw={600}>{money(entry.order.total_price)}</Text>
            {entry.serverPoNumber && <Text data-testid="outbox-po">{entry.serverPoNumber}</Text>}
          </Group>
          <Text size="sm" c="dimmed">
            {count(lines)} line{lines === 1 ? '' : 's'} · {entry.order.email || 'no e-mail'} · entered{' '}
            {asOf(entry.createdAt)}
          </Text>
        </Stack>
        <Badge
          color={entry.paused && entry.state === 'queued' ? 'orange' : state.color}
          variant="light"
          size="lg"
          tt="none"
          data-state={entry.state}
        >
          {entry.paused && entry.state === 'queued' ? 'Sending paused' : state.label}
        </Badge>
      </Group>
      <Text size="sm" mt="xs" data-testid="outbox-summary">
        {summaryLine(entry)}
      </Text>
      {entry.state === 'unknown' && <ReconcileCheck check={entry.check} />}
      {entry.fieldErrors && (
        <Alert color="red" mt="xs" title="What the service said">
          {Object.entries(entry.fieldErrors).map(([field, messages]) => (
            <Text size="sm" key={field}>
              {messages.join(' ')}
            </Text>
          ))}
        </Alert>
      )}
      <Group mt="sm" gap="xs">
        {entry.state === 'sent' && entry.serverOrderId !== null && (
          <Anchor component={Link} to={`/orders/${entry.serverOrderId}`} size="sm">
            Open the order
          </Anchor>
        )}
        {entry.state === 'unknown' && (
          <>
            <Button size="xs" variant="default" loading={looking} onClick={onLook}>
              Look for it again
            </Button>
            <Button size="xs" color="orange.9" onClick={() => onConfirm('send-again')}>
              Send again…
            </Button>
          </>
        )}
        {entry.state === 'rejected' && (
          <Button size="xs" onClick={onCorrect}>
            Correct the order
          </Button>
        )}
        {entry.paused && entry.state === 'queued' && (
          <Anchor component={Link} to="/settings" size="sm">
            Fix the token in Settings
          </Anchor>
        )}
        {(entry.state === 'unknown' || entry.state === 'rejected' || entry.state === 'queued') && (
          <Button size="xs" variant="subtle" color="red.9" onClick={() => onConfirm('discard')}>
            Discard…
          </Button>
        )}
      </Group>
      {look && (
        <Text size="sm" mt="xs" role="status" aria-label="Look result">
          Looked at {timeOfDay(look.at)}: {look.text}
        </Text>
      )}
      {entry.attempts.length > 0 && (
        <>
          <UnstyledButton
            mt="xs"
            fz="sm"
            c="dimmed"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            {open ? 'Hide' : 'Show'} the {count(entry.attempts.length)} step{entry.attempts.length === 1 ? '' : 's'} so
            far
          </UnstyledButton>
          <Collapse expanded={open}>
            <Table mt={4} withRowBorders={false} verticalSpacing={2} fz="sm" aria-label="Attempts">
              <Table.Tbody>
                {entry.attempts.map((attempt, index) => (
                  <Table.Tr key={index}>
                    <Table.Td w={170}>{asOf(attempt.at)}</Table.Td>
                    <Table.Td>{attemptWords(attempt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
