/**
 * Step 4: money and dates. The subtotal comes from the lines (exact), shipping, tax and discounts are typed, the
 * total is computed; dates are typed in the service's day/month order (Settings), "t" for today.
 */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { asDeduction } from '../../../../../shared/money';
import { computeTotals, datePattern, readDateInput, showDate, type FieldKey } from '../../../../../shared/order-entry';
import { useStore } from '../../../store';
import { selectDateOrder } from '../../../store/orders';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { DraftField } from './fields';
import { measure, money } from '../../../components/format';
import { taxRuleOf } from '../../../../../shared/shop';

const DATE_FIELDS: { fieldKey: FieldKey; label: string }[] = [
  { fieldKey: 'order_date', label: 'Order date' },
  { fieldKey: 'processed_date', label: 'Processed date' },
  { fieldKey: 'closed_date', label: 'Closed date' },
  { fieldKey: 'cancelled_date', label: 'Cancelled date' },
];

export function PricesStep({ errors }: { errors: WizardErrors }) {
  const data = useStore((s) => s.wizard!.data);
  const order = useStore(selectDateOrder);
  const updateDraft = useStore((s) => s.updateDraft);
  const tax = taxRuleOf(useStore((s) => s.shop));
  const totals = computeTotals(data.lines, data.fields, tax);
  const amount = (fieldKey: FieldKey, label: ReactNode, description: ReactNode, placeholder = '0.00') => (
    <DraftField
      label={label}
      description={description}
      fieldKey={fieldKey}
      inputMode="decimal"
      placeholder={placeholder}
      classNames={{ input: classes.numeric }}
      errors={errors}
    />
  );
  const rate = tax ? `${measure(tax.ratePercent, 4)} %` : null;
  const overridden = tax !== null && totals.taxOverridden;
  const pattern = datePattern(order);
  const showReason = data.fields.cancelled_date.trim() !== '' || data.fields.cancel_reason !== '';
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack gap="sm" style={{ flex: 1 }}>
          <Title order={4}>Prices</Title>
          {amount('shipping_cost', 'Shipping cost', 'Empty means no shipping cost')}
          {tax === null ? (
            amount('total_tax', 'Tax', 'The tax amount; set a tax rate in Settings → Shop to have it computed')
          ) : (
            <Stack gap={4}>
              {amount(
                'total_tax',
                <Group gap={6} component="span">
                  <span>Tax</span>
                  {overridden && (
                    <Badge color="orange" variant="filled" size="sm" component="span">
                      Override
                    </Badge>
                  )}
                </Group>,
                overridden
                  ? `Typed by hand instead of ${rate} (${money(totals.computedTax)})`
                  : `${rate} of the items${tax.shippingTaxed ? ' and shipping' : ''}, computed; type an amount to override`,
                totals.computedTax ?? '0.00',
              )}
              {overridden && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  onClick={() => updateDraft((d) => ({ ...d, fields: { ...d.fields, total_tax: '' } }), ['total_tax'])}
                >
                  Use {rate} again
                </Button>
              )}
            </Stack>
          )}
          {amount('total_discounts', 'Discounts', 'Taken off the total')}
        </Stack>
        <Paper withBorder p="md" radius="md" miw={260} aria-label="Totals">
          <Stack gap={6}>
            <Figure label="Subtotal" value={totals.subtotal} />
            <Figure label="Shipping" value={totals.shipping} />
            <Figure label={tax === null ? 'Tax' : overridden ? 'Tax (override)' : `Tax (${rate})`} value={totals.tax} />
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
          {DATE_FIELDS.map(({ fieldKey, label }) => (
            <TextInput
              key={fieldKey}
              label={label}
              placeholder={pattern}
              autoComplete="off"
              value={showDate(data.fields[fieldKey], order)}
              error={errors.shown(fieldKey)}
              onChange={(e) => {
                const v = e.currentTarget.value;
                updateDraft((d) => ({ ...d, fields: { ...d.fields, [fieldKey]: v } }), [fieldKey]);
              }}
              onBlur={(e) => {
                // a date that reads is kept as a calendar day, so a later change of day/month order cannot flip it
                const iso = readDateInput(e.currentTarget.value, order);
                if (iso && iso !== data.fields[fieldKey])
                  updateDraft((d) => ({ ...d, fields: { ...d.fields, [fieldKey]: iso } }), [fieldKey]);
              }}
            />
          ))}
        </SimpleGrid>
        {showReason && (
          <DraftField
            label="Cancel reason"
            description="Only with a cancelled date"
            fieldKey="cancel_reason"
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
        value={data.fields.remarks}
        error={errors.shown('remarks')}
        onChange={(e) => {
          const remarks = e.currentTarget.value;
          updateDraft((d) => ({ ...d, fields: { ...d.fields, remarks } }), ['remarks']);
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
        {money(value)}
      </Text>
    </Group>
  );
}
