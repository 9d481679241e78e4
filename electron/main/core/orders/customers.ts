/**
 * The customers the order book knows, for the order wizard's customer step: found by name, e-mail or phone (db.ts
 * gives the words as its search index takes them), one per customer, with the address of their latest order.
 */
import { customerKey, type Customer } from '../../../../shared/customers';
import { camel, CUSTOMER_FIELDS } from '../../../../shared/order-schema';
import { parseKept, type ParsedOrder } from './api';
import type { OrderStatements } from './statements';

/**
 * Customers whose name, e-mail or phone match every word typed (prefixes; any case; accents ignored by the index),
 * most recent first, one per customer (customerKey), with the address of their latest order: the latest order day,
 * of one day the highest id (the service numbers orders as they come, and this desk's order just sent is in the book
 * from the service's answer with the day and id it gave); orders without a readable day come after every dated one.
 * At most the 500 latest matching orders are looked at: a customer is found by typing more of the name.
 * `words`: the MATCH text of what was typed (null: nothing typed, the latest customers).
 */
export function findCustomers(stmt: OrderStatements, words: string | null, limit: number): Customer[] {
  const match = words ? `{name email phone} : (${words})` : null;
  const rows = (match ? stmt.customerMatches.all(match) : stmt.recentOrders.all()) as {
    id: number;
    name: string;
    email: string;
  }[];
  const read = (id: number): { order: ParsedOrder; day: string } | null => {
    const row = stmt.byId.get(id) as { raw: string; order_day: string } | undefined;
    const parsed = row ? parseKept(row.raw) : null;
    return parsed?.ok ? { order: parsed.order, day: row!.order_day.startsWith('~') ? '' : row!.order_day } : null;
  };
  const found = new Map<string, { latest: { order: ParsedOrder; day: string }; orders: number }>();
  for (const row of rows) {
    // the phone is needed for the key only without an e-mail (rare): read then
    const phone = row.email.trim() ? '' : (read(row.id)?.order.phone ?? '');
    const key = customerKey(row.email, row.name, phone);
    const seen = found.get(key);
    if (seen) seen.orders += 1;
    else if (found.size < limit) {
      const latest = read(row.id);
      if (latest) found.set(key, { latest, orders: 1 });
    }
  }
  return [...found.values()].map(({ latest: { order: o, day }, orders }) => ({
    fields: Object.fromEntries(CUSTOMER_FIELDS.map((key) => [key, o[camel(key)]])) as Customer['fields'],
    lastOrderId: o.id,
    lastOrderDay: day,
    orders,
  }));
}
