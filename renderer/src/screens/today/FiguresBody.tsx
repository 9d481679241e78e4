/**
 * The figures themselves, as plain tables: the same markup on the screen and on paper (A4 or an 80 mm roll), styled by
 * today.css for each. Amounts come worked out by the core (exact decimal strings) and are only formatted here.
 */
import { createContext, useContext, useId, type ReactNode } from 'react';
import type { DayFigures } from '../../../../shared/figures';
import { formatDay } from '../../components/DateText';
import { count, money } from '../../components/format';
import { statusText } from '../../components/StatusBadge';
import { t } from '../../i18n';
import { hourText, productName } from './words';

function Section({
  title,
  children,
  wide,
}: {
  title: string;
  children: (labelId: string) => ReactNode;
  wide?: boolean;
}) {
  const id = useId();
  // on the screen a region each; on paper (the print preview's copy beside the screen's) plain blocks, so the
  // screen's regions stay the only ones of their names
  const Block = useContext(OnPaper) ? 'div' : 'section';
  return (
    <Block
      className="figures-section"
      data-wide={wide || undefined}
      aria-labelledby={Block === 'section' ? id : undefined}
    >
      <h2 id={id}>{title}</h2>
      {children(id)}
    </Block>
  );
}

/** The figures drawn as a document to print (FiguresDocument.tsx). */
export const OnPaper = createContext(false);

function Table({
  labelId,
  head,
  rows,
  testId,
}: {
  labelId: string;
  head: string[];
  rows: ReactNode[][];
  testId?: string;
}) {
  return (
    <table className="figures-table" aria-labelledby={labelId} data-testid={testId}>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col" data-num={i > 0 || undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r}>
            {cells.map((c, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {c}
                </th>
              ) : (
                <td key={i} data-num>
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FiguresTotals({ f }: { f: DayFigures }) {
  const items: [string, string, string][] = [
    ['orders', t('figures.orders'), count(f.orders)],
    ['subtotal', t('figures.subtotal'), money(f.amounts.subtotal)],
    ['shipping', t('figures.shipping'), money(f.amounts.shipping)],
    ['tax', t('figures.tax'), money(f.amounts.tax)],
    ['discounts', t('figures.discounts'), money(f.amounts.discounts)],
    ['total', t('figures.total'), money(f.amounts.total)],
  ];
  return (
    <dl className="figures-totals" aria-label={t('figures.totals')}>
      {items.map(([key, label, value]) => (
        <div key={key} data-key={key}>
          <dt>{label}</dt>
          <dd data-testid={`figures-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FiguresBody({ f }: { f: DayFigures }) {
  const hours = f.byHour.filter((h) => h.orders > 0);
  const top = (list: DayFigures['topByQuantity']) =>
    list.map((p) => [
      <>
        {productName(p)}
        {p.sku && <span className="figures-sku"> · {p.sku}</span>}
      </>,
      count(p.quantity),
      money(p.amount),
    ]);
  const productHead = [t('figures.product'), t('figures.quantity'), t('figures.amount')];
  return (
    <div className="figures-grid">
      <Section title={t('figures.byStatus')}>
        {(id) =>
          f.byStatus.length === 0 ? (
            <p className="figures-none">{t('figures.empty')}</p>
          ) : (
            <Table
              labelId={id}
              testId="figures-by-status"
              head={[t('figures.status'), t('figures.orders'), t('figures.total')]}
              rows={f.byStatus.map((s) => [statusText(s.status), count(s.orders), money(s.total)])}
            />
          )
        }
      </Section>
      <Section title={t('figures.byHour')}>
        {(id) =>
          hours.length === 0 && f.noHour.orders === 0 ? (
            <p className="figures-none">{t('figures.empty')}</p>
          ) : (
            <Table
              labelId={id}
              testId="figures-by-hour"
              head={[t('figures.hour'), t('figures.orders'), t('figures.total')]}
              rows={[
                ...hours.map((h) => [hourText(h.hour), count(h.orders), money(h.total)]),
                ...(f.noHour.orders > 0 ? [[t('figures.noHour'), count(f.noHour.orders), money(f.noHour.total)]] : []),
              ]}
            />
          )
        }
      </Section>
      {f.byDay.length > 1 && (
        <Section title={t('figures.byDay')}>
          {(id) => (
            <Table
              labelId={id}
              testId="figures-by-day"
              head={[t('figures.day'), t('figures.orders'), t('figures.total')]}
              rows={f.byDay.map((d) => [formatDay(d.day), count(d.orders), money(d.total)])}
            />
          )}
        </Section>
      )}
      <Section title={t('figures.sent')}>
        {(id) =>
          f.sent.orders === 0 ? (
            <p className="figures-none">{t('figures.sentNone')}</p>
          ) : (
            <>
              <p data-testid="figures-sent">
                {t('figures.sentSummary', { count: f.sent.orders, total: money(f.sent.total) })}
                {f.sent.list.length < f.sent.orders && ` ${t('figures.sentMore', { shown: f.sent.list.length })}`}
              </p>
              <Table
                labelId={id}
                head={[t('figures.po'), t('figures.customer'), t('figures.total')]}
                rows={f.sent.list.map((o) => [o.poNumber, o.name, money(o.total)])}
              />
            </>
          )
        }
      </Section>
      <Section title={t('figures.topQuantity')}>
        {(id) =>
          f.topByQuantity.length === 0 ? (
            <p className="figures-none">{t('figures.noProducts')}</p>
          ) : (
            <Table labelId={id} testId="figures-top-quantity" head={productHead} rows={top(f.topByQuantity)} />
          )
        }
      </Section>
      <Section title={t('figures.topAmount')}>
        {(id) =>
          f.topByAmount.length === 0 ? (
            <p className="figures-none">{t('figures.noProducts')}</p>
          ) : (
            <Table labelId={id} testId="figures-top-amount" head={productHead} rows={top(f.topByAmount)} />
          )
        }
      </Section>
    </div>
  );
}
