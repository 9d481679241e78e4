/** When the open draft has a customer. (The steps the wizard's files go by are shared/order-entry.ts's, beside STEPS.) */
import type { Store } from '../../store';

/** The fields that name someone; the country alone (it may be filled in from the shop's settings) is not a customer. */
const NAMING_FIELDS = ['name', 'email', 'phone'] as const;

/** Whether the open draft names a customer: a store selector (`useStore(hasCustomer)`). */
export const hasCustomer = (s: Store): boolean =>
  NAMING_FIELDS.some((k) => (s.wizard?.data.fields[k] ?? '').trim() !== '');
