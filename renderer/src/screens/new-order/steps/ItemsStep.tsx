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
import { Alert, Badge, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { quantityPrefix } from '../../../../../shared/order-entry';
import { age, money } from '../../../components/format';
import { pointerMoved } from '../../../components/pointer';
import { MOD } from '../../../components/platform';
import { scanKeysTaken } from '../../../components/useScanner';
import { t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import type { WizardScans } from '../useWizardScans';
import classes from '../wizard.module.css';
import { MisreadCue } from '../../../components/MisreadCue';
import { FavouritesGrid, StockFigure } from '../FavouritesGrid';
import { ItemLines } from './ItemLines';
import { optionId, usePicker, type Picker } from './usePicker';
import { timesKey, useQuantityKeys } from './useQuantityKeys';

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
      <ItemLines lines={lines} errors={errors} newest={scans.last} />
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
