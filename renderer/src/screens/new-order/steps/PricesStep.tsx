/**
 * Step 4: money and dates. The subtotal comes from the lines (exact), shipping, tax and discounts are typed, the
 * total is computed; dates are typed in the service's day/month order (Settings), "t" for today.
 */
import { Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { DraftData } from '../../../../../shared/domain';
import { asDeduction, formatMoney } from '../../../../../shared/money';
import { computeTotals, datePattern, readDateInput, showDate } from '../../../../../shared/order-entry';
import { useStore } from '../../../store';
import { selectDateOrder } from '../../../store/orders';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { DraftField } from './fields';

type DateKey = keyof Omit<DraftData['dates'], 'cancelReason'>;

const DATE_FIELDS: { key: DateKey; fieldKey: string; label: string }[] = [
  { key: 'order', fieldKey: 'order_date', label: 'Order date' },
  { key: 'processed', fieldKey: 'processed_date', label: 'Processed date' },
  { key: 'closed', fieldKey: 'closed_date', label: 'Closed date' },
  { key: 'cancelled', fieldKey: 'cancelled_date', label: 'Cancelled date' },
];

export function PricesStep({ errors }: { errors: WizardErrors }) {
  const data = useStore((s) => s.wizard!.data);
  const order = useStore(selectDateOrder);
  const updateDraft = useStore((s) => s.updateDraft);
  const totals = computeTotals(data.lines, data.prices);
  const money = (key: keyof DraftData['prices'], fieldKey: string, label: string, description: string) => (
    <DraftField
      label={label}
      description={description}
      fieldKey={fieldKey}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      classNames={{ input: classes.numeric }}
      value={data.prices[key]}
      set={(d, v) => ({ ...d, prices: { ...d.prices, [key]: v } })}
      errors={errors}
    />
  );
  const pattern = datePattern(order);
  const showReason = data.dates.cancelled.trim() !== '' || data.dates.cancelReason !== '';
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack gap="sm" style={{ flex: 1 }}>
          <Title order={4}>Prices</Title>
          {money('shipping', 'shipping_cost', 'Shipping cost', 'Empty means no shipping cost')}
          {money('tax', 'total_tax', 'Tax', 'The tax amount, not a percentage')}
          {money('discounts', 'total_discounts', 'Discounts', 'Taken off the total')}
        </Stack>
        <Paper withBorder p="md" radius="md" miw={260} aria-label="Totals">
          <Stack gap={6}>
            <Figure label="Subtotal" value={totals.subtotal} />
            <Figure label="Shipping" value={totals.shipping} />
            <Figure label="Tax" value={totals.tax} />
            <Figure label="Discounts" value={asDeduction(totals.discounts)} />
            <Figure label="Total" value={totals.total} strong />
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
      </Group>
      <Stack gap="sm">
        <Title order={4}>Dates</Title>
        <Text size="sm" c="dimmed">
          Written {pattern} as the service expects (set in Settings). Type t for today. Only the order date is usually
          needed; empty means the service uses today.
        </Text>
        <SimpleGrid cols={{ base: 2, lg: 4 }}>
          {DATE_FIELDS.map(({ key, fieldKey, label }) => (
            <DraftField
              key={key}
              label={label}
              placeholder={pattern}
              fieldKey={fieldKey}
              autoComplete="off"
              value={showDate(data.dates[key], order)}
              set={(d, v) => ({ ...d, dates: { ...d.dates, [key]: v } })}
              onBlur={(e) => {
                // a date that reads is kept as a calendar day, so a later change of day/month order cannot flip it
                const iso = readDateInput(e.currentTarget.value, order);
                if (iso && iso !== data.dates[key])
                  updateDraft((d) => ({ ...d, dates: { ...d.dates, [key]: iso } }), [fieldKey]);
              }}
              errors={errors}
            />
          ))}
        </SimpleGrid>
        {showReason && (
          <DraftField
            label="Cancel reason"
            description="Only with a cancelled date"
            fieldKey="cancel_reason"
            autoComplete="off"
            value={data.dates.cancelReason}
            set={(d, v) => ({ ...d, dates: { ...d.dates, cancelReason: v } })}
            errors={errors}
          />
        )}
      </Stack>
      <Textarea
        label="Remarks"
        description="Optional; printed on the order"
        autosize
        minRows={2}
        maxRows={6}
        value={data.remarks}
        error={errors.shown('remarks')}
        onChange={(e) => {
          const remarks = e.currentTarget.value;
          updateDraft((d) => ({ ...d, remarks }), ['remarks']);
        }}
      />
    </Stack>
  );
}

function Figure({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 400} className={classes.numeric}>
        {formatMoney(value)}
      </Text>
    </Group>
  );
}
