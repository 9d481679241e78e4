/** A text field bound to one field of the open draft (by the service's name), with its error (if shown) under it. */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldKey } from '../../../../../shared/order-entry';
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
