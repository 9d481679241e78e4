/**
 * Step 3: the products. A barcode field that adds the scanned product on Enter (a second scan adds one more), a
 * picker over the local catalogue with prefix search as you type (its matches open over the page, below the field),
 * and the order lines right below, the newest highlighted, with the running total: they stay on the screen at
 * 1024×700 with five lines. The favourites grid (issue #30.2) takes the space after the lines: up to 24 tiles of the
 * products staff pinned, or until any are, the most often ordered (out of stock last and marked); a click adds one
 * (as many as a quantity typed before it says), ↓ in the empty "Find a product" field goes into it, and there keys 1–9
 * add the first nine. Neither the grid nor the matches are a stop of their own for Tab: Tab goes from the fields to the
 * lines' quantities.
 *
 * A quantity before a scan or pick (#29.6): digits and `*` (or `×`, the numpad's `*`) typed in the barcode field, in
 * "Find a product" or anywhere on the step outside a field (save on the grid, where digits are its keys) set the next
 * one's quantity, shown as "next: × 5" until used; `+` there adds the last line's product again. The `+` acts only once
 * no scanner's key follows it within a scanner's pause (scanShortcut): a US-layout scanner's `]` (the start of `]E0`)
 * types `+` on a German keyboard, and such a scan is read whole instead of repeating a line and losing its `]`.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  CloseButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DraftLine, ProductRow } from '../../../../../shared/domain';

import {
  computeTotals,
  MAX_QUANTITY,
  moveLine,
  quantityPrefix,
  todayIso,
  withoutMessage,
} from '../../../../../shared/order-entry';
import { call } from '../../../bridge';
import { formatDay } from '../../../components/DateText';
import { age, measure, money } from '../../../components/format';
import { pointerMoved } from '../../../components/pointer';
import { MOD } from '../../../components/platform';
import { scanKeysTaken, scanShortcut } from '../../../components/useScanner';
import { errorText } from '../../../errors';
import { t } from '../../../i18n';
import { useStore } from '../../../store';
import { taxRuleOf } from '../../../../../shared/shop-rules';
import { LineStock } from '../LineStock';
import { quantityKey, type WizardErrors } from '../errors';
import type { WizardScans } from '../useWizardScans';
import classes from '../wizard.module.css';
import { MisreadCue } from '../../../components/MisreadCue';
import { FavouritesGrid, focusFirstTile, pinShortcut, StockFigure, usePins } from '../FavouritesGrid';

const PICKER_SIZE = 8;

export function ItemsStep({ errors, scans }: { errors: WizardErrors; scans: WizardScans }) {
  const lines = useStore((s) => s.wizard!.data.lines);
  const picker = usePicker(scans.addProduct, scans);
  useQuantityKeys(scans);
  return (
    <Stack gap="xs">
      <div className={classes.itemsEntry}>
        <BarcodeField scans={scans} />
        <PickerField picker={picker} />
      </div>
      {scans.misread && scans.error && <MisreadCue text={scans.error} compact />}
      <Group gap="xs" wrap="nowrap" mih={20}>
        <NextQuantity scans={scans} />
        <Text size="sm" role="status" aria-live="polite" className={classes.added}>
          {scans.message}
        </Text>
      </Group>
      {errors.shown('order_items') && (
        <Alert color="red" role="alert">
          {errors.shown('order_items')}
        </Alert>
      )}
      <Lines lines={lines} errors={errors} newest={scans.last} />
      <FavouritesGrid onAdd={scans.addProduct} backTo={picker.ref} />
    </Stack>
  );
}

/** "next: × 5": the quantity the next scan or pick adds, with a button that forgets it. Empty (but there) otherwise. */
function NextQuantity({ scans }: { scans: WizardScans }) {
  return (
    <span role="status" aria-live="polite">
      {scans.next !== null && (
        <Badge
          variant="light"
          size="lg"
          radius="sm"
          className={classes.numeric}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('wizard.items.nextClear', { quantity: scans.next })}
              onClick={() => scans.setNext(null)}
            />
          }
        >
          {t('wizard.items.next', { quantity: scans.next })}
        </Badge>
      )}
    </span>
  );
}

/** The order has a line for `+` to add again. */
const hasLines = (): boolean => (useStore.getState().wizard?.data.lines.length ?? 0) > 0;

/** The key that ends a quantity typed before a scan: `*` (the numpad's too) or `×`. */
const isTimes = (key: string): boolean => key === '*' || key === '×';

