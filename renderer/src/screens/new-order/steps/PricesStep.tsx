/**
 * Step 4: money and dates. The subtotal comes from the lines (exact), shipping and discounts are typed, tax comes from
 * the shop's rate (or is typed, marked as an override), the total is computed. Dates are typed in the user's locale or
 * picked from a calendar; the rarely used ones sit under a collapsed "More" (open when any is filled).
 */
import { Badge, Button, Group, Stack, Textarea, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { computeTotals, PRICES_STEP, type FieldKey } from '../../../../../shared/order-entry';
import { FIELD_KEYS, specOf } from '../../../../../shared/order-schema';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { DateField } from './DateField';
import { DraftField } from './fields';
import { measure, money } from '../../../components/format';
import { taxRuleOf } from '../../../../../shared/shop-rules';
import { MoreDates, PriceTotals } from './pricesParts';

/** An amount as it is typed in the locale in use ("4,95" in German), for a placeholder. */
const typed = (amount: string): string =>
  new Intl.NumberFormat(currentLocale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(Number(amount));

/** The notes staff may write on this step (the remarks, and any field the order schema asks for as one). */
const NOTES = FIELD_KEYS.flatMap((key) => {
  const { form } = specOf(key);
  return form?.step === PRICES_STEP && form.input === 'note' && form.label
    ? [{ key, label: form.label, help: form.help }]
    : [];
});

export function PricesStep({ errors }: { errors: WizardErrors }) {
  const data = useStore((s) => s.wizard!.data);
  const updateDraft = useStore((s) => s.updateDraft);
  const tax = taxRuleOf(useStore((s) => s.shop));
  const totals = computeTotals(data.lines, data.fields, tax);
  const amount = (fieldKey: FieldKey, label: ReactNode, description: ReactNode, placeholder = typed('0')) => (
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
  const rate = tax ? t('wizard.prices.rate', { rate: measure(tax.ratePercent, 4) }) : null;
  const overridden = tax !== null && totals.taxOverridden;
  return (
    <Stack gap="lg">
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Stack gap="sm" style={{ flex: 1 }}>
          <Title order={3} fz="h4">
            {t('wizard.prices')}
          </Title>
          {amount('shipping_cost', t('wizard.prices.shipping'), t('wizard.prices.shippingHelp'))}
          {tax === null ? (
            amount('total_tax', t('wizard.prices.tax'), t('wizard.prices.taxHelpNoRate'))
          ) : (
            <Stack gap={4}>
              {amount(
                'total_tax',
                <Group gap={6} component="span">
                  <span>{t('wizard.prices.tax')}</span>
                  {overridden && (
                    <Badge color="orange" variant="filled" size="sm" component="span">
                      {t('wizard.prices.override')}
                    </Badge>
                  )}
                </Group>,
                overridden
                  ? t('wizard.prices.taxTyped', { rate: rate ?? '', amount: money(totals.computedTax) })
                  : t('wizard.prices.taxComputed', { rate: rate ?? '', shipping: tax.shippingTaxed ? 'yes' : 'no' }),
                typed(totals.computedTax ?? '0'),
              )}
              {overridden && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  w="fit-content"
                  onClick={() => updateDraft((d) => ({ ...d, fields: { ...d.fields, total_tax: '' } }), ['total_tax'])}
                >
                  {t('wizard.prices.useRate', { rate: rate ?? '' })}
                </Button>
              )}
            </Stack>
          )}
          {amount('total_discounts', t('wizard.prices.discounts'), t('wizard.prices.discountsHelp'))}
        </Stack>
        <PriceTotals totals={totals} tax={tax} overridden={overridden} rate={rate} errors={errors} />
      </Group>
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('wizard.dates')}
        </Title>
        <Group align="flex-start" gap="md">
          <DateField
            fieldKey="order_date"
            label={t('wizard.dates.order')}
            description={{ empty: t('wizard.dates.orderHelp'), filled: t('wizard.dates.orderHelpFilled') }}
            errors={errors}
          />
        </Group>
        <MoreDates fields={data.fields} errors={errors} />
      </Stack>
      {NOTES.map(({ key, label, help }) => (
        <Textarea
          key={key}
          label={t(label)}
          description={help && t(help)}
          autosize
          minRows={2}
          maxRows={6}
          value={data.fields[key]}
          error={errors.shown(key)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            updateDraft((d) => ({ ...d, fields: { ...d.fields, [key]: value } }), [key]);
          }}
        />
      ))}
    </Stack>
  );
}
