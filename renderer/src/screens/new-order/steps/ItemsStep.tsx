/**
 * Step 3: the products. A barcode field that adds the scanned product on Enter (a second scan adds one more), a
 * picker over the local catalogue with prefix search as you type, and the lines with their stock warnings.
 */
import { ActionIcon, Alert, Group, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DraftLine, ProductRow } from '../../../../../shared/domain';

import { addProduct, computeTotals, MAX_QUANTITY, moveLine, withoutMessage } from '../../../../../shared/order-entry';
import { BridgeError, call } from '../../../bridge';
import { count, money } from '../../../components/format';
import { useStore } from '../../../store';
import { taxRuleOf } from '../../../../../shared/shop';
import { LineStock } from '../LineStock';
import { quantityKey, type WizardErrors } from '../errors';
import classes from '../wizard.module.css';

const PICKER_SIZE = 8;

const lineFrom = (p: ProductRow) => ({
  productId: p.id,
  sku: p.sku,
  name: p.name,
  price: p.price,
  available: p.available,
});

export function ItemsStep({ errors }: { errors: WizardErrors }) {
  const lines = useStore((s) => s.wizard!.data.lines);
  const updateDraft = useStore((s) => s.updateDraft);
  const [announce, setAnnounce] = useState('');

  const add = (product: ProductRow): void => {
    let message = '';
    updateDraft(
      (d) => {
        const result = addProduct(d.lines, lineFrom(product), product.fetchedAt);
        message =
          result.quantity === 1
            ? `Added ${product.sku} ${product.name}.`
            : `${product.sku} ${product.name}: quantity now ${count(result.quantity)}.`;
        return { ...d, lines: result.lines };
      },
      ['order_items'],
    );
    setAnnounce(message);
  };

  return (
    <Stack gap="md">
      <Group align="flex-start" grow>
        <BarcodeField onFound={add} />
        <ProductPicker onPick={add} />
      </Group>
      <Text size="sm" role="status" aria-live="polite" c="teal" mih={20}>
        {announce}
      </Text>
      {errors.shown('order_items') && (
        <Alert color="red" role="alert">
          {errors.shown('order_items')}
        </Alert>
      )}
      <Lines lines={lines} errors={errors} />
    </Stack>
  );
}

/** A USB scanner types the digits and Enter: the product is added and the field is ready for the next scan. */
function BarcodeField({ onFound }: { onFound: (p: ProductRow) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>): Promise<void> => {
    if (event.key !== 'Enter') return;
    const text = code.trim();
    if (!text) return; // Enter in the empty field moves on, like anywhere in the step
    event.preventDefault(); // Enter after a code scans it; it does not move to the next step
    try {
      const { product } = await call('catalogue:lookup', { code: text });
      if (product) {
        onFound(product);
        setCode('');
        setError(null);
      } else {
        setError(`No product with barcode or SKU “${text}” in the catalogue on this computer.`);
        ref.current?.select(); // the next scan replaces it
      }
    } catch (e) {
      setError(e instanceof BridgeError ? e.message : 'The catalogue could not be searched.');
    }
  };
  return (
    <TextInput
      ref={ref}
      label="Scan a barcode"
      description="Or type a barcode or SKU and press Enter; Enter in the empty field goes on"
      value={code}
      data-autofocus
      autoComplete="off"
      onChange={(e) => {
        setCode(e.currentTarget.value);
        setError(null);
      }}
      onKeyDown={(e) => void onKeyDown(e)}
      error={error}
    />
  );
}

