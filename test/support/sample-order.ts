/** A valid new order for tests (product 3 exists in every reference-service data set). */
import type { NewOrder } from '../../shared/domain';

export const sampleOrder = (patch: Partial<NewOrder> = {}): NewOrder => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+31 6 1234 5678',
  address_line_1: '1 Analytical Street',
  address_line_2: '',
  zip: '1011 AB',
  city: 'Amsterdam',
  province: 'Noord-Holland',
  country: 'Netherlands',
  remarks: '',
  order_date: '',
  processed_date: '',
  closed_date: '',
  cancelled_date: '',
  cancel_reason: '',
  subtotal_price: '20.00',
  shipping_cost: '4.95',
  total_tax: '4.20',
  total_discounts: '0.00',
  total_price: '29.15',
  order_items: [{ id: 3, quantity: 2 }],
  ...patch,
});

/** Another desk places an order on the service through its API; returns the new order's id. */
export async function postOrder(
  service: { url: string; token: string },
  order: NewOrder = sampleOrder(),
): Promise<number> {
  const res = await fetch(`${service.url}/api/order`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${service.token}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(order),
  });
  if (res.status !== 201) throw new Error(`the service answered ${res.status}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
