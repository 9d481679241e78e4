/**
 * The Review step's parts: a step's section with its edit link, a label and value row, what the live check found
 * for a line (gone, not checked and why, unchanged, or the price and stock it changed from and to), the lines to send,
 * the totals with the dates and notes, and the charges' line beside "Send order".
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DraftData, DraftLine } from '../../../../../shared/domain';
import { formatLocaleDate } from '../../../../../shared/dates';
import { PRICES_STEP } from '../../../../../shared/order-entry';
import type { Totals } from '../../../../../shared/order-money';
import { FIELD_KEYS, specOf } from '../../../../../shared/order-schema';
import { count, money } from '../../../components/format';
import { currentLocale, t } from '../../../i18n';
import { stepName, type WizardErrors } from '../errors';
import { LineStock } from '../LineStock';
import classes from '../wizard.module.css';
import type { Check } from './useLiveCheck';

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

export function Section({
  step,
  onEdit,
  errors,
  children,
}: {
  /** The step the section shows (its name is the section's title). */
  step: number;
  onEdit: (step: number) => void;
  errors: WizardErrors;
  children: ReactNode;
}) {
  const attention = errors.steps.has(step);
  const name = stepName(step);
  return (
    <Paper withBorder p="md" radius="md" aria-label={name} component="section">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3} fz="h4">
            {name}
          </Title>
          {attention && (
            <Badge color="red" variant="light">
              {t('wizard.review.needsAttention')}
            </Badge>
          )}
        </Group>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)}>
          {t('wizard.review.edit', {
            section: currentLocale().startsWith('en') ? name.toLocaleLowerCase('en') : name,
          })}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

export function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} className={classes.numeric}>
        {value}
      </Text>
    </Group>
  );
}

export function Changes({ check }: { check: Check | undefined }) {
  if (!check) return null;
  if (check.state === 'missing')
    return (
      <Text size="xs" c="red" role="alert">
        {t('wizard.review.gone')}
      </Text>
    );
  if (check.state === 'cache')
    return (
      <Text size="xs" c="dimmed">
        {check.note ? t('wizard.review.notCheckedWhy', { note: check.note }) : t('wizard.review.notChecked')}
      </Text>
    );
  const notes: string[] = [];
  if (check.price !== check.was.price)
    notes.push(t('wizard.review.priceChanged', { from: money(check.was.price), to: money(check.price) }));
  if (check.available !== check.was.available)
    notes.push(
      t('wizard.review.stockChanged', {
        from: check.was.available === null ? '—' : count(check.was.available),
        to: check.available === null ? '—' : count(check.available),
      }),
    );
  if (notes.length === 0)
    return (
      <Text size="xs" c="teal">
        {t('wizard.review.unchanged')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {notes.map((n) => (
        <Text key={n} size="xs" c="orange" fw={600}>
          {n}
        </Text>
      ))}
    </Stack>
  );
}

/** The lines to send: each with what the live check found and the service's messages about it, its total and stock. */
export function ItemsToSend({
  lines,
  checks,
  errors,
  totals,
}: {
  lines: readonly DraftLine[];
  checks: Record<number, Check>;
  errors: WizardErrors;
  totals: Totals;
}) {
  return (
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
        {lines.map((line, i) => (
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
  );
}

/** The figures to send beside the dates and other facts filled in, and the notes below them. */
export function TotalsToSend({
  totals,
  taxLabel,
  fields,
}: {
  totals: Totals;
  taxLabel: string;
  fields: DraftData['fields'];
}) {
  const f = fields;
  return (
    <>
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
    </>
  );
}

/** Shipping and tax on one line beside "Send order", with a link to the Prices step. */
export function ChargesLine({
  totals,
  taxLabel,
  onEdit,
}: {
  totals: Totals;
  taxLabel: string;
  onEdit: (step: number) => void;
}) {
  return (
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
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(PRICES_STEP)}>
          {t('wizard.review.editCharges')}
        </Anchor>
      </Group>
    </Paper>
  );
}
