/**
 * What stands in for a first-screen control until its library part has come (components/later.ts, fetched once the
 * first screen has painted): the same name, size, value and look, not yet usable. Marked aria-disabled, so assistive
 * technology says so and a test (Playwright's actionability checks) waits for the real control, and with the busy
 * pointer (WAITING), so a pointer on it says it is not ready yet; the same look, so nothing changes when it comes.
 */
import { ActionIcon, Button, ComboboxChevron, TextInput, type SelectProps } from '@mantine/core';
import { IconColumns, IconDots } from '@tabler/icons-react';
import { t } from '../i18n';

type Option = string | { value: string; label?: string } | { group: unknown; items: readonly Option[] };

/** The chosen option's words, as Select shows them (an option without a label shows its value). */
function chosenLabel(options: readonly Option[], value: string | null | undefined): string | null {
  for (const option of options) {
    if (typeof option === 'string') {
      if (option === value) return option;
    } else if ('items' in option) {
      const found = chosenLabel(option.items, value);
      if (found !== null) return found;
    } else if (option.value === value) return option.label ?? option.value;
  }
  return null;
}

/** The busy pointer over a control that is not usable yet. */
export const WAITING = { cursor: 'progress' } as const;

export function SelectField(props: SelectProps) {
  return (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      value={chosenLabel((props.data ?? []) as readonly Option[], props.value) ?? ''}
      readOnly
      aria-disabled
      w={props.w}
      // Select's own chevron, as it draws it: the field looks the same before and after Select has come
      rightSection={<ComboboxChevron aria-hidden />}
      rightSectionPointerEvents="none"
      styles={{ input: WAITING }}
    />
  );
}

/** ColumnChooser's button. */
export function ColumnsButton() {
  return (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconColumns size={16} aria-hidden />}
      aria-disabled
      style={WAITING}
    >
      {t('columns.button')}
    </Button>
  );
}

/** A saved view's button as shown: its name and whether it is the one applied. */
export interface ViewButtonProps {
  /** The view's name as shown. */
  label: string;
  /** The view is the one applied. */
  on: boolean;
}

/** The button that opens a saved view's menu (ViewMenu), also what stands in for it until Menu has come. */
export function ViewMenuButton({ label, on, waiting }: ViewButtonProps & { waiting?: boolean }) {
  return (
    <ActionIcon
      size={26}
      variant={on ? 'filled' : 'light'}
      aria-label={t('views.more', { view: label })}
      aria-disabled={waiting || undefined}
      style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, ...(waiting ? WAITING : {}) }}
    >
      <IconDots size={14} aria-hidden />
    </ActionIcon>
  );
}
