import * as z from 'zod/mini';
import { SUBSCRIPTION_STATUSES } from '../plans.ts';
import { cursor, id, queryInt, role } from './common.ts';

export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

export { PROFILE_IMAGE_TYPES } from '../values.ts';

export const agent = z.object({
  agent_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.optional(z.string()),
  role,
  /** admin (or empty) for the agency's admin, agent for the agency's other members (spec §3, §6) */
  user_type: z.optional(z.enum(['admin', 'agent', ''])),
  agency_id: z.optional(z.string()),
  agency_name: z.optional(z.string()),
  city: z.optional(z.string()),
  phone: z.optional(z.string()),
  bio: z.optional(z.string()),
  reputation_points: z.number(),
  property_count: z.number(),
  verified_deals: z.number(),
  connections: z.number(),
  /** the plan's billing state: only on the caller's own record (GET/PATCH of yourself, uploads) */
  subscription_status: z.optional(subscriptionStatus),
  created_at: z.string(),
});
export type AgentView = z.infer<typeof agent>;

export const agentList = z.object({
  items: z.array(agent),
  cursor: z.optional(z.string()),
});

export const listAgentsQuery = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  city: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  cursor,
  limit: queryInt(1, 100, 25),
});

/**
 * The profile fields an agent may change itself. Role, agency, counters and subscription belong to the
 * platform; the picture has its own upload endpoint (`POST /api/upload-profile-picture`).
 */
/** The profile's text limits, as the form counts them. */
export const FULL_NAME_MAX = 120;
export const BIO_MAX = 2000;

export const agentPatch = z.partial(
  z.strictObject({
    full_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'is required'),
        z.maxLength(FULL_NAME_MAX, `must be at most ${FULL_NAME_MAX} characters`),
      ),
    phone: z.string().check(z.trim(), z.maxLength(40)),
    city: z.string().check(z.trim(), z.maxLength(100)),
    bio: z.string().check(z.maxLength(BIO_MAX, `must be at most ${BIO_MAX} characters`)),
  }),
);

export const agency = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['Agency', 'AgencyPlus', 'other']),
  agentCount: z.number(),
  logo: z.optional(z.string()),
  admin_agent_id: z.string(),
  city: z.optional(z.string()),
  website: z.optional(z.string()),
  created_at: z.string(),
});
export type AgencyView = z.infer<typeof agency>;

/** An agency website: an http(s) address, or empty to clear it. */
const agencyWebsite = z.string().check(
  z.trim(),
  z.maxLength(2048),
  z.refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    message: 'must be an http(s) address like https://example.com',
  }),
);

/**
 * The agency fields its admin may change. Type and seats follow the plan, the admin and member count
 * follow the team; the logo has its own upload endpoint (`POST /api/upload-logo`).
 */
export const agencyPatch = z.partial(
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(120)),
    city: z.string().check(z.trim(), z.maxLength(100)),
    website: agencyWebsite,
  }),
);

export const agentIdParam = z.object({ agentId: id });
