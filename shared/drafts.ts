/**
 * What the order-entry wizard holds, saved as a draft on every change: loose on purpose (a draft may be half done),
 * with the lines, what their scanned labels said, and the order-schema fields.
 */
import { z } from 'zod';
import { emptyFields, FIELD_KEYS, upgradeDraft, type FieldKey } from './order-schema';

/** What the order-entry wizard holds, saved as a draft on every change. Loose on purpose: a draft may be half done. */
const DraftText = z.string().max(2000).default('');
/**
 * What a scanned label said about the item beside its product (#29.5 GS1 fields, #29.4 weighed and priced labels):
 * shown on the line; the service takes only the product and the quantity.
 */
export const LineLabel = z.object({
  /** The code as scanned. */
  code: z.string().max(200),
  lot: z.string().max(40).optional(),
  /** ISO day. */
  expiry: z.string().max(10).optional(),
  serial: z.string().max(40).optional(),
  /** Decimal kilograms ("1.234"). */
  weightKg: z.string().max(20).optional(),
  /** Decimal amount in the shop's currency ("12.50"). */
  price: z.string().max(20).optional(),
});
export type LineLabel = z.infer<typeof LineLabel>;

export const DraftLine = z.object({
  productId: z.number().int().positive(),
  sku: z.string().max(100),
  name: z.string().max(2000),
  /** Price and stock when the line was added, to show what changed by the time it is sent. */
  price: z.string().max(40).nullable(),
  available: z.number().int().nullable(),
  addedAt: z.number(),
  quantity: z.number().int().min(1).max(100_000),
  /**
   * The service's 422 messages about this line ("order_items.N.quantity" → { quantity: [...] }): kept on the line so
   * they follow it when lines move and go with it when it is removed or its product replaced.
   */
  serviceMessages: z.record(z.string().max(100), z.array(z.string().max(2000)).max(20)).optional(),
  /** The labels scanned for this line that said more than their product (lot, expiry, weight, price). */
  labels: z.array(LineLabel).max(100).optional(),
});
const DraftFields = z.object(
  Object.fromEntries(FIELD_KEYS.map((key) => [key, DraftText])) as Record<FieldKey, typeof DraftText>,
);
export const DraftData = z.preprocess(
  upgradeDraft,
  z.object({
    /** What staff typed, by the service's field names (dates as ISO days, written as slash dates only when sent). */
    fields: DraftFields.default(emptyFields),
    lines: z.array(DraftLine).max(200).default([]),
    /** A rejected outbox entry this draft corrects: sending the draft discards that entry. */
    replaces: z.string().max(100).nullable().default(null),
    /** The service's 422 messages by field, shown at the field until it is edited. */
    serverErrors: z.record(z.string().max(200), z.array(z.string().max(2000)).max(20)).default({}),
    /** Codes scanned on the Customer step, waiting to become lines once a customer is chosen (never lost meanwhile). */
    heldScans: z.array(z.string().min(1).max(200)).max(200).optional(),
    /**
     * Issue #30.1: put on hold under this name (the customer's, or one typed then) at this time; slot: its Alt+1…9 key,
     * kept while it waits (null past nine). Listed at the top of the wizard and counted in the frame.
     */
    onHold: z
      .object({
        name: z.string().min(1).max(200),
        at: z.number(),
        slot: z.number().int().min(1).max(9).nullable(),
      })
      .optional(),
  }),
);
export type DraftData = z.infer<typeof DraftData>;
export type DraftLine = z.infer<typeof DraftLine>;

export const Draft = z.object({
  id: z.string(),
  step: z.number().int().min(0).max(10),
  createdAt: z.number(),
  updatedAt: z.number(),
  data: DraftData,
});
export type Draft = z.infer<typeof Draft>;
