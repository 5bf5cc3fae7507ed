import * as z from 'zod/mini';
import { cursor, id, queryInt, role } from './common.ts';

/** Spec §3/§4: a request is pending until its receiver accepts or declines it. */
export const CONNECTION_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ConnectionRequestStatus = (typeof CONNECTION_REQUEST_STATUSES)[number];

/**
 * How the caller stands with another agent: no link, a request either way (with its id, to respond to
 * or withdraw it), connected — or the caller itself.
 */
export const CONNECTION_STATES = ['none', 'pending_sent', 'pending_received', 'connected', 'self'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** At most this many agents per status query: one directory page. */
export const MAX_STATUS_AGENT_IDS = 100;

export const connectionRequest = z.object({
  id: z.string(),
  requester_id: z.string(),
  receiver_id: z.string(),
  status: z.enum(CONNECTION_REQUEST_STATUSES),
  created_at: z.string(),
  responded_at: z.optional(z.string()),
});

/** The other agent of a request, as a request list or the notifications dropdown shows it. */
export const connectionAgent = z.object({
  agent_id: z.string(),
  full_name: z.string(),
  profile_picture: z.optional(z.string()),
  role,
  city: z.optional(z.string()),
  agency_name: z.optional(z.string()),
  reputation_points: z.number(),
});

/** A request with the other agent: the requester of an incoming one, the receiver of an outgoing one. */
export const connectionRequestListItem = z.extend(connectionRequest, { agent: connectionAgent });

export const connectionRequestList = z.object({
  items: z.array(connectionRequestListItem),
  cursor: z.optional(z.string()),
});

export const listConnectionRequestsQuery = z.object({
  /** incoming: requests waiting for the caller's answer; outgoing: the caller's own, still unanswered */
  direction: z._default(z.enum(['incoming', 'outgoing']), 'incoming'),
  cursor,
  limit: queryInt(1, 100, 25),
});

export const sendConnectionRequestBody = z.strictObject({ receiver_id: id });

export const respondToConnectionBody = z.strictObject({
  connection_id: id,
  status: z.enum(['accepted', 'declined']),
});

export const withdrawConnectionRequestBody = z.strictObject({ connection_id: id });

/** Comma-separated agent ids, 1 to MAX_STATUS_AGENT_IDS of them. */
export const splitAgentIds = (value: string): string[] => [
  ...new Set(
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];

export const connectionStatusQuery = z.object({
  agent_ids: z.string().check(
    z.maxLength(MAX_STATUS_AGENT_IDS * 130, 'lists too many agents'),
    z.refine(
      (value) => {
        const ids = splitAgentIds(value);
        return ids.length > 0 && ids.length <= MAX_STATUS_AGENT_IDS && ids.every((one) => one.length <= 128);
      },
      { message: `must be 1 to ${MAX_STATUS_AGENT_IDS} comma-separated agent ids` },
    ),
  ),
});

export const connectionStatus = z.object({
  agent_id: z.string(),
  state: z.enum(CONNECTION_STATES),
  /** the pending request (to respond to or withdraw), or the one whose acceptance connected the pair */
  request_id: z.optional(z.string()),
  /** when the request was sent, or when the pair connected */
  since: z.optional(z.string()),
});

export const connectionStatusList = z.object({ items: z.array(connectionStatus) });