/** Prefix search over the local catalogue as you type; arrows choose, Enter adds. */
function ProductPicker({ onPick }: { onPick: (p: ProductRow) => void }) {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<ProductRow[]>([]);
  const [total, setTotal] = useState(0);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const version = useStore((s) => s.catalogueVersion);

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    let stale = false;
    const timer = setTimeout(() => {
      call('catalogue:query', { text: query, offset: 0, limit: PICKER_SIZE }).then(
        (window) => {
          if (stale) return;
          setRows(window.rows);
          setTotal(window.total);
          setActive(0);
          setError(null);
        },
        (e: unknown) =>
          !stale && setError(e instanceof BridgeError ? e.message : 'The catalogue could not be searched.'),
      );
    }, 80);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, version]);

  const pick = (row: ProductRow | undefined): void => {
    if (!row) return;
    onPick(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => Math.min(shown.length - 1, a + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault(); // Enter on a match adds it; it does not move to the next step
      pick(shown[active]);
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };
  // with the box cleared, the last matches are not shown (and not picked by Enter)
  const shown = text.trim() ? rows : [];
  const open = shown.length > 0;
  const optionId = (i: number): string => `product-option-${i}`;
  return (
    <Stack gap={4}>
      <TextInput
        label="Find a product"
        data-shortcut-search
        description="Name, SKU, barcode or contents; ↓↑ to choose, Enter to add"
        value={text}
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls="product-options"
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(active) : undefined}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        error={error}
      />
      {text.trim() && !open && !error && (
        <Text size="sm" c="dimmed">
          No product in the catalogue on this computer matches “{text.trim()}”.
        </Text>
      )}
      <ul id="product-options" role="listbox" aria-label="Matching products" className={classes.options} hidden={!open}>
        {shown.map((row, i) => (
          <li
            key={row.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={classes.option}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(row)}
          >
            <Text size="sm" ff="monospace">
              {row.sku}
            </Text>
            <Text size="sm" style={{ flex: 1 }} lineClamp={1}>
              {row.name}
            </Text>
            <Text size="sm" className={classes.numeric}>
              {money(row.price)}
            </Text>
            <Text
              size="sm"
              c={row.available !== null && row.available <= 0 ? 'red' : 'dimmed'}
              className={classes.numeric}
            >
              {row.available === null ? 'stock —' : `${count(row.available)} in stock`}
            </Text>
          </li>
        ))}
        {open && total > shown.length && (
          <li role="presentation">
            <Text size="xs" c="dimmed" px={8}>
              {count(total - shown.length)} more; type more of the name to narrow it down.
            </Text>
          </li>
        )}
      </ul>
    </Stack>
  );
}

function Lines({ lines, errors }: { lines: DraftLine[]; errors: WizardErrors }) {
  const updateDraft = useStore((s) => s.updateDraft);
  const setLocalError = useStore((s) => s.setLocalError);
  const prices = useStore((s) => s.wizard!.data.fields);
  const tax = taxRuleOf(useStore((s) => s.shop));
  if (lines.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No products yet. Scan a barcode or find a product above.
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
    <Table striped withTableBorder aria-label="Order lines" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>SKU</Table.Th>
          <Table.Th>Product</Table.Th>
          <Table.Th className={classes.numeric}>Price</Table.Th>
          <Table.Th className={classes.numeric}>Available</Table.Th>
          <Table.Th w={130}>Quantity</Table.Th>
          <Table.Th className={classes.numeric}>Line total</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, i) => {
          const idError = errors.shown(`order_items.${i}.id`);
          return (
            <Table.Tr key={line.productId} aria-label={`Line ${i + 1}: ${line.sku}`}>
              <Table.Td ff="monospace">{line.sku}</Table.Td>
              <Table.Td>
                <Text size="sm">{line.name}</Text>
                {idError && (
                  <Text size="xs" c="red" role="alert">
                    {idError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.numeric}>{money(line.price)}</Table.Td>
              <Table.Td className={classes.numeric}>
                <LineStock line={line} align="flex-end" />
              </Table.Td>
              <Table.Td>
                <QuantityInput line={line} index={i} error={errors.shown(`order_items.${i}.quantity`)} onMove={move} />
              </Table.Td>
              <Table.Td className={classes.numeric}>{money(totals.lines[i] ?? null)}</Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Move up (Alt+↑)">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${line.sku} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down (Alt+↓)">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${line.sku} down`}
                      disabled={i === lines.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove line">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${line.sku}`}
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
          <Table.Th colSpan={5}>Subtotal ({count(lines.length)} lines)</Table.Th>
          <Table.Th className={classes.numeric}>{money(totals.subtotal)}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
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
      setLocalError(quantityKey(line.productId), `Enter a whole number from 1 to ${count(MAX_QUANTITY)}.`);
    }
  };
  return (
    <TextInput
      id={`quantity-${line.productId}`}
      aria-label={`Quantity of ${line.sku}`}
      value={text}
      inputMode="numeric"
      size="sm"
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
