import * as z from 'zod';
import { SUBSCRIPTION_STATUSES } from '../plans.ts';
import { id, role } from './common.ts';

export const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** Image types accepted for profile pictures and agency logos (the server checks the bytes). */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const agent = z.object({
  agent_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().optional(),
  role,
  /** admin (or empty) for the agency's admin, agent for the agency's other members (spec §3, §6) */
  user_type: z.enum(['admin', 'agent', '']).optional(),
  agency_id: z.string().optional(),
  agency_name: z.string().optional(),
  city: z.string().optional(),
  phone: z.string().optional(),
  bio: z.string().optional(),
  reputation_points: z.number(),
  property_count: z.number(),
  verified_deals: z.number(),
  connections: z.number(),
  /** the plan's billing state: only on the caller's own record (GET/PATCH of yourself, uploads) */
  subscription_status: subscriptionStatus.optional(),
  created_at: z.string(),
});
export type AgentView = z.infer<typeof agent>;

export const agentList = z.object({
  items: z.array(agent),
  cursor: z.string().optional(),
});

export const listAgentsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  city: z.string().trim().max(100).optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * The profile fields an agent may change itself. Role, agency, counters and subscription belong to the
 * platform; the picture has its own upload endpoint (`POST /api/upload-profile-picture`).
 */
export const agentPatch = z
  .object({
    full_name: z.string().trim().min(1, 'is required').max(120),
    phone: z.string().trim().max(40),
    city: z.string().trim().max(100),
    bio: z.string().max(2000),
  })
  .partial()
  .strict();

export const agency = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['Agency', 'AgencyPlus', 'other']),
  agentCount: z.number(),
  logo: z.string().optional(),
  admin_agent_id: z.string(),
  city: z.string().optional(),
  website: z.string().optional(),
  created_at: z.string(),
});

/** An agency website: an http(s) address, or empty to clear it. */
const agencyWebsite = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
    message: 'must be an http(s) address like https://example.com',
  });

/**
 * The agency fields its admin may change. Type and seats follow the plan, the admin and member count
 * follow the team; the logo has its own upload endpoint (`POST /api/upload-logo`).
 */
export const agencyPatch = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    city: z.string().trim().max(100),
    website: agencyWebsite,
  })
  .partial()
  .strict();

export const connectionRequest = z.object({
  id: z.string(),
  requester_id: z.string(),
  receiver_id: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  created_at: z.string(),
});

export const agentIdParam = z.object({ agentId: id });
