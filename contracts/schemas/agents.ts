import * as z from 'zod';
import { id, role } from './common.ts';

export const agent = z.object({
  agent_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().optional(),
  role,
  user_type: z.enum(['admin', '']).optional(),
  agency_id: z.string().optional(),
  agency_name: z.string().optional(),
  city: z.string().optional(),
  phone: z.string().optional(),
  bio: z.string().optional(),
  reputation_points: z.number(),
  property_count: z.number(),
  verified_deals: z.number(),
  connections: z.number(),
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

export const agentPatch = z
  .object({
    full_name: z.string().trim().min(1, 'is required').max(120),
    phone: z.string().trim().max(40),
    city: z.string().trim().max(100),
    bio: z.string().max(2000),
    profile_picture: z.string().max(2048),
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

export const agencyPatch = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    city: z.string().trim().max(100),
    website: z.string().trim().max(2048),
    logo: z.string().max(2048),
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
