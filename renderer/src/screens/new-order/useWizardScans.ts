/**
 * Scans in the order-entry wizard (#27.2): a scanner's code is a scan wherever the focus is in the wizard (the picker,
 * a quantity, an address field, a button) and adds its product; it is never typed into the field. On the Customer
 * step it is held in the draft (saved like the rest of it, so it survives a step change, a reload and a restart) and
 * added once a customer is chosen. Codes are looked up one after another in the order they came, held ones first, so a
 * fast scanner never loses one nor swaps two.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftData, ProductRow } from '../../../../shared/domain';
import { addProduct as addLine, STEPS } from '../../../../shared/order-entry';
import { call } from '../../bridge';
import { lookupMissText } from '../../components/lookupWords';
import { useScanner } from '../../components/useScanner';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';

export const CUSTOMER_STEP = STEPS.indexOf('Customer');
export const ITEMS_STEP = STEPS.indexOf('Items');
const NONE: string[] = [];

export interface WizardScans {
  /** Adds one of a product to the lines (a pick, or a code found). */
  addProduct(product: ProductRow): void;
  /** Looks a code up in the catalogue on this computer and adds its product (a scan, or a code typed by hand). */
  addCode(code: string): void;
  /** What the last scan or pick did, in words ("" when nothing yet on this step). */
  message: string;
  /** Why the last code added nothing; null when it did. */
  error: string | null;
  clearError(): void;
  /** Codes scanned on the Customer step, waiting for a customer. */
  held: string[];
  /** The product the last scan or pick added (or added one more of): its line is shown as the newest. */
  last: number | null;
  /** Codes being looked up or queued (scanned or typed, and held ones being released): their lines are to come. */
  pending: number;
  /** Whether a lookup is under way now (read at the moment, not as of the last render). */
  busy(): boolean;
  /**
   * Resolves once every lookup under way (and any queued meanwhile) has ended: true when each added its line, false
   * when one added nothing (its reason is shown at the barcode field).
   */
  settled(): Promise<boolean>;
}

/** The draft without one of these codes (the first, if it was scanned twice). */
const withoutHeld = (data: DraftData, code: string): DraftData => {
  const held = [...(data.heldScans ?? [])];
  const at = held.indexOf(code);
  if (at >= 0) held.splice(at, 1);
  return { ...data, heldScans: held };
};

export function useWizardScans(step: number): WizardScans {
  const updateDraft = useStore((s) => s.updateDraft);
  const held = useStore((s) => s.wizard?.data.heldScans ?? NONE);
  const hasCustomer = useStore((s) =>
    (['name', 'email', 'phone'] as const).some((k) => (s.wizard?.data.fields[k] ?? '').trim() !== ''),
  );
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<number | null>(null);
  const [shownStep, setShownStep] = useState(step);
  if (shownStep !== step) {
    // another step: what the last scan did was said on the step it was done on
    setShownStep(step);
    setMessage('');
    setError(null);
  }
  const queue = useRef<Promise<void>>(Promise.resolve());
  const flushing = useRef(false);
  const [pending, setPending] = useState(0);
  const underWay = useRef(0);
  const failed = useRef(0);

  /** Adds the product; `heldCode` is the held scan it came from, which leaves the draft in the same change. */
  const add = useCallback(
    (product: ProductRow, heldCode?: string): void => {
      let said = '';
      updateDraft(
        (d) => {
          const result = addLine(d.lines, lineFrom(product), product.fetchedAt);
          said =
            result.quantity === 1
              ? t('wizard.items.added', { sku: product.sku, name: product.name })
              : t('wizard.items.quantityNow', { sku: product.sku, name: product.name, quantity: result.quantity });
          const data = heldCode === undefined ? d : withoutHeld(d, heldCode);
          return { ...data, lines: result.lines };
        },
        ['order_items'],
      );
      setMessage(said);
      setLast(product.id);
      setError(null);
      // the line's stock is read live (the cache may be hours old); the fresh record is written back to the cache too
      void call('catalogue:product', { id: product.id }).then(
        (read) => {
          if (read.source !== 'live') return;
          const { available, fetchedAt } = read.product;
          updateDraft((d) => ({
            ...d,
            lines: d.lines.map((l) => (l.productId === product.id ? { ...l, available, addedAt: fetchedAt } : l)),
          }));
        },
        () => undefined,
      );
    },
    [updateDraft],
  );

  const lookUp = useCallback(
    (code: string, heldCode?: string): Promise<void> => {
      const draftId = useStore.getState().wizard?.id;
      // counted from the moment the code is read, so a Next pressed before its answer waits for its line
      underWay.current += 1;
      return (queue.current = queue.current.then(async () => {
        setPending(underWay.current);
        try {
          const { product, miss } = await call('catalogue:lookup', { code });
          // another order opened meanwhile: a held code stays in its own draft
          if (useStore.getState().wizard?.id !== draftId) return;
          if (product) return add(product, heldCode);
          // a code the catalogue does not know is said with the code, so it is not lost either; a misread says so
          if (heldCode !== undefined) updateDraft((d) => withoutHeld(d, heldCode));
          failed.current += 1;
          setError(lookupMissText(miss, code) ?? t('wizard.items.noBarcode', { code }));
        } catch (e) {
          // a held code stays held (and shown) when the catalogue cannot be read
          failed.current += 1;
          setError(errorText(e, 'wizard.items.searchFailed'));
        } finally {
          // the line (or the reason) is in place before the count drops: one render sees both
          underWay.current -= 1;
          setPending(underWay.current);
        }
      }));
    },
    [add, updateDraft],
  );

  const addCode = useCallback((code: string): void => void lookUp(code), [lookUp]);

  const onScan = useCallback(
    (code: string): void => {
      if (step === CUSTOMER_STEP) {
        updateDraft((d) => ({ ...d, heldScans: [...(d.heldScans ?? []), code] }));
        return;
      }
      addCode(code);
    },
    [step, addCode, updateDraft],
  );
  useScanner(onScan, true, { inFields: true });

  // held scans become lines once there is a customer and the Customer step is left, or on the Items step in any case
  const release = held.length > 0 && (step === ITEMS_STEP || (step !== CUSTOMER_STEP && hasCustomer));
  useEffect(() => {
    if (!release || flushing.current) return;
    flushing.current = true;
    const codes = [...held];
    for (const code of codes) void lookUp(code, code);
    queue.current = queue.current.then(() => {
      flushing.current = false;
    });
  }, [release, held, lookUp]);

  const clearError = useCallback(() => setError(null), []);
  const busy = useCallback(() => underWay.current > 0, []);
  const settled = useCallback(async (): Promise<boolean> => {
    const before = failed.current;
    // a code read while waiting joins the queue: wait for it too
    let seen: Promise<void>;
    do {
      seen = queue.current;
      await seen;
    } while (seen !== queue.current);
    return failed.current === before;
  }, []);
  return { addProduct: add, addCode, message, error, clearError, held, last, pending, busy, settled };
}

const lineFrom = (p: ProductRow) => ({
  productId: p.id,
  sku: p.sku,
  name: p.name,
  price: p.price,
  available: p.available,
});
