/**
 * The Prices step's parts: the totals as they will be sent (subtotal, shipping, tax as computed or typed, discounts,
 * total, and the service's messages about them), and the rarely used dates under a collapsed "More" (open while any
 * is filled in or needs attention).
 */
import { Button, Collapse, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { asDeduction } from '../../../../../shared/money';
import type { DraftData } from '../../../../../shared/domain';
import type { SimpleKey } from '../../../../../shared/i18n/translate';
import type { Totals } from '../../../../../shared/order-money';
import type { FieldKey } from '../../../../../shared/order-entry';
import type { TaxRule } from '../../../../../shared/shop-rules';
import { money } from '../../../components/format';
import { t } from '../../../i18n';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { DateField } from './DateField';
import { DraftField } from './fields';

const MORE_DATES: { fieldKey: FieldKey; label: SimpleKey }[] = [
  { fieldKey: 'processed_date', label: 'wizard.dates.processed' },
  { fieldKey: 'closed_date', label: 'wizard.dates.closed' },
  { fieldKey: 'cancelled_date', label: 'wizard.dates.cancelled' },
];

const MORE_KEYS: FieldKey[] = [...MORE_DATES.map((d) => d.fieldKey), 'cancel_reason'];

/** The totals to send, with the service's messages about the total and the subtotal. */
export function PriceTotals({
  totals,
  tax,
  overridden,
  rate,
  errors,
}: {
  totals: Totals;
  tax: TaxRule | null;
  /** The tax is typed, not the shop's rate. */
  overridden: boolean;
  /** The shop's rate in words ("19 %"). */
  rate: string | null;
  errors: WizardErrors;
}) {
  return (
    <Paper withBorder p="md" radius="md" miw={260} aria-label={t('wizard.prices.totals')}>
      <Stack gap={6}>
        <Figure label={t('wizard.prices.subtotal')} value={totals.subtotal} />
        <Figure label={t('wizard.prices.shippingShort')} value={totals.shipping} />
        <Figure
          label={
            tax === null
              ? t('wizard.prices.tax')
              : overridden
                ? t('wizard.prices.taxOverride')
                : t('wizard.prices.taxRate', { rate: rate ?? '' })
          }
          value={totals.tax}
        />
        <Figure label={t('wizard.prices.discounts')} value={asDeduction(totals.discounts)} />
        <Figure label={t('wizard.prices.total')} value={totals.total} strong />
        {errors.shown('total_price') && (
          <Text size="sm" c="red" role="alert">
            {errors.shown('total_price')}
          </Text>
        )}
        {errors.shown('subtotal_price') && (
          <Text size="sm" c="red" role="alert">
            {errors.shown('subtotal_price')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** "More": the processed, closed and cancelled dates and the reason for a cancellation. */
export function MoreDates({ fields, errors }: { fields: DraftData['fields']; errors: WizardErrors }) {
  const moreFilled = MORE_KEYS.some((k) => fields[k].trim() !== '');
  const moreErrors = MORE_KEYS.some((k) => errors.shown(k));
  const [more, setMore] = useState(false);
  // open while anything in it is filled in or needs attention
  const moreOpen = more || moreFilled || moreErrors;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        aria-expanded={moreOpen}
        aria-controls="order-more-dates"
        onClick={() => setMore(!moreOpen)}
      >
        {moreOpen ? '▾' : '▸'} {t('wizard.dates.more')}
        {moreFilled ? t('wizard.dates.filled') : ''}
      </Button>
      <Collapse expanded={moreOpen} id="order-more-dates">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {MORE_DATES.map(({ fieldKey, label }) => (
              <DateField key={fieldKey} fieldKey={fieldKey} label={t(label)} errors={errors} />
            ))}
          </SimpleGrid>
          <DraftField
            label={t('wizard.dates.cancelReason')}
            description={t('wizard.dates.cancelReasonHelp')}
            fieldKey="cancel_reason"
            errors={errors}
          />
        </Stack>
      </Collapse>
    </>
  );
}

function Figure({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400} className={classes.numeric}>
        {money(value)}
      </Text>
    </Group>
  );
}
