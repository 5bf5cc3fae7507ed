import * as z from 'zod/mini';
import { cursor, queryInt } from './common.ts';

/**
 * Website leads waiting for their agent (docs/decisions.md, "Leads never take the agent's own room"). A lead
 * becomes a client at once only while its agent is under the plan's client limit and no leads are waiting;
 * otherwise it waits here, outside the client book and its count, until the agent adds it (room permitting)
 * or dismisses it. Leads wait PENDING_LEAD_DAYS days.
 */
export const PENDING_LEAD_DAYS = 60;

/** Why a lead waits: the book was full, earlier leads were waiting, or the subscription was not active. */
export const PENDING_LEAD_REASONS = ['clients_limit', 'queued', 'subscription_inactive'] as const;

export const pendingLead = z.object({
  lead_id: z.string(),
  website_id: z.string(),
  website_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.optional(z.string()),
  message: z.optional(z.string()),
  /** the page of the website the form was on */
  page: z.optional(z.string()),
  /** the listing a listing page's form was about */
  property_id: z.optional(z.string()),
  property_title: z.optional(z.string()),
  reason: z.enum(PENDING_LEAD_REASONS),
  received_at: z.string(),
  /** when it stops waiting (and is removed) */
  expires_at: z.string(),
});
export type PendingLeadView = z.infer<typeof pendingLead>;

/** Waiting leads, oldest first (the order "Add all" takes them in). */
export const pendingLeadList = z.object({
  items: z.array(pendingLead),
  cursor: z.optional(z.string()),
});
export type PendingLeadListView = z.infer<typeof pendingLeadList>;

export const pendingLeadsQuery = z.object({ cursor, limit: queryInt(1, 200, 100) });

/** What "Add all" did: leads added to the client book, and how many still wait (the limit stopped it). */
export const pendingLeadsAccepted = z.object({
  accepted: z.number(),
  remaining: z.number(),
});

export const pendingLeadsDismissed = z.object({ dismissed: z.number() });