/**
 * In the barcode field and "Find a product": `*` after a quantity sets the next scan's or pick's quantity (the field
 * is emptied for the scan), `+` in the empty field adds the last line's product again. True when the key was taken.
 */
function timesKey(event: KeyboardEvent<HTMLInputElement>, text: string, scans: WizardScans): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  const quantity = isTimes(event.key) ? quantityPrefix(`${text}*`) : null;
  if (quantity !== null) {
    event.preventDefault();
    scanKeysTaken();
    scans.setNext(quantity);
    return true;
  }
  if (event.key === '+' && text.trim() === '' && hasLines()) {
    // held until no scanner's key follows it: it may be the first key of a code (a scanner's `]` on a German keyboard)
    event.preventDefault();
    scanShortcut(event.timeStamp || performance.now(), () => scans.repeatLast());
    return true;
  }
  if (event.key === 'Escape' && text === '' && scans.next !== null) {
    event.preventDefault();
    scans.setNext(null);
    return true;
  }
  return false;
}

/** Keys typed on the step outside any field: digits and `*` set the next quantity, `+` repeats the last line. */
function useQuantityKeys(scans: WizardScans): void {
  const latest = useRef(scans);
  useEffect(() => {
    latest.current = scans;
  });
  useEffect(() => {
    let digits = '';
    let at = 0;
    const onKey = (event: globalThis.KeyboardEvent): void => {
      const target = event.target;
      const typing =
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        target instanceof HTMLSelectElement ||
        (target instanceof HTMLElement && target.isContentEditable);
      if (typing || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) {
        digits = '';
        return;
      }
      // digits typed more than a few seconds apart are not one number
      if (event.timeStamp - at > 3000) digits = '';
      at = event.timeStamp;
      if (/^\d$/.test(event.key)) {
        digits += event.key;
        return;
      }
      const scans = latest.current;
      const quantity = isTimes(event.key) ? quantityPrefix(`${digits}*`) : null;
      digits = '';
      if (quantity !== null) {
        event.preventDefault();
        scanKeysTaken();
        scans.setNext(quantity);
      } else if (event.key === '+' && hasLines()) {
        // held until no scanner's key follows it, as in the fields (timesKey)
        event.preventDefault();
        scanShortcut(event.timeStamp || performance.now(), () => latest.current.repeatLast());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * A scanner's code or one typed by hand, and Enter: the product is added and the field is ready for the next code.
 * (Elsewhere in the wizard a scanner's code is taken before the field sees it: useWizardScans.)
 */
function BarcodeField({ scans }: { scans: WizardScans }) {
  const { addCode: onCode, error, misread, clearError: onTyping } = scans;
  const [code, setCode] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (timesKey(event, code, scans)) {
      setCode('');
      return;
    }
    if (event.key !== 'Enter') return;
    const text = code.trim();
    if (!text) return; // Enter in the empty field moves on, like anywhere in the step
    event.preventDefault(); // Enter after a code looks it up; it does not move to the next step
    // the field is free for the next code at once, before this one's answer is in
    setCode('');
    onCode(text);
  };
  return (
    <TextInput
      label={t('wizard.items.scan')}
      description={t('wizard.items.scanHelp')}
      value={code}
      data-autofocus
      data-scan-input
      autoComplete="off"
      onChange={(e) => {
        // "5×" typed without a key of its own (a character map, an input method) is a quantity too
        const quantity = quantityPrefix(e.currentTarget.value);
        if (quantity !== null) {
          scanKeysTaken();
          scans.setNext(quantity);
        }
        setCode(quantity === null ? e.currentTarget.value : '');
        onTyping();
      }}
      onKeyDown={onKeyDown}
      // a misread is said below the field with a cue of its own: the field itself is not wrong
      error={misread ? undefined : error}
    />
  );
}

type Picker = ReturnType<typeof usePicker>;

/**
 * The picker's state: as you type, products ranked whole-word and prefix name matches first, then SKU and barcode,
 * then package contents. Arrows choose, Enter (or a click) adds; the search then clears and keeps the focus for the
 * next product.
 */
function usePicker(onPick: (p: ProductRow) => void, scans: WizardScans) {
  const { toggle: onPin } = usePins();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; rows: ProductRow[]; more: boolean } | null>(null);
  /** -1: nothing chosen (Enter in the empty field goes on to the next step). */
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const version = useStore((s) => s.catalogueVersion);
  const ref = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    let stale = false;
    const timer = setTimeout(() => {
      call('picker:search', { text: query, limit: PICKER_SIZE }).then(
        (answer) => {
          if (stale) return;
          setFound({ text: query, rows: answer.rows, more: answer.more });
          setActive(0);
          setError(null);
        },
        (e: unknown) => !stale && setError(errorText(e, 'wizard.items.searchFailed')),
      );
    }, 60);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, version]);

  const query = text.trim();
  const searching = query !== '';
  // with the box cleared, the last matches are not shown (and not picked by Enter)
  const matches = searching && found?.text === query ? found.rows : [];
  const shown = matches;
  const pick = (row: ProductRow | undefined): void => {
    if (!row) return;
    onPick(row);
    setText('');
    setActive(-1);
    ref.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (timesKey(event, text, scans)) {
      setText('');
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' && !searching) {
      // the empty field: ↓ goes into the favourites grid below the lines
      if (focusFirstTile()) event.preventDefault();
    } else if (pinShortcut(event) && shown[active]) {
      event.preventDefault(); // Ctrl/Cmd+D: the chosen match pinned to (or unpinned from) the favourites
      onPin(shown[active]);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => Math.min(shown.length - 1, a + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === 'Enter' && shown[active]) {
      event.preventDefault(); // Enter on a match adds it; it does not move to the next step
      pick(shown[active]);
    } else if (event.key === 'Enter' && searching) {
      event.preventDefault(); // nothing to add (yet): Enter does not leave the step with a search half done
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
      setActive(-1);
    }
  };
  // the option chosen with the arrows is kept in view
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, searching]);
  return {
    ref,
    text,
    setText,
    query,
    searching,
    found,
    matches,
    active,
    setActive,
    error,
    pick,
    onKeyDown,
    setNext: scans.setNext,
  };
}

const optionId = (i: number): string => `product-option-${i}`;

/** "Find a product", with its matches opening over the page below it while something is typed. */
function PickerField({ picker }: { picker: Picker }) {
  const { ref, text, setText, query, searching, found, matches, active, setActive, error, pick, onKeyDown, setNext } =
    picker;
  const open = searching && matches.length > 0;
  return (
    <Stack gap={4}>
      <div className={classes.pickerAnchor}>
        <TextInput
          ref={ref}
          label={t('wizard.items.find')}
          data-shortcut-search
          description={t('wizard.items.findHelp')}
          value={text}
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls="product-matches"
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          onChange={(e) => {
            const quantity = quantityPrefix(e.currentTarget.value);
            if (quantity !== null) {
              scanKeysTaken();
              setNext(quantity);
            }
            const value = quantity === null ? e.currentTarget.value : '';
            setText(value);
            setActive(value.trim() ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          error={error}
        />
        <ul
          id="product-matches"
          role="listbox"
          aria-label={t('wizard.items.matching')}
          className={classes.matches}
          // it scrolls, but it is no stop for Tab: the arrows in the field choose
          tabIndex={-1}
          hidden={!searching || matches.length === 0}
        >
          {searching &&
            matches.map((row, i) => (
              <li
                key={row.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={classes.pickOption}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={(e) => {
                  if (pointerMoved(e)) setActive(i);
                }}
                onClick={() => pick(row)}
              >
                <Text size="sm" className={classes.pickName}>
                  {row.name || t('wizard.items.noName')}
                </Text>
                <Text size="xs" ff="monospace" c="dimmed" className={classes.pickSku}>
                  {row.sku}
                </Text>
                <Text size="sm" className={classes.numeric}>
                  {money(row.price)}
                </Text>
                <Stack gap={0} align="flex-end">
                  <StockFigure row={row} />
                  <Text size="xs" c="dimmed" className={classes.numeric}>
                    {age(row.fetchedAt)}
                  </Text>
                </Stack>
              </li>
            ))}
          {searching && found?.more && (
            <li role="presentation">
              <Text size="xs" c="dimmed" px={8}>
                {t('wizard.items.more')}
              </Text>
            </li>
          )}
          {searching && matches.length > 0 && (
            <li role="presentation">
              <Text size="xs" c="dimmed" px={8}>
                {t('favourites.pinFromPicker', { mod: MOD })}
              </Text>
            </li>
          )}
        </ul>
      </div>
      {searching && found?.text === query && matches.length === 0 && !error && (
        <Text size="sm" c="dimmed">
          {t('wizard.items.noMatch', { query })}
        </Text>
      )}
    </Stack>
  );
}

function Lines({ lines, errors, newest }: { lines: DraftLine[]; errors: WizardErrors; newest: number | null }) {
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
