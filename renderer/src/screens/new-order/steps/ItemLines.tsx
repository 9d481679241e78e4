/**
 * The Items step's order lines: the table of lines with their label facts, quantities (typed, or moved with Alt+↑/↓),
 * move and remove buttons, and the subtotal below them.
 */
import { ActionIcon, Group, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { DraftLine } from '../../../../../shared/domain';
import { computeTotals, MAX_QUANTITY, moveLine, todayIso, withoutMessage } from '../../../../../shared/order-entry';
import { taxRuleOf } from '../../../../../shared/shop-rules';
import { formatDay } from '../../../components/DateText';
import { measure, money } from '../../../components/format';
import { t } from '../../../i18n';
import { useStore } from '../../../store';
import { LineStock } from '../LineStock';
import { quantityKey, type WizardErrors } from '../errors';
import classes from '../wizard.module.css';

export function ItemLines({
  lines,
  errors,
  newest,
}: {
  lines: DraftLine[];
  errors: WizardErrors;
  newest: number | null;
}) {
  const updateDraft = useStore((s) => s.updateDraft);
  const setLocalError = useStore((s) => s.setLocalError);
  const prices = useStore((s) => s.wizard!.data.fields);
  const tax = taxRuleOf(useStore((s) => s.shop));
  if (lines.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('wizard.items.none')}
      </Text>
    );
  const totals = computeTotals(lines, prices, tax);
  const move = (from: number, to: number): void => {
    updateDraft((d) => ({ ...d, lines: moveLine(d.lines, from, to) }), ['order_items']);
    requestAnimationFrame(() => document.getElementById(`quantity-${lines[from]!.productId}`)?.focus());
  };
  const remove = (index: number): void => {
    const line = lines[index]!;
    setLocalError(quantityKey(line.productId), null);
    updateDraft((d) => ({ ...d, lines: d.lines.filter((_, i) => i !== index) }), ['order_items']);
  };
  return (
    <Table
      striped
      withTableBorder
      aria-label={t('wizard.items.lines')}
      verticalSpacing={4}
      horizontalSpacing={8}
      className={classes.lines}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('wizard.col.sku')}</Table.Th>
          <Table.Th>{t('wizard.col.product')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wizard.col.price')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wizard.col.available')}</Table.Th>
          <Table.Th w={96}>{t('wizard.col.quantity')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wizard.col.lineTotal')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('wizard.col.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, i) => {
          const idError = errors.shown(`order_items.${i}.id`);
          return (
            <Table.Tr
              key={line.productId}
              aria-label={t('wizard.items.line', { number: i + 1, sku: line.sku })}
              // the line the last scan or pick added to
              data-newest={line.productId === newest || undefined}
            >
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {line.sku}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{line.name}</Text>
                <LabelFacts line={line} />
                {idError && (
                  <Text size="xs" c="red" role="alert">
                    {idError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.numeric}>{money(line.price)}</Table.Td>
              <Table.Td className={classes.numeric}>
                <LineStock line={line} align="flex-end" compact />
              </Table.Td>
              <Table.Td>
                <QuantityInput line={line} index={i} error={errors.shown(`order_items.${i}.quantity`)} onMove={move} />
              </Table.Td>
              <Table.Td className={classes.numeric}>{money(totals.lines[i] ?? null)}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label={t('wizard.items.moveUpTip')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('wizard.items.moveUp', { sku: line.sku })}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('wizard.items.moveDownTip')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('wizard.items.moveDown', { sku: line.sku })}
                      disabled={i === lines.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('wizard.items.removeTip')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('wizard.items.remove', { sku: line.sku })}
                      onClick={() => remove(i)}
                    >
                      ×
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={5}>{t('wizard.items.subtotal', { lines: lines.length })}</Table.Th>
          <Table.Th className={classes.numeric}>{money(totals.subtotal)}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

const SHOWN_LABELS = 3;

/**
 * What the line's scanned labels said (#29.5): lot, expiry (an expired one in red and said so), serial, weight and the
 * label's price, one row a label; the first few, then how many more.
 */
function LabelFacts({ line }: { line: DraftLine }) {
  const labels = line.labels ?? [];
  if (labels.length === 0) return null;
  const today = todayIso();
  return (
    <Stack gap={0}>
      {labels.slice(-SHOWN_LABELS).map((label, i) => {
        const expired = label.expiry !== undefined && label.expiry < today;
        const facts = [
          label.weightKg !== undefined && t('wizard.items.labelWeight', { weight: measure(label.weightKg) }),
          label.price !== undefined && t('wizard.items.labelPrice', { price: money(label.price) }),
          label.lot !== undefined && t('wizard.items.labelLot', { lot: label.lot }),
          label.serial !== undefined && t('wizard.items.labelSerial', { serial: label.serial }),
        ].filter((fact): fact is string => typeof fact === 'string');
        return (
          <Text key={`${i}-${label.code}`} size="xs" c="dimmed" data-label-facts>
            {facts.join(' · ')}
            {label.expiry !== undefined && (
              <>
                {facts.length > 0 && ' · '}
                <Text
                  span
                  size="xs"
                  c={expired ? 'red' : undefined}
                  fw={expired ? 700 : undefined}
                  data-expired={expired || undefined}
                >
                  {t(expired ? 'wizard.items.labelExpired' : 'wizard.items.labelExpiry', {
                    day: formatDay(label.expiry),
                  })}
                </Text>
              </>
            )}
          </Text>
        );
      })}
      {labels.length > SHOWN_LABELS && (
        <Text size="xs" c="dimmed">
          {t('wizard.items.moreLabels', { count: labels.length - SHOWN_LABELS })}
        </Text>
      )}
    </Stack>
  );
}

/** Whole numbers only; what cannot be a quantity stays in the field with a message, the draft keeps the last good one. */
function QuantityInput({
  line,
  index,
  error,
  onMove,
}: {
  line: DraftLine;
  index: number;
  error: string | undefined;
  onMove: (from: number, to: number) => void;
}) {
  const updateDraft = useStore((s) => s.updateDraft);
  const setLocalError = useStore((s) => s.setLocalError);
  const [text, setText] = useState(String(line.quantity));
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    // a scan that adds one more updates the field (adjusted while rendering, not in an effect)
    setShownQuantity(line.quantity);
    setText(String(line.quantity));
  }
  const key = `order_items.${index}.quantity`;
  const change = (value: string): void => {
    setText(value);
    const clean = value.trim();
    const quantity = /^\d+$/.test(clean) ? Number(clean) : NaN;
    if (Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY) {
      setLocalError(quantityKey(line.productId), null);
      updateDraft(
        (d) => ({
          ...d,
          // the service's message about this quantity is dealt with once it is changed
          lines: d.lines.map((l, i) => (i === index ? withoutMessage({ ...l, quantity }, 'quantity') : l)),
        }),
        [key],
      );
    } else {
      setLocalError(quantityKey(line.productId), t('order.error.quantity', { max: MAX_QUANTITY }));
    }
  };
  return (
    <TextInput
      id={`quantity-${line.productId}`}
      aria-label={t('wizard.items.quantityOf', { sku: line.sku })}
      value={text}
      inputMode="numeric"
      size="xs"
      error={error}
      onChange={(e) => change(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.altKey && e.key === 'ArrowUp') {
          e.preventDefault();
          onMove(index, index - 1);
        } else if (e.altKey && e.key === 'ArrowDown') {
          e.preventDefault();
          onMove(index, index + 1);
        }
      }}
    />
  );
}
