/** The order list's columns: every one it can show, in its usual order; PO, customer, status and total always. */
import type { OrderRow } from '../../../../shared/domain';
import { DateText } from '../../components/DateText';
import { count, money } from '../../components/format';
import { StatusLabel } from '../../components/StatusBadge';
import { textWidth } from '../../components/textWidth';
import type { ListColumn } from '../../components/useListController';
import { t } from '../../i18n';

/**
 * An order this desk just sent: the service's answer is in the book, and the next refresh confirms it from the list.
 * Said under the PO number, in a column wide enough for the words in any language (never cut off).
 */
function JustSent() {
  return <span className="just-sent">{t('orders.justSent')}</span>;
}

/** The PO column's width: the usual 120 px, or what "Just sent" takes in this language (with the cell's padding). */
const poColumnWidth = (): number => Math.max(120, textWidth(t('orders.justSent'), 11, 600) + 24);

/** Every column the list can show, in its usual order; PO, customer, status and total are always there. */
export const allOrderColumns = (): ListColumn<OrderRow>[] => [
  {
    key: 'id',
    header: t('orders.col.po'),
    width: poColumnWidth(),
    sortable: true,
    required: true,
    render: (o) =>
      o.sentAt === null ? (
        o.poNumber || `#${o.id}`
      ) : (
        <span className="po-cell">
          <span>{o.poNumber || `#${o.id}`}</span>
          <JustSent />
        </span>
      ),
  },
  {
    key: 'date',
    header: t('orders.col.date'),
    width: 116,
    sortable: true,
    priority: 5,
    render: (o) => <DateText value={o.orderDate} />,
  },
  {
    key: 'customer',
    header: t('orders.col.customer'),
    width: 'minmax(150px, 1fr)',
    sortable: true,
    required: true,
    render: (o) => <span title={o.email}>{o.name || t('orders.noName')}</span>,
  },
  {
    key: 'email',
    header: t('orders.col.email'),
    width: 'minmax(180px, 1fr)',
    priority: 3,
    render: (o) => o.email || '—',
  },
  { key: 'phone', header: t('orders.col.phone'), width: 140, priority: 1, render: (o) => o.phone || '—' },
  { key: 'city', header: t('orders.col.city'), width: 140, priority: 2, render: (o) => o.city || '—' },
  {
    key: 'status',
    header: t('orders.col.status'),
    width: 130,
    required: true,
    render: (o) => <StatusLabel status={o.status} />,
  },
  {
    key: 'items',
    header: t('orders.col.items'),
    width: 64,
    align: 'right',
    priority: 4,
    render: (o) => count(o.items),
  },
  {
    key: 'total',
    header: t('orders.col.total'),
    width: 110,
    align: 'right',
    sortable: true,
    required: true,
    render: (o) => money(o.totalPrice),
  },
];
export const DEFAULT_ORDER_COLUMNS = ['id', 'date', 'customer', 'phone', 'city', 'status', 'items', 'total'];
