/**
 * Step 5: everything on one page with an edit link per step. When online, each line's product is read again from the
 * service and what changed since it was added (price, stock, gone) is shown before sending. Sending puts the order in
 * the outbox first; Enter never sends, only the button (or Ctrl+Enter) does.
 */
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { countryLabel } from '../../../../../shared/countries';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { computeTotals, firstStepWithError, REVIEW_STEP, STEPS, toNewOrder } from '../../../../../shared/order-entry';
import { fieldsShown, FIELD_KEYS, specOf, type FieldKey } from '../../../../../shared/order-schema';
import { formatLocaleDate } from '../../../../../shared/dates';
import { count, measure, money } from '../../../components/format';
import { errorText } from '../../../errors';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import { taxRuleOf } from '../../../../../shared/shop-rules';
import { selectDateOrder } from '../../../store/orders';
import { LineStock } from '../LineStock';
import { Changes, Row, Section } from './reviewParts';
import { useLiveCheck } from './useLiveCheck';
import { MOD } from '../../../components/platform';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';

/** What the review shows of the order schema's fields besides the blocks it draws itself. */
const CUSTOMER = fieldsShown('review', 'customer') as FieldKey[];
/**
 * Dates and other facts, each shown when filled; a date the app fills in (the order date) always, "today" when it is
 * empty (the service then takes the day it gets the order).
 */
const ROWS = FIELD_KEYS.flatMap((key) => {
  const { show, review, form } = specOf(key);
  if ((show.review !== 'date' && show.review !== 'row') || !review) return [];
  const date = show.review === 'date';
  return [{ key, label: review, date, always: date && form?.prefilled === true }];
});
const NOTES = FIELD_KEYS.flatMap((key) => {
  const { show, note } = specOf(key);
  return show.review === 'note' && note ? [{ key, say: note.review }] : [];
});

