/**
 * Adding a scanned or picked product to the wizard's lines: one (or `count`) of it with what its label said, the held
 * scan it came from leaving the draft in the same change, the line's stock read live afterwards; a scale's label with
 * its weight or price (and, for a label sent as it is, a remark). `onAdded` is told what was added, in words.
 */
import { useCallback } from 'react';
import type { DraftData, LineLabel, ProductRow } from '../../../../shared/domain';
import { labelAmounts, type LabelRead } from '../../../../shared/label-rules';
import { addProduct as addLine } from '../../../../shared/order-entry';
import { call } from '../../bridge';
import { measure, money } from '../../components/format';
import { t } from '../../i18n';
import type { useStore } from '../../store';

type UpdateDraft = ReturnType<typeof useStore.getState>['updateDraft'];

/** The draft without one of these codes (the first, if it was scanned twice). */
export const withoutHeld = (data: DraftData, code: string): DraftData => {
  const held = [...(data.heldScans ?? [])];
  const at = held.indexOf(code);
  if (at >= 0) held.splice(at, 1);
  return { ...data, heldScans: held };
};

export function useAddToLines(
  updateDraft: UpdateDraft,
  onAdded: (said: string, productId: number) => void,
): {
  add(product: ProductRow, heldCode?: string, count?: number, label?: LineLabel): void;
  addLabel(product: ProductRow, read: LabelRead, heldCode: string | undefined, count: number): void;
} {
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
      onAdded(said, product.id);
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
    [updateDraft, onAdded],
  );

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
  return { add, addLabel };
}

const lineFrom = (p: ProductRow) => ({
  productId: p.id,
  sku: p.sku,
  name: p.name,
  price: p.price,
  available: p.available,
});
