/**
 * Ways into a new order from anywhere: Ctrl/Cmd+N and "New order" (never a second blank draft), "Order again" from an
 * order, and "Add to order" from the product panel or the Ctrl/Cmd+K palette (adds to the open draft, or starts one).
 */
import type { DraftData, DraftLine, OrderDetail, ProductRow } from '../../../../shared/domain';
import { addProduct, isBlank, ITEMS_STEP, MAX_LINES, MAX_QUANTITY } from '../../../../shared/order-entry';
import { camel, CUSTOMER_FIELDS } from '../../../../shared/order-schema';
import { call } from '../../bridge';
import { useStore } from '../../store';
import { defaultCountry, newDraft } from './defaults';

/** What a way into the wizard may ask of it (router state): `quantity` puts the focus on the first line's quantity. */
export interface WizardEntry {
  focus?: 'quantity';
}

export const newDraftPath = (): string => `/new-order/${crypto.randomUUID()}`;

/**
 * Where Ctrl/Cmd+N goes: the open order when nothing is typed in it yet (a second blank draft is never made), else a
 * fresh one (the open one stays as a draft).
 */
export function startNewOrderPath(): string {
  const open = useStore.getState().wizard;
  return open && isBlank(open.data) ? `/new-order/${open.id}` : newDraftPath();
}

const lineOf = (p: Pick<ProductRow, 'id' | 'sku' | 'name' | 'price' | 'available'>) => ({
  productId: p.id,
  sku: p.sku,
  name: p.name,
  price: p.price,
  available: p.available,
});

/**
 * Adds a product to the open order (one more when it is there already; `count` more when a quantity was typed before
 * it, as in the palette's "5* cheese"), or, when there is none or `fresh` is asked, starts an order with it, opened at
 * Items where its line shows (the customer comes after).
 */
export async function addToOrder(product: ProductRow, fresh = false, count = 1): Promise<string> {
  const state = useStore.getState();
  const open = state.wizard;
  if (open && !fresh) {
    state.updateDraft(
      (d) => ({ ...d, lines: addProduct(d.lines, lineOf(product), product.fetchedAt, count).lines }),
      ['order_items'],
    );
    state.setStep(ITEMS_STEP);
    return `/new-order/${open.id}`;
  }
  const id = crypto.randomUUID();
  const data = newDraft();
  data.lines = addProduct([], lineOf(product), product.fetchedAt, count).lines;
  await call('drafts:save', { id, step: ITEMS_STEP, data });
  state.openWizard({ id, step: ITEMS_STEP, data, saved: true });
  return `/new-order/${id}`;
}

/**
 * "Order again": a new draft with the order's customer, address, shipping cost and lines at today's catalogue prices
 * (read again live at the review), opened at Items. Products the catalogue no longer has keep their id and no price, so the
 * line shows it and can be removed.
 */
export async function orderAgain(order: OrderDetail): Promise<string> {
  const lines = new Map<number, DraftLine>();
  for (const item of order.items) {
    if (item.productVariantId === null || !item.quantity || item.quantity < 1) continue;
    const id = item.productVariantId;
    const seen = lines.get(id);
    if (seen) {
      // the same product twice in the old order: one line with the quantities added up
      lines.set(id, { ...seen, quantity: Math.min(MAX_QUANTITY, seen.quantity + item.quantity) });
      continue;
    }
    let known: ProductRow | null = null;
    try {
      const read = await call('catalogue:product', { id });
      if (!read.missing) known = read.product;
    } catch {
      // not readable: the line shows it has no price
    }
    lines.set(id, {
      ...(known
        ? lineOf(known)
        : {
            productId: id,
            sku: item.productSku ?? `#${id}`,
            name: item.productName ?? '',
            price: null,
            available: null,
          }),
      addedAt: known?.fetchedAt ?? Date.now(),
      quantity: Math.min(MAX_QUANTITY, item.quantity),
    });
  }
  // the original's shipping cost comes along (the shop's default when the service gave none)
  const base = newDraft(order.country || defaultCountry(), order.shippingCost ?? undefined);
  const data = {
    ...base,
    fields: {
      ...base.fields,
      // the customer and the address (the order schema's first two steps), the shop's country when it had none
      ...Object.fromEntries(CUSTOMER_FIELDS.map((key) => [key, order[camel(key)]])),
      country: order.country || base.fields.country,
    },
    lines: [...lines.values()].slice(0, MAX_LINES),
  };
  // "Order again" twice on the same order opens the draft the first made, if it is still as it was: never a twin
  const same = (await useStore.getState().loadDrafts()).find((d) => sameOrder(d.data, data));
  if (same) return `/new-order/${same.id}`;
  const id = crypto.randomUUID();
  await call('drafts:save', { id, step: ITEMS_STEP, data });
  useStore.getState().openWizard({ id, step: ITEMS_STEP, data, saved: true });
  return `/new-order/${id}`;
}

/** Two drafts with the same fields and the same products in the same quantities. */
function sameOrder(a: DraftData, b: DraftData): boolean {
  const key = (d: DraftData): string =>
    JSON.stringify([d.fields, d.lines.map((l) => [l.productId, l.quantity]), d.replaces]);
  return key(a) === key(b);
}
