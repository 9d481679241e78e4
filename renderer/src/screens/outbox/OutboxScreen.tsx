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
import { attemptKind, type OutboxEntry } from '../../../../shared/domain';

import type { SimpleKey } from '../../../../shared/i18n/translate';
import { call } from '../../bridge';
import { asOf, money, timeOfDay } from '../../components/format';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { correctRejected } from '../new-order/correct';
import { attemptWords, reasonWords, summaryLine, tabOf, type OutboxTab } from './words';
import { CandidateList, ReconcileCheck } from './ReconcileCheck';
import { SetAsideNotice } from './SetAsideNotice';

const STATE_LOOK: Record<OutboxEntry['state'], { color: string; label: SimpleKey }> = {
  queued: { color: 'blue', label: 'outbox.state.queued' },
  sending: { color: 'indigo', label: 'outbox.state.sending' },
  sent: { color: 'teal', label: 'outbox.state.sent' },
  rejected: { color: 'red', label: 'outbox.state.rejected' },
  unknown: { color: 'orange', label: 'outbox.state.unknown' },
  discarded: { color: 'gray', label: 'outbox.state.discarded' },
};

const TABS: { value: OutboxTab; label: SimpleKey; empty: SimpleKey }[] = [
  { value: 'needs-you', label: 'outbox.tab.needsYou', empty: 'outbox.empty.needsYou' },
  { value: 'waiting', label: 'outbox.tab.waiting', empty: 'outbox.empty.waiting' },
  { value: 'sent-today', label: 'outbox.tab.sentToday', empty: 'outbox.empty.sentToday' },
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

  const byTab = new Map<OutboxTab, OutboxEntry[]>(TABS.map((tab) => [tab.value, []]));
  for (const entry of entries) {
    const tab = tabOf(entry);
    if (tab) byTab.get(tab)!.push(entry);
  }
  const tab = chosen ?? TABS.find((each) => byTab.get(each.value)!.length > 0)?.value ?? 'needs-you';

  const act = async (channel: 'outbox:send-again' | 'outbox:discard', id: string): Promise<void> => {
    setError(null);
    try {
      await call(channel, { id });
    } catch (e) {
      setError(errorText(e, 'outbox.error.action'));
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
      const looked =
        after.attempts.length > entry.attempts.length && newest !== undefined && attemptKind(newest.outcome) === 'look';
      const text =
        after.state === 'sent'
          ? after.serverPoNumber
            ? t('outbox.look.foundAs', { po: after.serverPoNumber })
            : t('outbox.look.found')
          : looked && newest.outcome === 'look_none'
            ? t('outbox.look.none')
            : looked
              ? t('outbox.look.several')
              : t('outbox.look.unreachable');
      setLooks((previous) => ({ ...previous, [entry.id]: { at, text } }));
    } catch (e) {
      setLooks((previous) => ({
        ...previous,
        [entry.id]: { at, text: errorText(e, 'outbox.error.look') },
      }));
    } finally {
      setLooking(null);
      await loadOutbox();
    }
  };

  return (
    <Stack maw={960}>
      <Title order={1} fz="h2">
        {t('nav.outbox')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('outbox.intro')}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <SetAsideNotice />
      <Tabs value={tab} onChange={(value) => setChosen(value as OutboxTab)} keepMounted={false}>
        <Tabs.List aria-label={t('outbox.lists')}>
          {TABS.map((each) => (
            <Tabs.Tab key={each.value} value={each.value}>
              {t('outbox.tab.count', { label: t(each.label), count: byTab.get(each.value)!.length })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((each) => (
          <Tabs.Panel key={each.value} value={each.value} pt="sm">
            <Stack gap="sm">
              {byTab.get(each.value)!.length === 0 && <Text c="dimmed">{t(each.empty)}</Text>}
              {byTab.get(each.value)!.map((entry) => (
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
                      (e: unknown) => setError(errorText(e, 'outbox.error.reopen')),
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
        title={confirm?.action === 'send-again' ? t('outbox.confirm.sendAgain') : t('outbox.confirm.discard')}
      >
        {confirm && (
          <Stack>
            <Text size="sm">
              {confirm.action === 'send-again' ? t('outbox.confirm.sendAgainText') : t('outbox.confirm.discardText')}
            </Text>
            {confirm.action === 'send-again' && <SendAgainFacts entry={confirm.entry} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)} data-autofocus>
                {t('outbox.keep')}
              </Button>
              <Button
                color="red.9"
                onClick={() =>
                  void act(confirm.action === 'send-again' ? 'outbox:send-again' : 'outbox:discard', confirm.entry.id)
                }
              >
                {confirm.action === 'send-again' ? t('outbox.sendAgain') : t('outbox.discard')}
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
    <Paper withBorder p="md" radius="md" component="article" aria-label={t('outbox.entry', { name: entry.order.name })}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{entry.order.name || t('outbox.noName')}</Text>
            <Text fw={600}>{money(entry.order.total_price)}</Text>
            {entry.serverPoNumber && <Text data-testid="outbox-po">{entry.serverPoNumber}</Text>}
          </Group>
          <Text size="sm" c="dimmed">
            {t('outbox.facts', {
              lines,
              email: entry.order.email || t('outbox.noEmail'),
              when: asOf(entry.createdAt),
            })}
          </Text>
        </Stack>
        <Badge
          color={entry.paused && entry.state === 'queued' ? 'orange' : state.color}
          variant="light"
          size="lg"
          tt="none"
          data-state={entry.state}
        >
          {entry.paused && entry.state === 'queued' ? t('connection.sendingPaused') : t(state.label)}
        </Badge>
      </Group>
      {/* why the core put it in this state, in words, on hover (the summary says what happened and what is next) */}
      <Text
        size="sm"
        mt="xs"
        data-testid="outbox-summary"
        data-reason={entry.reason?.code}
        title={entry.reason ? reasonWords(entry.reason) : undefined}
      >
        {summaryLine(entry)}
      </Text>
      {entry.state === 'unknown' && <ReconcileCheck check={entry.check} />}
      {entry.fieldErrors && (
        <Alert color="red" mt="xs" title={t('outbox.serviceSaid')}>
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
            {t('outbox.openOrder')}
          </Anchor>
        )}
        {entry.state === 'unknown' && (
          <>
            {/* the safe action first and prominent: a look is a read; sending again may make a duplicate */}
            <Button size="xs" loading={looking} onClick={onLook}>
              {t('outbox.lookAgain')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onConfirm('send-again')}>
              {t('outbox.sendAgainAsk')}
            </Button>
          </>
        )}
        {entry.state === 'rejected' && (
          <Button size="xs" onClick={onCorrect}>
            {t('outbox.correct')}
          </Button>
        )}
        {entry.paused && entry.state === 'queued' && (
          <Anchor component={Link} to="/settings" size="sm">
            {t('outbox.fixToken')}
          </Anchor>
        )}
        {(entry.state === 'unknown' || entry.state === 'rejected' || entry.state === 'queued') && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onConfirm('discard')}>
            {t('outbox.discardAsk')}
          </Button>
        )}
      </Group>
      {look && (
        <Text size="sm" mt="xs" role="status" aria-label={t('outbox.lookResult')}>
          {t('outbox.lookedAt', { time: timeOfDay(look.at), text: look.text })}
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
            {t(open ? 'outbox.steps.hide' : 'outbox.steps.show', { count: entry.attempts.length })}
          </UnstyledButton>
          <Collapse expanded={open}>
            <Table mt={4} withRowBorders={false} verticalSpacing={2} fz="sm" aria-label={t('outbox.attempts')}>
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

/** Before sending again: what the last look on the service found, with the orders that could already be this one. */
function SendAgainFacts({ entry }: { entry: OutboxEntry }) {
  const check = entry.check;
  if (!check || check.outcome === 'unreachable')
    return (
      <Text size="sm" data-testid="send-again-facts">
        {t('outbox.confirm.notLooked')}
      </Text>
    );
  if (check.candidates.length === 0)
    return (
      <Text size="sm" data-testid="send-again-facts">
        {t('outbox.confirm.noCandidates', { when: asOf(check.checkedAt) })}
      </Text>
    );
  return (
    <div data-testid="send-again-facts">
      <Text size="sm">
        {t('outbox.confirm.candidates', { count: check.candidates.length, when: asOf(check.checkedAt) })}
      </Text>
      <CandidateList candidates={check.candidates} />
    </div>
  );
}
