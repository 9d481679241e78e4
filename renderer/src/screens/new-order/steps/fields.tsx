/**
 * The wizard's fields bound to the open draft: one text field (by the service's name, with its error if shown), and
 * the customer's steps drawn whole from the order schema (#28.1: a field added there is asked for without a step's
 * edit).
 */
import { Autocomplete, SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { Fragment, useMemo, type ReactNode } from 'react';
import { countryFromTyped, countryLabel, countryLabels } from '../../../../../shared/countries';
import { type ADDRESS_STEP, CUSTOMER_STEP } from '../../../../../shared/order-entry';
import { customerRows, specOf, type CustomerField, type FieldKey } from '../../../../../shared/order-schema';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';

export interface DraftFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** The service's name for the field: where its value, its errors and the service's 422 messages are found. */
  fieldKey: FieldKey;
  errors: WizardErrors;
}

export function DraftField({ fieldKey, errors, ...props }: DraftFieldProps) {
  const updateDraft = useStore((s) => s.updateDraft);
  const value = useStore((s) => s.wizard!.data.fields[fieldKey]);
  return (
    <TextInput
      autoComplete="off"
      {...props}
      value={value}
      data-field={fieldKey}
      error={errors.shown(fieldKey)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        updateDraft((data) => ({ ...data, fields: { ...data.fields, [fieldKey]: next } }), [fieldKey]);
      }}
    />
  );
}

/** The Customer step (who) or the Delivery address step (where): each field as the schema says — its words, whether it is needed, how it is typed. */
export function CustomerFields({
  step,
  errors,
}: {
  step: typeof CUSTOMER_STEP | typeof ADDRESS_STEP;
  errors: WizardErrors;
}) {
  const rows = useMemo(() => customerRows(step), [step]);
  const field = (key: CustomerField, first: boolean): ReactNode => {
    const form = specOf(key).form!;
    const common = {
      label: t(form.label!),
      description: form.help ? t(form.help) : undefined,
      required: form.required !== undefined,
      errors,
    };
    if (form.input === 'country') return <CountryField key={key} fieldKey={key} {...common} />;
    return (
      <DraftField
        key={key}
        fieldKey={key}
        type={form.input === 'email' ? 'email' : form.input === 'phone' ? 'tel' : undefined}
        data-autofocus={first && step === CUSTOMER_STEP ? true : undefined}
        {...common}
      />
    );
  };
  return rows.map((row, i) =>
    row.length === 1 ? (
      <Fragment key={row[0]}>{field(row[0]!, i === 0)}</Fragment>
    ) : (
      <SimpleGrid key={row.join()} cols={2}>
        {row.map((key, j) => field(key, i === 0 && j === 0))}
      </SimpleGrid>
    ),
  );
}

/** A country chosen from a list in the screen's language; the draft keeps the service's (English) name. */
function CountryField({
  fieldKey,
  label,
  description,
  required,
  errors,
}: {
  fieldKey: CustomerField;
  label: string;
  description?: string;
  required: boolean;
  errors: WizardErrors;
}) {
  const country = useStore((s) => s.wizard!.data.fields[fieldKey]);
  const updateDraft = useStore((s) => s.updateDraft);
  const locale = currentLocale();
  const countries = useMemo(() => countryLabels(locale), [locale]);
  return (
    <Autocomplete
      label={label}
      description={description}
      required={required}
      data={countries}
      value={countryLabel(country, locale)}
      // typed text is the value at once (no race with the list appearing); a country named in the screen's language
      // or in English, in any case, becomes the service's name
      onChange={(value) =>
        updateDraft(
          (d) => ({ ...d, fields: { ...d.fields, [fieldKey]: countryFromTyped(value, locale) ?? value } }),
          [fieldKey],
        )
      }
      error={errors.shown(fieldKey)}
      autoComplete="off"
      limit={8}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
