/**
 * The figures as CSV, worded in the language in use: one row per figure (section, item, orders, quantity, amount), so a
 * spreadsheet sums and filters them. Amounts are written as the exact decimal strings the core worked out.
 */
import { csvDocument } from '../../../../shared/csv';
import type { DayFigures } from '../../../../shared/figures';
import type { ResponseOf } from '../../../../shared/contract';
import { statusText } from '../../components/StatusBadge';
import { t } from '../../i18n';
import { hourText, productName } from './words';

type Cell = string | number | null;

export function figuresCsv(answer: ResponseOf<'figures:get'>): string {
  const f: DayFigures = answer.figures;
  const rows: Cell[][] = [];
  const row = (section: string, item: string, orders: number | null, quantity: number | null, amount: string | null) =>
    rows.push([section, item, orders, quantity, amount]);
  row(t('figures.csvRange'), `${f.from}/${f.to}`, null, null, null);
  row(t('figures.csvZone'), f.timeZone, null, null, null);
  row(t('figures.csvCoverage'), answer.coverage.state, null, null, null);
  const totals = t('figures.totals');
  row(totals, t('figures.orders'), f.orders, null, null);
  row(totals, t('figures.subtotal'), null, null, f.amounts.subtotal);
  row(totals, t('figures.shipping'), null, null, f.amounts.shipping);
  row(totals, t('figures.tax'), null, null, f.amounts.tax);
  row(totals, t('figures.discounts'), null, null, f.amounts.discounts);
  row(totals, t('figures.total'), f.orders, null, f.amounts.total);
  for (const s of f.byStatus) row(t('figures.byStatus'), statusText(s.status), s.orders, null, s.total);
  for (const h of f.byHour) if (h.orders > 0) row(t('figures.byHour'), hourText(h.hour), h.orders, null, h.total);
  if (f.noHour.orders > 0) row(t('figures.byHour'), t('figures.noHour'), f.noHour.orders, null, f.noHour.total);
  if (f.byDay.length > 1) for (const d of f.byDay) row(t('figures.byDay'), d.day, d.orders, null, d.total);
  row(t('figures.sent'), t('figures.total'), f.sent.orders, null, f.sent.total);
  for (const o of f.sent.list) row(t('figures.sent'), `${o.poNumber} ${o.name}`.trim(), 1, null, o.total);
  for (const p of f.topByQuantity) row(t('figures.topQuantity'), productName(p), p.orders, p.quantity, p.amount);
  for (const p of f.topByAmount) row(t('figures.topAmount'), productName(p), p.orders, p.quantity, p.amount);
  return csvDocument(
    [t('figures.csvSection'), t('figures.csvItem'), t('figures.orders'), t('figures.quantity'), t('figures.amount')],
    rows,
  );
}
