/** The order list's date presets, ready-made views and how a saved view maps onto the list's query. */
import type { DatePreset, SavedView } from '../../../../shared/contract';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { t } from '../../i18n';
import type { OrdersQuery } from '../../store/orders';

export type { DatePreset };

export const PRESET_LABEL: Record<DatePreset, SimpleKey> = {
  today: 'orders.preset.today',
  last7: 'orders.preset.last7',
  month: 'orders.preset.month',
};

const iso = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A preset's days as of `now` (local time), inclusive. */
export function presetRange(preset: DatePreset, now = new Date()): { from: string; to: string } {
  const today = iso(now);
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'last7')
    return { from: iso(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6)), to: today };
  return { from: iso(new Date(now.getFullYear(), now.getMonth(), 1)), to: today };
}

/** A range typed the wrong way round is put right (and the screen says so). */
export function orderedRange(
  from: string | null,
  to: string | null,
): { from: string | null; to: string | null; swapped: boolean } {
  return from && to && from > to ? { from: to, to: from, swapped: true } : { from, to, swapped: false };
}

export const READY_MADE_NAME: Record<NonNullable<SavedView['readyMade']>, SimpleKey> = {
  today: 'orders.preset.today',
  pending: 'status.pending',
  attention: 'orders.view.attention',
};

const BLANK: SavedView['query'] = {
  text: '',
  status: null,
  preset: null,
  from: null,
  to: null,
  attention: false,
  sort: 'date',
  dir: 'desc',
};

export const READY_MADE_VIEWS: SavedView[] = [
  { id: 'today', readyMade: 'today', name: null, query: { ...BLANK, preset: 'today' }, columns: null },
  { id: 'pending', readyMade: 'pending', name: null, query: { ...BLANK, status: 'Pending' }, columns: null },
  { id: 'attention', readyMade: 'attention', name: null, query: { ...BLANK, attention: true }, columns: null },
];

export const viewName = (view: SavedView): string =>
  view.name ?? t(view.readyMade ? READY_MADE_NAME[view.readyMade] : 'orders.view.unnamed');

/** The list's query a view stands for today (a preset is read as of now). */
export function queryOfView(view: SavedView): { query: OrdersQuery; preset: DatePreset | null } {
  const { preset, ...rest } = view.query;
  return { query: preset ? { ...rest, ...presetRange(preset) } : rest, preset };
}

/** Whether the list shows what a view stands for (its columns too, when it has its own). */
export function showsView(view: SavedView, query: OrdersQuery, preset: DatePreset | null, columns: string[]): boolean {
  const wanted = queryOfView(view);
  const same = (Object.keys(wanted.query) as (keyof OrdersQuery)[]).every((k) => wanted.query[k] === query[k]);
  return same && wanted.preset === preset && (view.columns === null || view.columns.join() === columns.join());
}
