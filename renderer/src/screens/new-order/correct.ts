/** Turns a rejected outbox entry back into a draft, with the service's messages at the fields they name. */
import type { OutboxEntry, ProductRow } from '../../../../shared/domain';
import {
  attachLineMessages,
  draftFromOrder,
  firstStepWithError,
  fromServerErrors,
  REVIEW_STEP,
} from '../../../../shared/order-entry';
import { call } from '../../bridge';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { selectDateOrder } from '../../store/orders';

export async function correctRejected(entry: OutboxEntry): Promise<string> {
  const state = useStore.getState();
  const order = selectDateOrder(state);
  // what the catalogue on this computer knows of each product (one it never had keeps its id, with no price)
  const known = new Map<number, ProductRow>();
  await Promise.all(
    entry.order.order_items.map(async (item) => {
      try {
        const read = await call('catalogue:product', { id: item.id });
        // a product the service no longer has keeps its last cached name and SKU, so staff see which line it is
        known.set(item.id, read.product);
      } catch {
        // not in the cache and not readable: the line shows it
      }
    }),
  );
  const data = attachLineMessages({
    // a product this computer never had keeps its id as its SKU, named in the screen's language
    ...draftFromOrder(
      entry.order,
      order,
      (id) => known.get(id) ?? { sku: `#${id}`, name: t('wizard.items.notInCatalogue'), price: null, available: null },
    ),
    replaces: entry.id,
    serverErrors: entry.fieldErrors ?? {},
  });
  const id = crypto.randomUUID();
  const step = firstStepWithError(fromServerErrors(entry.fieldErrors)) ?? REVIEW_STEP;
  await call('drafts:save', { id, step, data });
  state.openWizard({ id, step, data, saved: true });
  return id;
}
