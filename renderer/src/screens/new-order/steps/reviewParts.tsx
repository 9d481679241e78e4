/**
 * The Review step's parts: a step's section with its edit link, a label and value row, and what the live check found
 * for a line (gone, not checked and why, unchanged, or the price and stock it changed from and to).
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SimpleKey } from '../../../../../shared/i18n/translate';
import { count, money } from '../../../components/format';
import { currentLocale, t } from '../../../i18n';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import type { Check } from './useLiveCheck';

export function Section({
  title,
  step,
  onEdit,
  errors,
  children,
}: {
  /** The step's name, a message key. */
  title: SimpleKey;
  step: number;
  onEdit: (step: number) => void;
  errors: WizardErrors;
  children: ReactNode;
}) {
  const attention = errors.steps.has(step);
  const name = t(title);
  return (
    <Paper withBorder p="md" radius="md" aria-label={name} component="section">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3} fz="h4">
            {name}
          </Title>
          {attention && (
            <Badge color="red" variant="light">
              {t('wizard.review.needsAttention')}
            </Badge>
          )}
        </Group>
        <Anchor component="button" type="button" size="sm" onClick={() => onEdit(step)}>
          {t('wizard.review.edit', {
            section: currentLocale().startsWith('en') ? name.toLocaleLowerCase('en') : name,
          })}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

export function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} className={classes.numeric}>
        {value}
      </Text>
    </Group>
  );
}

export function Changes({ check }: { check: Check | undefined }) {
  if (!check) return null;
  if (check.state === 'missing')
    return (
      <Text size="xs" c="red" role="alert">
        {t('wizard.review.gone')}
      </Text>
    );
  if (check.state === 'cache')
    return (
      <Text size="xs" c="dimmed">
        {check.note ? t('wizard.review.notCheckedWhy', { note: check.note }) : t('wizard.review.notChecked')}
      </Text>
    );
  const notes: string[] = [];
  if (check.price !== check.was.price)
    notes.push(t('wizard.review.priceChanged', { from: money(check.was.price), to: money(check.price) }));
  if (check.available !== check.was.available)
    notes.push(
      t('wizard.review.stockChanged', {
        from: check.was.available === null ? '—' : count(check.was.available),
        to: check.available === null ? '—' : count(check.available),
      }),
    );
  if (notes.length === 0)
    return (
      <Text size="xs" c="teal">
        {t('wizard.review.unchanged')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {notes.map((n) => (
        <Text key={n} size="xs" c="orange" fw={600}>
          {n}
        </Text>
      ))}
    </Stack>
  );
}
