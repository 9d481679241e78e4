/**
 * Step 4: money and dates. The subtotal comes from the lines (exact), shipping and discounts are typed, tax comes from
 * the shop's rate (or is typed, marked as an override), the total is computed. Dates are typed in the user's locale or
 * picked from a calendar; the rarely used ones sit under a collapsed "More" (open when any is filled).
 */
import { Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { asDeduction } from '../../../../../shared/money';
import { computeTotals, type FieldKey } from '../../../../../shared/order-entry';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { DateField } from './DateField';
import { DraftField } from './fields';
import { measure, money } from '../../../components/format';
import { taxRuleOf } from '../../../../../shared/shop';

const MORE_DATES: { fieldKey: FieldKey; label: string }[] = [
  { fieldKey: 'processed_date', label: 'Processed date' },
  { fieldKey: 'closed_date', label: 'Closed date' },
  { fieldKey: 'cancelled_date', label: 'Cancelled date' },
];
const MORE_KEYS: FieldKey[] = [...MORE_DATES.map((d) => d.fieldKey), 'cancel_reason'];

export function PricesStep({ errors }: { errors: WizardErrors }) {
  const data = useStore((s) => s.wizard!.data);
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
  const moreFilled = MORE_KEYS.some((k) => data.fields[k].trim() !== '');
  const moreErrors = MORE_KEYS.some((k) => errors.shown(k));
  const [more, setMore] = useState(false);
  // open while anything in it is filled in or needs attention
  const moreOpen = more || moreFilled || moreErrors;
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
        <Group align="flex-start" gap="md">
          <DateField
            fieldKey="order_date"
            label="Order date"
            description="Empty: the service uses today"
            errors={errors}
          />
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          aria-expanded={moreOpen}
          aria-controls="order-more-dates"
          onClick={() => setMore(!moreOpen)}
        >
          {moreOpen ? '▾' : '▸'} More: processed, closed and cancelled dates, cancel reason
          {moreFilled ? ' (filled in)' : ''}
        </Button>
        <Collapse expanded={moreOpen} id="order-more-dates">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {MORE_DATES.map(({ fieldKey, label }) => (
                <DateField key={fieldKey} fieldKey={fieldKey} label={label} errors={errors} />
              ))}
            </SimpleGrid>
            <DraftField
              label="Cancel reason"
              description="Only with a cancelled date"
              fieldKey="cancel_reason"
              errors={errors}
            />
          </Stack>
        </Collapse>
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
