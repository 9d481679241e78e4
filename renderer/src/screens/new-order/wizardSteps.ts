/** The wizard's steps that its files go by, and when the open draft has a customer. */
import { STEPS } from '../../../../shared/order-entry';
import type { Store } from '../../store';

export const CUSTOMER_STEP = STEPS.indexOf('Customer');
export const ITEMS_STEP = STEPS.indexOf('Items');

/** The fields that name someone; the country alone (it may be filled in from the shop's settings) is not a customer. */
const NAMING_FIELDS = ['name', 'email', 'phone'] as const;

/** Whether the open draft names a customer: a store selector (`useStore(hasCustomer)`). */
export const hasCustomer = (s: Store): boolean =>
  NAMING_FIELDS.some((k) => (s.wizard?.data.fields[k] ?? '').trim() !== '');
