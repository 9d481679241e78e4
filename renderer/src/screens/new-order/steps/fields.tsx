/** A text field bound to one value of the open draft, with its error (if shown) under it. */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { DraftData } from '../../../../../shared/domain';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';

export interface DraftFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** The service's name for the field: where its errors, and the service's 422 messages, are found. */
  fieldKey: string;
  value: string;
  set: (data: DraftData, value: string) => DraftData;
  errors: WizardErrors;
}

export function DraftField({ fieldKey, value, set, errors, ...props }: DraftFieldProps) {
  const updateDraft = useStore((s) => s.updateDraft);
  return (
    <TextInput
      {...props}
      value={value}
      error={errors.shown(fieldKey)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        updateDraft((data) => set(data, next), [fieldKey]);
      }}
    />
  );
}
