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
import type { DraftData, LineLabel, ProductRow } from '../../../../shared/domain';
import type { LookupMiss } from '../../../../shared/contract';
import { addProduct as addLine, STEPS } from '../../../../shared/order-entry';
import { call } from '../../bridge';
import { lookupMissText } from '../../components/lookupWords';
import { readScan } from '../../components/scanLabel';
import { measure, money } from '../../components/format';
import { labelAmounts, productCodes, readLabel, rulesInUse, type LabelRead } from '../../../../shared/label-rules';
import { useScanner } from '../../components/useScanner';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';

interface Typed {
  quantity: number;
  step: number;
}

/** Why the last code added nothing, in words; a misread is said with a cue of its own. */
interface Miss {
  text: string;
  misread: boolean;
}

export const CUSTOMER_STEP = STEPS.indexOf('Customer');
export const ITEMS_STEP = STEPS.indexOf('Items');
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
  const [shownMiss, setError] = useState<Miss | null>(null);
  const [last, setLast] = useState<number | null>(null);
  /** The quantity typed for the next scan or pick, on the step it was typed on (another step forgets it). */
  const [typed, setTyped] = useState<Typed | null>(null);
  /** The same as of now (a scan can come before the render that shows it). */
  const typedRef = useRef<Typed | null>(null);
  const next = typed?.step === step ? typed.quantity : null;
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
    (product: ProductRow, heldCode?: string, count = 1, label?: LineLabel): void => {
      let said = '';
      updateDraft(
        (d) => {
          const result = addLine(d.lines, lineFrom(product), product.fetchedAt, count, label);
          said =
            result.quantity === 1 && count === 1
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

  const setNext = useCallback(
    (quantity: number | null): void => {
      typedRef.current = quantity === null ? null : { quantity, step };
      setTyped(typedRef.current);
    },
    [step],
  );
  const nextNow = useCallback(
    (): number | null => (typedRef.current?.step === step ? typedRef.current.quantity : null),
    [step],
  );
  /** The quantity for this scan or pick: the one typed before it (then used up), else one. */
  const take = useCallback((): number => {
    const count = nextNow();
    if (count !== null) setNext(null);
    return count ?? 1;
  }, [nextNow, setNext]);

  /** A scale's label: one of its product (or its weight in grams), the weight and price on the line and in the remarks. */
  const addLabel = useCallback(
    (product: ProductRow, read: LabelRead, heldCode: string | undefined, count: number): void => {
      const { weightKg, price, quantity } = labelAmounts(read, product.price);
      const label: LineLabel = { code: read.code };
      if (weightKg !== null) label.weightKg = weightKg;
      if (price !== null) label.price = price;
      add(product, heldCode, read.rule.sends === 'grams' ? quantity : count, label);
      if (read.rule.sends !== 'per_label') return;
      const remark = t('wizard.items.labelRemark', {
        sku: product.sku,
        weight: weightKg === null ? '—' : measure(weightKg),
        price: money(price),
      });
      updateDraft((d) => {
        const before = d.fields.remarks.trim();
        return { ...d, fields: { ...d.fields, remarks: (before ? `${before}\n${remark}` : remark).slice(0, 2000) } };
      });
    },
    [add, updateDraft],
  );

  const lookUp = useCallback(
    (code: string, heldCode?: string, count = 1): Promise<void> => {
      const draftId = useStore.getState().wizard?.id;
      // counted from the moment the code is read, so a Next pressed before its answer waits for its line
      underWay.current += 1;
      return (queue.current = queue.current.then(async () => {
        setPending(underWay.current);
        try {
          // a GS1 label is looked up by its GTIN; its lot, expiry and weight go on the line
          const { ui } = useStore.getState();
          const meaning = readScan(code, ui.scanner);
          // a scale's label (Settings → Scanner → Labels) by its product's digits, with its weight or price
          const scale = meaning.label === null ? readLabel(meaning.code, rulesInUse(ui.labelRules)) : null;
          const { product, miss } =
            scale === null
              ? await call('catalogue:lookup', { code: meaning.lookup })
              : 'misread' in scale
                ? { product: null, miss: 'misread' as const }
                : await lookUpLabel(scale.read);
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

/** The product of a scale's label: the first of the codes it may go by that the catalogue knows. */
async function lookUpLabel(read: LabelRead): Promise<{ product: ProductRow | null; miss: LookupMiss | null }> {
  for (const code of productCodes(read)) {
    const { product } = await call('catalogue:lookup', { code });
    if (product) return { product, miss: null };
  }
  return { product: null, miss: 'not_in_catalogue' };
}

const lineFrom = (p: ProductRow) => ({
  productId: p.id,
  sku: p.sku,
  name: p.name,
  price: p.price,
  available: p.available,
});
