/**
 * What goes to the service and how it went: a new order as POST /api/order takes it, and the outbox's entries, their
 * attempts, what a look for an order found, and why one waits for staff (codes, never prose).
 */
import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors';
import { POSTED_FIELDS, specOf, type PostedField } from './order-schema';

/** A new order as POST /api/order takes it: money as decimal strings, dates as slash dates (or empty). */
const Text = (max: number) => z.string().max(max);
/** Every field POST /api/order carries as text, at most as long as the order schema says. */
const POSTED = Object.fromEntries(POSTED_FIELDS.map((name) => [name, Text(specOf(name).max!)])) as Record<
  PostedField,
  ReturnType<typeof Text>
>;
export const NewOrder = z
  .object({
    ...POSTED,
    order_items: z
      .array(z.object({ id: z.number().int().positive(), quantity: z.number().int().positive().max(100_000) }).strict())
      .min(1)
      .max(200),
  })
  .strict();
export type NewOrder = z.infer<typeof NewOrder>;

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'rejected', 'unknown', 'discarded'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * What a send or a look came to besides an error (issue #18: codes the renderer words, renderer/src/screens/outbox/
 * words.ts), each with its kind: a POST of the order, a look for it on the service, or something staff did. A send
 * that failed is recorded by its error code (shared/errors.ts). Codes, never prose (#28.5): what an attempt was is
 * read from this table, not from the words of its code (outbox migration 006 rewrote the older ones).
 */
export const ATTEMPT_KINDS = {
  created: 'send',
  unreadable_answer: 'send',
  error: 'send',
  look_found: 'look',
  look_none: 'look',
  look_several: 'look',
  look_unlike: 'look',
  look_unverified: 'look',
  staff_sent_again: 'staff',
  staff_discarded: 'staff',
  replaced: 'staff',
} as const satisfies Record<string, 'send' | 'look' | 'staff'>;
export const ATTEMPT_OUTCOMES = Object.keys(ATTEMPT_KINDS) as (keyof typeof ATTEMPT_KINDS)[];
export type AttemptOutcome = keyof typeof ATTEMPT_KINDS | ErrorCode;

/** What an attempt was: a POST (an own outcome or a send's error code), a look on the service, or staff's doing. */
export function attemptKind(outcome: string): 'send' | 'look' | 'staff' {
  return Object.prototype.hasOwnProperty.call(ATTEMPT_KINDS, outcome)
    ? ATTEMPT_KINDS[outcome as keyof typeof ATTEMPT_KINDS]
    : 'send';
}

export const OutboxAttempt = z.object({
  at: z.number(),
  /** An AttemptOutcome; any text is read, as an entry kept by an older Shopdesk may hold another. */
  outcome: z.string(),
  status: z.number().int().nullable(),
  excerpt: z.string().nullable(),
});

/**
 * What the last look for an order in doubt found (issue #15): a code and the candidates, worded by the renderer.
 * found: one order answers for it (sent); none: no order does; several: more than one might; unlike: one might, but
 * its stamp is far from when this was sent; unverified: one might, but nothing proves it is not an older one;
 * unreachable: the service could not be read.
 */
export const RECONCILE_OUTCOMES = ['found', 'none', 'several', 'unlike', 'unverified', 'unreachable'] as const;
export type ReconcileOutcome = (typeof RECONCILE_OUTCOMES)[number];
export const ReconcileCandidate = z.object({
  orderId: z.number().int(),
  poNumber: z.string(),
  /** created_at as the service wrote it. */
  createdAt: z.string(),
  /** Minutes between its stamp and when this order was sent, in the service's clock; null when that is not known. */
  minutesFromSend: z.number().int().nullable(),
  /** It was on the service before this order was sent, so it is not this one. */
  seenBeforeSending: z.boolean(),
});
export type ReconcileCandidate = z.infer<typeof ReconcileCandidate>;
export const OutboxCheck = z.object({
  outcome: z.enum(RECONCILE_OUTCOMES),
  checkedAt: z.number(),
  candidates: z.array(ReconcileCandidate).max(10),
});
export type OutboxCheck = z.infer<typeof OutboxCheck>;

/**
 * Why an outbox entry is in its state (#28.5): a code and its facts, never a sentence; the renderer words it
 * (screens/outbox/words.ts reasonWords). Text that travels here is data: the service's own message for a refusal, or
 * (`stored`) a reason an older Shopdesk kept in words that outbox migration 007 could not read as a code.
 */
export const OutboxReason = z.discriminatedUnion('code', [
  /** A POST of it is under way. */
  z.object({ code: z.literal('sending') }),
  /** The service created it and answered with it. */
  z.object({ code: z.literal('sent') }),
  /** Created, but the service's total differs from the one entered (`serviceTotal` as it answered). */
  z.object({ code: z.literal('sent_total_differs'), serviceTotal: z.string().max(40).nullable() }),
  /** A look on the service found it: it had arrived (its PO number, or its id when it has none). */
  z.object({
    code: z.literal('found_on_service'),
    poNumber: z.string().max(200).nullable(),
    orderId: z.number().int().nullable(),
  }),
  /** Waits: the service refused the API token (401/403); sent once it is fixed in Settings. */
  z.object({ code: z.literal('token_refused') }),
  /** Waits: the service asked Shopdesk to slow down (429); sent again shortly. */
  z.object({ code: z.literal('service_busy') }),
  /** Waits: the service could not be reached; sent when it is back. */
  z.object({ code: z.literal('unreachable') }),
  /** The service refused it (422): its own message, when it gave one (data, not Shopdesk's words). */
  z.object({ code: z.literal('rejected'), serviceMessage: z.string().max(2000).nullable() }),
  /** In doubt: the service answered, but not with the order. */
  z.object({ code: z.literal('answer_not_order') }),
  /** In doubt: the send failed in an unexpected way (the attempt holds what happened). */
  z.object({ code: z.literal('send_failed') }),
  /** In doubt: the request may have reached the service (`error`: the failure's code, when known). */
  z.object({ code: z.literal('maybe_delivered'), error: z.enum(ERROR_CODES).nullable() }),
  /** In doubt: Shopdesk stopped while it was being sent. */
  z.object({ code: z.literal('interrupted') }),
  /** In doubt: the service could not be asked yet whether it arrived. */
  z.object({ code: z.literal('not_asked_yet') }),
  /** In doubt: a look found no matching order. */
  z.object({ code: z.literal('no_match') }),
  /** In doubt: a look found `count` orders that might be this one. */
  z.object({ code: z.literal('possible_matches'), count: z.number().int() }),
  /** Discarded: a corrected order took its place. */
  z.object({ code: z.literal('corrected') }),
  /** Queued again by staff on purpose. */
  z.object({ code: z.literal('sent_again_by_staff') }),
  /** Discarded by staff. */
  z.object({ code: z.literal('discarded_by_staff') }),
  /** A reason an older Shopdesk kept in words of its own, shown as it was written. */
  z.object({ code: z.literal('stored'), text: z.string().max(2000) }),
]);
export type OutboxReason = z.infer<typeof OutboxReason>;
export type OutboxReasonCode = OutboxReason['code'];

export const OutboxEntry = z.object({
  id: z.string(),
  draftId: z.string(),
  state: z.enum(OUTBOX_STATES),
  createdAt: z.number(),
  updatedAt: z.number(),
  order: NewOrder,
  /** Why it is in this state, as a code and its facts (#28.5); null before its first send. */
  reason: OutboxReason.nullable(),
  /** 422 messages by field ("order_items.0.quantity"). */
  fieldErrors: z.record(z.string(), z.array(z.string())).nullable(),
  serverOrderId: z.number().int().nullable(),
  /** The order's PO number on the service, once known (from its answer, or found by reconciliation). */
  serverPoNumber: z.string().nullable(),
  /** The server's total differs from the one computed here. */
  totalsMismatch: z.boolean(),
  /** Sending waits until the token is fixed (401/403). */
  paused: z.boolean(),
  /** The last look for it on the service while its arrival was in doubt; null when there was none. */
  check: OutboxCheck.nullable(),
  attempts: z.array(OutboxAttempt),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;
