/**
 * Scans in the order-entry wizard (#27.2): a scanner's code is a scan wherever the focus is in the wizard (the picker,
 * a quantity, an address field, a button) and adds its product; it is never typed into the field. On the Customer
 * step it is held in the draft (saved like the rest of it, so it survives a step change, a reload and a restart) and
 * added once a customer is chosen. Codes are looked up one after another in the order they came, held ones first, so a
 * fast scanner never loses one nor swaps two.
 *
 * A quantity typed before a scan or a pick on the Items step ("5*", #29.6) is the next one's quantity: it is shown
 * until a scan or pick uses it (a code that finds nothing leaves it for the next), and `+` adds the last line's product
 * again (that many of it, or one).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { addProduct as addLine, CUSTOMER_STEP, ITEMS_STEP } from '../../../../shared/order-entry';
import { lookupMissText } from '../../components/lookupWords';
import { useScanner } from '../../components/useScanner';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { lookUpScan } from './lookUpScan';
import { useAddToLines, withoutHeld } from './useAddToLines';
import { useNextQuantity } from './useNextQuantity';
import { hasCustomer } from './hasCustomer';

/** Why the last code added nothing, in words; a misread is said with a cue of its own. */
interface Miss {
  text: string;
  misread: boolean;
}

const NONE: string[] = [];

export interface WizardScans {
  /** Adds a product to the lines (a pick): one, or the quantity typed before it. */
  addProduct(product: ProductRow): void;
  /** Looks a code up in the catalogue on this computer and adds its product (a scan, or a code typed by hand). */
  addCode(code: string): void;
  /** What the last scan or pick did, in words ("" when nothing yet on this step). */
  message: string;
  /** Why the last code added nothing; null when it did. */
  error: string | null;
  /** That code was misread (its check digit fails: scan it again, #29.3): said with a cue of its own. */
  misread: boolean;
  clearError(): void;
  /** Codes scanned on the Customer step, waiting for a customer. */
  held: string[];
  /** The product the last scan or pick added (or added one more of): its line is shown as the newest. */
  last: number | null;
  /** Codes being looked up or queued (scanned or typed, and held ones being released): their lines are to come. */
  pending: number;
  /** The quantity the next scan or pick adds ("5*" typed before it); null: one. */
  next: number | null;
  setNext(quantity: number | null): void;
  /** Adds the product of the line the last scan or pick added to (else the last line) again; false when no line. */
  repeatLast(): boolean;
  /** Whether a lookup is under way now (read at the moment, not as of the last render). */
  busy(): boolean;
  /**
   * Resolves once every lookup under way (and any queued meanwhile) has ended: true when each added its line, false
   * when one added nothing (its reason is shown at the barcode field).
   */
  settled(): Promise<boolean>;
}

export function useWizardScans(step: number): WizardScans {
  const updateDraft = useStore((s) => s.updateDraft);
  const held = useStore((s) => s.wizard?.data.heldScans ?? NONE);
  const customerNamed = useStore(hasCustomer);
  const [message, setMessage] = useState('');
  const [shownMiss, setError] = useState<Miss | null>(null);
  const [last, setLast] = useState<number | null>(null);
  const { next, setNext, nextNow, take } = useNextQuantity(step);
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
  const said = useCallback((text: string, productId: number): void => {
    setMessage(text);
    setLast(productId);
    setError(null);
  }, []);
  const { add, addLabel } = useAddToLines(updateDraft, said);

  const lookUp = useCallback(
    (code: string, heldCode?: string, count = 1): Promise<void> => {
      const draftId = useStore.getState().wizard?.id;
      // counted from the moment the code is read, so a Next pressed before its answer waits for its line
      underWay.current += 1;
      return (queue.current = queue.current.then(async () => {
        setPending(underWay.current);
        try {
          // a GS1 label is looked up by its GTIN; its lot, expiry and weight go on the line
          const { meaning, scale, product, miss } = await lookUpScan(code, useStore.getState().ui);
          // another order opened meanwhile: a held code stays in its own draft
          if (useStore.getState().wizard?.id !== draftId) return;
          if (product && scale !== null && 'read' in scale) return addLabel(product, scale.read, heldCode, count);
          if (product) return add(product, heldCode, count, meaning.label ?? undefined);
          // a code the catalogue does not know is said with the code, so it is not lost either; a misread says so
          if (heldCode !== undefined) updateDraft((d) => withoutHeld(d, heldCode));
          // the quantity typed for it waits for the next scan (unless another was typed meanwhile)
          if (count !== 1 && nextNow() === null) setNext(count);
          failed.current += 1;
          const text = lookupMissText(miss, meaning.lookup) ?? t('wizard.items.noBarcode', { code: meaning.lookup });
          setError({ text, misread: miss === 'misread' });
        } catch (e) {
          // a held code stays held (and shown) when the catalogue cannot be read
          failed.current += 1;
          setError({ text: errorText(e, 'wizard.items.searchFailed'), misread: false });
        } finally {
          // the line (or the reason) is in place before the count drops: one render sees both
          underWay.current -= 1;
          setPending(underWay.current);
        }
      }));
    },
    [add, addLabel, updateDraft, nextNow, setNext],
  );

  const addCode = useCallback((code: string): void => void lookUp(code, undefined, take()), [lookUp, take]);
  const pick = useCallback((product: ProductRow): void => add(product, undefined, take()), [add, take]);
  const repeatLast = useCallback((): boolean => {
    const lines = useStore.getState().wizard?.data.lines ?? [];
    const line = lines.find((l) => l.productId === last) ?? lines[lines.length - 1];
    if (!line) return false;
    const count = take();
    let quantity = 0;
    updateDraft(
      (d) => {
        const result = addLine(d.lines, line, line.addedAt, count);
        quantity = result.quantity;
        return { ...d, lines: result.lines };
      },
      ['order_items'],
    );
    setMessage(t('wizard.items.quantityNow', { sku: line.sku, name: line.name, quantity }));
    setLast(line.productId);
    setError(null);
    return true;
  }, [last, take, updateDraft]);

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
  const release = held.length > 0 && (step === ITEMS_STEP || (step !== CUSTOMER_STEP && customerNamed));
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
  return {
    addProduct: pick,
    addCode,
    message,
    error: shownMiss?.text ?? null,
    misread: shownMiss?.misread ?? false,
    clearError,
    held,
    last,
    next,
    setNext,
    repeatLast,
    pending,
    busy,
    settled,
  };
}
