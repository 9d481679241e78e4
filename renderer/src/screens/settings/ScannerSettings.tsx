/**
 * Settings → Scanner: the scanner check and its settings (#29.2, ScannerCheck.tsx), then Labels (#29.4): the rules that read a scale's weighed and priced labels, a table of ready-made
 * rows for the common formats (turned on one by one, their prefix and what they send chosen), rules staff add for
 * another scale (OwnLabelRule.tsx), and a field to try a
 * label ("2100123012343 → product 00123, 1.234 kg"). Kept with the screen preferences on this computer.
 */
import { ActionIcon, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  isOwnRule,
  LabelRule,
  readLabel,
  removeOwnRule,
  rulePattern,
  rulesInUse,
  type LabelSends,
} from '../../../../shared/label-rules';
import { measure, money } from '../../components/format';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { OwnLabelRule } from './OwnLabelRule';
import { ScannerCheck } from './ScannerCheck';

/** What a tried code comes to, in words. */
export function labelPreview(code: string, rules: readonly LabelRule[]): string {
  const text = code.trim();
  if (!text) return '';
  const verdict = readLabel(text, rules);
  if (verdict === null) return t('settings.labels.noRule', { code: text });
  if ('misread' in verdict) return t('settings.labels.misread', { code: text });
  const { read } = verdict;
  return read.weightKg !== null
    ? t('settings.labels.previewWeight', { code: text, product: read.product, weight: measure(read.weightKg) })
    : t('settings.labels.previewPrice', { code: text, product: read.product, price: money(read.price) });
}

export function ScannerSettings() {
  const kept = useStore((s) => s.ui.labelRules);
  const setUi = useStore((s) => s.setUi);
  const rules = rulesInUse(kept);
  const [tried, setTried] = useState('');
  const change = (id: string, patch: Partial<LabelRule>): void => {
    const next = rules.map((r) => (r.id === id ? { ...r, ...patch } : r));
    // a prefix that makes no rule (not digits, a wrong length) is not kept
    if (next.every((r) => LabelRule.safeParse(r).success)) setUi({ labelRules: next });
  };
  const sends = [
    { value: 'per_label', label: t('settings.labels.perLabel') },
    { value: 'grams', label: t('settings.labels.grams') },
  ];
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {t('settings.scanner')}
        </Title>
        <ScannerCheck />
        <Title order={3} fz="h4">
          {t('settings.labels')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.labels.help')}
        </Text>
        <Table withTableBorder verticalSpacing={4} aria-label={t('settings.labels.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.labels.on')}</Table.Th>
              <Table.Th>{t('settings.labels.layout')}</Table.Th>
              <Table.Th>{t('settings.labels.prefix')}</Table.Th>
              <Table.Th>{t('settings.labels.sends')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((rule) => {
              const pattern = rulePattern(rule);
              const reads = t(rule.kind === 'weight' ? 'settings.labels.weight' : 'settings.labels.price', {
                decimals: rule.decimals,
              });
              return (
                <Table.Tr key={rule.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('settings.labels.use', { pattern })}
                      checked={rule.enabled}
                      onChange={(e) => change(rule.id, { enabled: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="space-between">
                      <div>
                        <Text size="sm" ff="monospace">
                          {pattern}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {isOwnRule(rule) ? t('settings.labels.ownReads', { reads }) : reads}
                        </Text>
                      </div>
                      {isOwnRule(rule) && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="sm"
                          aria-label={t('settings.labels.remove', { pattern })}
                          onClick={() => setUi({ labelRules: removeOwnRule(rules, rule.id) })}
                        >
                          <IconTrash size={14} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <PrefixInput rule={rule} pattern={pattern} onPrefix={(prefix) => change(rule.id, { prefix })} />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={t('settings.labels.sendsOf', { pattern })}
                      data={sends}
                      value={rule.sends}
                      allowDeselect={false}
                      onChange={(value) => value && change(rule.id, { sends: value as LabelSends })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t('settings.labels.sendsHelp')}
        </Text>
        <OwnLabelRule rules={rules} onRules={(next) => setUi({ labelRules: next })} />
        <TextInput
          label={t('settings.labels.try')}
          description={t('settings.labels.tryHelp')}
          value={tried}
          autoComplete="off"
          onChange={(e) => setTried(e.currentTarget.value)}
          maw={420}
        />
        <Text size="sm" role="status" aria-live="polite" data-testid="label-preview" mih={20}>
          {labelPreview(tried, rules)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A rule's prefix, kept once it makes a rule of the right length (a person may be half way through typing it). */
function PrefixInput({
  rule,
  pattern,
  onPrefix,
}: {
  rule: LabelRule;
  pattern: string;
  onPrefix: (prefix: string) => void;
}) {
  const [text, setText] = useState(rule.prefix);
  const valid = LabelRule.safeParse({ ...rule, prefix: text }).success;
  return (
    <TextInput
      size="xs"
      w={72}
      aria-label={t('settings.labels.prefixOf', { pattern })}
      value={text}
      inputMode="numeric"
      error={valid ? undefined : t('settings.labels.prefixWrong', { length: rule.prefix.length })}
      onChange={(e) => {
        const value = e.currentTarget.value.trim();
        setText(value);
        if (LabelRule.safeParse({ ...rule, prefix: value }).success) onPrefix(value);
      }}
    />
  );
}
