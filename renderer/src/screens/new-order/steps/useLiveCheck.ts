/**
 * The Review step's live check: when online, each line's product is read again from the service; the draft takes the
 * fresh price and stock, and what changed since the line was added (price, stock, gone, or why it could not be read)
 * is kept per product for the step to show. `checking` while the answers for the lines as they are now are not in.
 */
import { useEffect, useState } from 'react';
import type { DraftLine } from '../../../../../shared/domain';
import { call } from '../../../bridge';
import { errorText, readNote } from '../../../errors';
import { useStore } from '../../../store';

export type Check =
  | { state: 'live'; price: string | null; available: number | null; was: Pick<DraftLine, 'price' | 'available'> }
  | { state: 'missing' }
  | { state: 'cache'; note: string | null };

type UpdateDraft = ReturnType<typeof useStore.getState>['updateDraft'];

export function useLiveCheck(
  lines: readonly DraftLine[],
  online: boolean,
  updateDraft: UpdateDraft,
): { checking: boolean; checks: Record<number, Check> } {
  /** The answers of the last check, and which lines they are for. */
  const [checked, setChecked] = useState<{ ids: string; checks: Record<number, Check> }>({ ids: '', checks: {} });
  const ids = lines.map((l) => l.productId).join(',');

  // Read every line's product again from the service; the draft takes the fresh price and stock.
  useEffect(() => {
    if (!online || !ids) return;
    let stale = false;
    const now = useStore.getState().wizard?.data.lines ?? [];
    void Promise.all(
      now.map(async (line): Promise<[number, Check, DraftLine | null]> => {
        try {
          const read = await call('catalogue:product', { id: line.productId });
          if (read.missing) return [line.productId, { state: 'missing' }, null];
          if (read.source !== 'live')
            return [line.productId, { state: 'cache', note: readNote(read.why, 'product') }, null];
          const p = read.product;
          const fresh = { ...line, price: p.price, available: p.available, addedAt: p.fetchedAt };
          const check: Check = { state: 'live', price: p.price, available: p.available, was: line };
          return [line.productId, check, fresh];
        } catch (e) {
          const note = errorText(e, 'wizard.review.readFailed');
          return [line.productId, { state: 'cache', note }, null];
        }
      }),
    ).then((results) => {
      if (stale) return;
      setChecked({ ids, checks: Object.fromEntries(results.map(([id, check]) => [id, check])) });
      const fresh = new Map(results.flatMap(([id, , line]) => (line ? [[id, line] as const] : [])));
      const changed = [...fresh.values()].some((f) => {
        const l = useStore.getState().wizard?.data.lines.find((x) => x.productId === f.productId);
        return l && (l.price !== f.price || l.available !== f.available);
      });
      if (changed)
        updateDraft((d) => ({
          ...d,
          lines: d.lines.map((l) => {
            const f = fresh.get(l.productId);
            return f ? { ...l, price: f.price, available: f.available, addedAt: f.addedAt } : l;
          }),
        }));
    });
    return () => {
      stale = true;
    };
  }, [online, ids, updateDraft]);

  const checking = online && ids !== '' && checked.ids !== ids;
  return { checking, checks: checking ? {} : checked.checks };
}