export function ReviewStep({
  errors,
  onEdit,
  onSent,
  holdButton,
}: {
  errors: WizardErrors;
  onEdit: (step: number) => void;
  onSent: (path: string) => void;
  /** "Put on hold", beside "Send order". */
  holdButton?: ReactNode;
}) {
  const data = useStore((s) => s.wizard!.data);
  const f = data.fields;
  const tax = taxRuleOf(useStore((s) => s.shop));
  const order = useStore(selectDateOrder);
  const online = useStore((s) => s.connection?.state === 'online');
  const updateDraft = useStore((s) => s.updateDraft);
  const markAttempted = useStore((s) => s.markAttempted);
  const submitDraft = useStore((s) => s.submitDraft);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const [queued, setQueued] = useState(false);
  const { checking, checks } = useLiveCheck(data.lines, online, updateDraft);

  const totals = computeTotals(data.lines, data.fields, tax);
  const taxLabel =
    tax === null
      ? t('wizard.prices.tax')
      : totals.taxOverridden
        ? t('wizard.review.taxTyped')
        : t('wizard.prices.taxRate', { rate: t('wizard.prices.rate', { rate: measure(tax.ratePercent, 4) }) });
  const missing = data.lines.filter((l) => checks[l.productId]?.state === 'missing');
  const problems = Object.keys(errors.all).length;

  const send = async (): Promise<void> => {
    if (sending) return;
    if (checking) {
      setQueued(true); // sent as soon as the fresh prices are in (and shown)
      return;
    }
    setQueued(false);
    setSendError(null);
    const first = firstStepWithError(errors.all);
    if (first !== null) {
      markAttempted(...STEPS.map((_, i) => i));
      if (first !== REVIEW_STEP) onEdit(first);
      return;
    }
    if (missing.length > 0) {
      setSendError(t('wizard.review.removeMissing'));
      return;
    }
    setSending(true);
    try {
      const entry = await submitDraft(toNewOrder(data, order, tax));
      onSent(`/new-order/sent/${entry.id}`);
    } catch (e) {
      setSending(false);
      setSendError(errorText(e, 'wizard.review.outboxFailed'));
    }
  };

  // Ctrl/Cmd+Enter sends from anywhere on the step; the step opens with the focus on "Send order"
  const sendNow = useEffectEvent(() => void send());
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      event.preventDefault();
      sendNow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    sendRef.current?.focus();
  }, []);
  useEffect(() => {
    if (checking || !queued) return;
    const timer = setTimeout(sendNow, 0);
    return () => clearTimeout(timer);
  }, [checking, queued]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="wizard.step.0" step={0} onEdit={onEdit} errors={errors}>
          {CUSTOMER.map((key, i) => (
            <Text key={key} fw={i === 0 ? 600 : undefined}>
              {f[key] || '—'}
            </Text>
          ))}
        </Section>
        <Section title="wizard.step.1" step={1} onEdit={onEdit} errors={errors}>
          <Text>{f.address_line_1 || '—'}</Text>
          {f.address_line_2 && <Text>{f.address_line_2}</Text>}
          <Text>
            {f.zip} {f.city}
          </Text>
          <Text>
            {f.province}
            {f.province && f.country ? ', ' : ''}
            {f.country && countryLabel(f.country, currentLocale())}
          </Text>
        </Section>
      </SimpleGrid>

      <Section title="wizard.step.2" step={2} onEdit={onEdit} errors={errors}>
        {!online && (
          <Text size="sm" c="orange">
            {t('wizard.review.offline')}
          </Text>
        )}
        {checking && (
          <Text size="sm" c="dimmed" role="status">
            {t('wizard.review.checking')}
          </Text>
        )}
        <Table withTableBorder verticalSpacing={4} aria-label={t('wizard.review.itemsToSend')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('wizard.col.sku')}</Table.Th>
              <Table.Th>{t('wizard.col.product')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('wizard.col.price')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('wizard.col.quantity')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('wizard.col.lineTotal')}</Table.Th>
              <Table.Th>{t('wizard.col.stock')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.lines.map((line, i) => (
              <Table.Tr key={line.productId}>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {line.sku}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{line.name}</Text>
                  <Changes check={checks[line.productId]} />
                  {[errors.all[`order_items.${i}.id`], errors.all[`order_items.${i}.quantity`]]
                    .filter(Boolean)
                    .map((message) => (
                      <Text key={message} size="xs" c="red">
                        {message}
                      </Text>
                    ))}
                </Table.Td>
                <Table.Td className={classes.numeric}>{money(line.price)}</Table.Td>
                <Table.Td className={classes.numeric}>{count(line.quantity)}</Table.Td>
                <Table.Td className={classes.numeric}>{money(totals.lines[i] ?? null)}</Table.Td>
                <Table.Td>
                  <LineStock line={line} unit />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title="wizard.step.3" step={3} onEdit={onEdit} errors={errors}>
        <SimpleGrid cols={2}>
          <Stack gap={2} aria-label={t('wizard.review.totalsToSend')}>
            <Row label={t('wizard.prices.subtotal')} value={money(totals.subtotal)} />
            <Row label={t('wizard.prices.shippingShort')} value={money(totals.shipping)} />
            <Row label={taxLabel} value={money(totals.tax)} />
            <Row label={t('wizard.prices.discounts')} value={money(totals.discounts)} />
            <Row label={t('wizard.prices.total')} value={money(totals.total)} strong />
          </Stack>
          <Stack gap={2}>
            {ROWS.filter(({ key, always }) => always || f[key]).map(({ key, label, date, always }) => (
              <Row
                key={key}
                label={t(label)}
                value={
                  date ? formatLocaleDate(f[key], currentLocale()) || (always ? t('wizard.review.today') : '') : f[key]
                }
              />
            ))}
          </Stack>
        </SimpleGrid>
        {NOTES.filter(({ key }) => f[key]).map(({ key, say }) => (
          <Text key={key} size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
            {t(say, { value: f[key] })}
          </Text>
        ))}
      </Section>

      {Object.entries(errors.unowned).map(([key, message]) => (
        <Alert key={key} color="orange" title={t('wizard.review.serviceAbout', { key })}>
          {message} {t('wizard.review.notAField')}
        </Alert>
      ))}
      {sendError && (
        <Alert color="red" role="alert">
          {sendError}
        </Alert>
      )}
      {problems > 0 && (
        <Alert color="orange" role="status">
          {t('wizard.review.problems', { count: problems })}
        </Alert>
      )}
      {/* shipping and tax on one line beside "Send order": a Ctrl+Enter from Items that skipped the Prices step lands
          here with them in view */}
      <Paper withBorder p="xs" radius="md" aria-label={t('wizard.review.charges')} data-testid="review-charges">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('wizard.review.chargesLine', {
              shipping: totals.shipping !== null && Number(totals.shipping) > 0 ? money(totals.shipping) : 'none',
              tax: taxLabel,
              taxAmount: money(totals.tax),
              total: money(totals.total),
            })}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => onEdit(3)}>
            {t('wizard.review.editCharges')}
          </Anchor>
        </Group>
      </Paper>
      <Group justify="space-between">
        <Button variant="default" onClick={() => onEdit(3)}>
          {t('wizard.back')}
        </Button>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('wizard.review.sendKeys', { mod: MOD })}
          </Text>
          <Button
            ref={sendRef}
            size="md"
            onClick={() => void send()}
            // a held Enter (key repeat from the step before) does not send
            onKeyDown={(e) => e.key === 'Enter' && e.repeat && e.preventDefault()}
            loading={sending}
            aria-describedby="send-note"
          >
            {t('wizard.review.send')}
          </Button>
          {holdButton}
        </Group>
      </Group>
      {queued && checking && (
        <Text size="sm" c="dimmed" role="status">
          {t('wizard.review.queued')}
        </Text>
      )}
      <Text id="send-note" size="xs" c="dimmed">
        {t('wizard.review.sendNote')}
      </Text>
    </Stack>
  );
}
