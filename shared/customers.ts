/** Customers found in the order book on this computer (Customer step): facts only, in the service's field names. */
import { z } from 'zod';
import { CUSTOMER_FIELDS, type CustomerField } from './order-schema';

export const CustomerSearchRequest = z
  .object({
    /** Name, e-mail or phone, any case, with or without accents; '' for the most recent customers. */
    text: z.string().max(200),
    limit: z.number().int().min(1).max(50).default(8),
  })
  .strict();

export { CUSTOMER_FIELDS, type CustomerField } from './order-schema';

export const Customer = z.object({
  /** Name, e-mail, phone and the address of their latest order, keyed as the order form keys them. */
  fields: z.object(
    Object.fromEntries(CUSTOMER_FIELDS.map((k) => [k, z.string()])) as Record<CustomerField, z.ZodString>,
  ),
  /** The latest order (id) and its day (ISO, '' when unreadable). */
  lastOrderId: z.number().int(),
  lastOrderDay: z.string(),
  /** How many orders in the book are theirs. */
  orders: z.number().int(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerSearchResult = z.object({
  customers: z.array(Customer),
  /** Orders in the book on this computer (0: nothing to search yet). */
  cachedOrders: z.number().int(),
  tookMs: z.number(),
});
export type CustomerSearchResult = z.infer<typeof CustomerSearchResult>;

/** One customer per e-mail address (any case); without an e-mail, per name and phone. */
export const customerKey = (email: string, name: string, phone: string): string =>
  email.trim() ? `e:${email.trim().toLowerCase()}` : `n:${name.trim().toLowerCase()}|${phone.replace(/\D/g, '')}`;
