/** Which columns a list shows and in what order: show, hide, move up or down; remembered per list by the caller. */
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { t } from '../i18n';

export interface ChoosableColumn {
  key: string;
  header: string;
  /** Always shown (it can still be moved). */
  required?: boolean;
}

export interface ColumnChooserProps {
  /** Every column the list has, in its default order. */
  columns: ChoosableColumn[];
  /** The keys shown, in order. */
  shown: string[];
  /** null: back to the list's default. */
  onChange(keys: string[] | null): void;
}

export function ColumnChooser({ columns, shown, onChange }: ColumnChooserProps) {
  // shown ones first in their order, then the hidden ones in the default order
  const ordered = [
    ...shown.map((key) => columns.find((c) => c.key === key)).filter((c): c is ChoosableColumn => c !== undefined),
    ...columns.filter((c) => !shown.includes(c.key)),
  ];
  const toggle = (key: string, on: boolean): void =>
    onChange(
      on
        ? ordered.filter((c) => c.key === key || shown.includes(c.key)).map((c) => c.key)
        : shown.filter((k) => k !== key),
    );
  const move = (key: string, by: -1 | 1): void => {
    const keys = [...shown];
    const i = keys.indexOf(key);
    const j = i + by;
    if (i < 0 || j < 0 || j >= keys.length) return;
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
    onChange(keys);
  };
  return (
    <Popover position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" size="compact-sm" leftSection={<IconColumns size={16} aria-hidden />}>
          {t('columns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('columns.choose')}>
        <Stack gap={4} miw={240}>
          <Text size="sm" fw={600}>
            {t('columns.shown')}
          </Text>
          {ordered.map((c) => {
            const on = shown.includes(c.key);
            const i = shown.indexOf(c.key);
            return (
              <Group key={c.key} gap={4} justify="space-between" wrap="nowrap">
                <Checkbox
                  label={c.header}
                  checked={on}
                  disabled={c.required}
                  onChange={(e) => toggle(c.key, e.currentTarget.checked)}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('columns.moveLeft', { column: c.header })}
                    disabled={!on || i === 0}
                    onClick={() => move(c.key, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('columns.moveRight', { column: c.header })}
                    disabled={!on || i === shown.length - 1}
                    onClick={() => move(c.key, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Button size="xs" variant="subtle" onClick={() => onChange(null)} mt={4}>
            {t('columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
