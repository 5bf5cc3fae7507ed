import * as z from 'zod/mini';
import { AGENDA_EVENT_TYPES } from '../agenda-values.ts';
import {
  DEAL_MESSAGE_MAX_LENGTH,
  DEAL_NOTE_MAX_LENGTH,
  DEAL_SHAREABLE_CLIENT_FIELDS,
  DEAL_STAGES,
  DEAL_TIMELINE_KINDS,
} from '../deals.ts';
import { cursor, id, queryInt } from './common.ts';

/** One of the two agents of a deal, as both see them. */
export const dealAgent = z.object({
  agent_id: z.string(),
  full_name: z.string(),
  profile_picture: z.optional(z.string()),
});

/** The listing as it was when the deal was proposed (its price and commission are what was agreed). */
export const dealListing = z.object({
  property_id: z.string(),
  title: z.string(),
  city: z.string(),
  price: z.number(),
  currency: z.string(),
  collaborator_commission: z.optional(z.number()),
  image: z.optional(z.string()),
});

/** The client as far as the proposer shares it: the name always, the rest only what was ticked. */
export const dealClient = z.object({
  full_name: z.string(),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  budget_min: z.optional(z.number()),
  budget_max: z.optional(z.number()),
  currency: z.optional(z.string()),
  preferred_areas: z.optional(z.array(z.string())),
});

export const deal = z.object({
  deal_id: z.string(),
  status: z.enum(DEAL_STAGES),
  /** the caller's side: the agent who brought the client, or the listing's agent */
  side: z.enum(['proposer', 'listing']),
  proposer: dealAgent,
  listing_agent: dealAgent,
  listing: dealListing,
  client: dealClient,
  /** the proposer's own client record (only the proposer is told it) */
  client_id: z.optional(z.string()),
  shared_fields: z.array(z.enum(DEAL_SHAREABLE_CLIENT_FIELDS)),
  message: z.optional(z.string()),
  /** the sides that confirmed the close; the deal closes when both have */
  close_confirmed_by: z.array(z.enum(['proposer', 'listing'])),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.optional(z.string()),
});
export type DealView = z.infer<typeof deal>;

/** An agenda event one of the agents linked to the deal, as both see it (kept in step with the event). */
export const dealEvent = z.object({
  event_id: z.string(),
  title: z.string(),
  type: z.enum(AGENDA_EVENT_TYPES),
  all_day: z.boolean(),
  start: z.string(),
  end: z.string(),
  time_zone: z.string(),
  location: z.optional(z.string()),
  /** the event was deleted from its agent's agenda */
  cancelled: z.optional(z.boolean()),
});
export type DealEventView = z.infer<typeof dealEvent>;

export const dealTimelineEntry = z.object({
  entry_id: z.string(),
  kind: z.enum(DEAL_TIMELINE_KINDS),
  at: z.string(),
  actor: dealAgent,
  text: z.optional(z.string()),
  from: z.optional(z.enum(DEAL_STAGES)),
  to: z.optional(z.enum(DEAL_STAGES)),
  event: z.optional(dealEvent),
});
export type DealTimelineEntryView = z.infer<typeof dealTimelineEntry>;

export const dealDetail = z.extend(deal, { timeline: z.array(dealTimelineEntry) });
export type DealDetailView = z.infer<typeof dealDetail>;

export const dealList = z.object({ items: z.array(deal), cursor: z.optional(z.string()) });

export const listDealsQuery = z.object({ cursor, limit: queryInt(1, 100, 25) });

const message = z
  .string()
  .check(
    z.trim(),
    z.maxLength(DEAL_MESSAGE_MAX_LENGTH, `must be at most ${DEAL_MESSAGE_MAX_LENGTH} characters`),
  );

export const dealCreate = z.strictObject({
  property_id: id,
  client_id: id,
  message: z.optional(message),
  shared_fields: z._default(
    z
      .array(
        z.enum(DEAL_SHAREABLE_CLIENT_FIELDS, {
          error: `must be among ${DEAL_SHAREABLE_CLIENT_FIELDS.join(', ')}`,
        }),
      )
      .check(z.maxLength(DEAL_SHAREABLE_CLIENT_FIELDS.length)),
    [],
  ),
});
export type DealCreateInput = z.infer<typeof dealCreate>;

export const dealUpdate = z.strictObject({
  status: z.enum(DEAL_STAGES, { error: `must be one of ${DEAL_STAGES.join(', ')}` }),
});

export const dealNoteCreate = z.strictObject({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(DEAL_NOTE_MAX_LENGTH, `must be at most ${DEAL_NOTE_MAX_LENGTH} characters`),
    ),
});
