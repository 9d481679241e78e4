/**
 * Settings → Scanner → Labels, "Add a rule" (#29.4: a table of rules like Odoo's nomenclature): for a scale whose labels
 * no ready-made row reads, staff give the prefix, the product's digits, whether a price check digit follows, and the
 * weight or price with its digits and decimals. The layout shows as it is built ("24 PPPP V $$$$$ C, 13 digits"); what
 * stops it from being a rule is said beside the button; once added it is on, first in the table, and can be removed.
 */
import { Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  addOwnRule,
  draftProblem,
  EMPTY_RULE_DRAFT,
  LABEL_KINDS,
  ruleLength,
  rulePattern,
  type LabelKind,
  type LabelRule,
  type RuleDraft,
} from '../../../../shared/label-rules';
import { t } from '../../i18n';

const digits = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: String(from + i) }));

export function OwnLabelRule({
  rules,
  onRules,
}: {
  rules: readonly LabelRule[];
  onRules: (rules: LabelRule[]) => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_RULE_DRAFT);
  const [added, setAdded] = useState<string | null>(null);
  const edit = (patch: Partial<RuleDraft>): void => {
    setAdded(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const pattern = rulePattern({ ...draft, prefix: draft.prefix || '…' });
  const problem = draftProblem(rules, draft);
  const problemText =
    problem === 'prefix'
      ? t('settings.labels.problem.prefix')
      : problem === 'length'
        ? t('settings.labels.problem.length', { length: ruleLength(draft) })
        : problem === 'taken'
          ? t('settings.labels.problem.taken')
          : null;
  const add = (): void => {
    const result = addOwnRule(rules, draft);
    if (!result.rules) return;
    onRules(result.rules);
    setAdded(t('settings.labels.added', { pattern: rulePattern(draft) }));
    setDraft(EMPTY_RULE_DRAFT);
  };
  const kinds = LABEL_KINDS.map((kind) => ({
    value: kind,
    label: kind === 'weight' ? t('settings.labels.readsWeight') : t('settings.labels.readsPrice'),
  }));
  return (
    <Stack gap={6} component="section" aria-labelledby="own-rule-title">
      <Title order={4} fz="h5" id="own-rule-title">
        {t('settings.labels.add')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('settings.labels.addHelp')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          size="xs"
          w={90}
          label={t('settings.labels.newPrefix')}
          value={draft.prefix}
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          onChange={(e) => edit({ prefix: e.currentTarget.value.trim() })}
        />
        <Select
          size="xs"
          w={120}
          label={t('settings.labels.productDigits')}
          data={digits(1, 8)}
          value={String(draft.productDigits)}
          allowDeselect={false}
          onChange={(value) => value && edit({ productDigits: Number(value) })}
        />
        <Select
          size="xs"
          w={130}
          label={t('settings.labels.reads')}
          data={kinds}
          value={draft.kind}
          allowDeselect={false}
          onChange={(value) =>
            value && edit({ kind: value as LabelKind, decimals: value === 'weight' ? 3 : 2, skipDigits: 0 })
          }
        />
        <Select
          size="xs"
          w={120}
          label={t('settings.labels.valueDigits')}
          data={digits(3, 6)}
          value={String(draft.valueDigits)}
          allowDeselect={false}
          onChange={(value) => value && edit({ valueDigits: Number(value) })}
        />
        <Select
          size="xs"
          w={100}
          label={t('settings.labels.decimals')}
          data={digits(0, 3)}
          value={String(draft.decimals)}
          allowDeselect={false}
          onChange={(value) => value !== null && edit({ decimals: Number(value) })}
        />
      </Group>
      <Checkbox
        size="xs"
        label={t('settings.labels.checkDigit')}
        checked={draft.skipDigits === 1}
        onChange={(e) => edit({ skipDigits: e.currentTarget.checked ? 1 : 0 })}
      />
      <Group gap="sm" align="center" wrap="wrap">
        <Text size="sm" ff="monospace" data-testid="own-rule-layout">
          {t('settings.labels.newLayout', { pattern, length: ruleLength(draft) })}
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={add}
          disabled={problem !== null}
          aria-describedby={problemText ? 'own-rule-problem' : undefined}
        >
          {t('settings.labels.addButton')}
        </Button>
      </Group>
      {problemText && draft.prefix !== '' && (
        <Text size="xs" c="orange.8" id="own-rule-problem">
          {problemText}
        </Text>
      )}
      <Text size="xs" role="status" aria-live="polite" mih={16}>
        {added}
      </Text>
    </Stack>
  );
}
