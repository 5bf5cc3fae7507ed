import * as z from 'zod/mini';
import { id, role } from './common.ts';

/**
 * Invitations and the team of an agency (issue 5). The secret invite token travels only in the invite
 * link; the API stores its SHA-256 and never returns it, except as the link itself to the inviter where no
 * email is sent (the local cloud).
 */

/** How long an invitation stays valid. */
export const INVITE_VALID_DAYS = 7;

/** The secret of an invite link: 32 random bytes, base64url (43 characters). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const inviteToken = z.string().check(z.regex(INVITE_TOKEN_PATTERN, 'is not an invitation token'));

export const inviteTokenParam = z.object({ token: inviteToken });

export const inviteEmail = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'is required'),
    z.maxLength(254, 'must be at most 254 characters'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address like name@example.com'),
  );

export const createInviteInput = z.strictObject({ email: inviteEmail });

/** An agency's seats: the plan's cap, the members holding one, pending invitations, what is left. */
export const seatSummary = z.object({
  /** the seat cap of the admin's plan (spec §6) */
  seats: z.number(),
  /** agentCount: members the admin brought in (the admin holds no seat) */
  members: z.number(),
  /** pending invitations that have not expired */
  pending: z.number(),
  /** seats − members − pending, not below 0: how many more invitations can be sent */
  remaining: z.number(),
});
export type SeatSummary = z.infer<typeof seatSummary>;

export const invite = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'accepted']),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type InviteView = z.infer<typeof invite>;

export const createdInvite = z.object({
  invite,
  seats: seatSummary,
  /** how the invitation reached the invitee: by email, or as this link for the inviter to pass on */
  delivery: z.enum(['email', 'link']),
  /** only where no email is sent (the local cloud): the link to pass on */
  invite_link: z.optional(z.string()),
});

export const inviteList = z.object({
  items: z.array(invite),
  seats: seatSummary,
});

/** What the sign-up page shows for an invite link (public: the token is the secret). */
export const invitePreview = z.object({
  agency_id: z.string(),
  agency_name: z.string(),
  agency_logo: z.optional(z.string()),
  invited_by_name: z.string(),
  email: z.string(),
  expires_at: z.string(),
});

export const acceptedInvite = z.object({
  agency_id: z.string(),
  agency_name: z.string(),
  agent_id: z.string(),
  user_type: z.literal('agent'),
  role,
});

export const teamMember = z.object({
  agent_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.optional(z.string()),
  city: z.optional(z.string()),
  role,
  /** admin (or empty) for the agency's admin, agent for the members it brought in */
  user_type: z.enum(['admin', 'agent']),
  reputation_points: z.number(),
  property_count: z.number(),
  verified_deals: z.number(),
  connections: z.number(),
  joined_at: z.optional(z.string()),
});
export type TeamMemberView = z.infer<typeof teamMember>;

export const team = z.object({
  agency_id: z.string(),
  agency_name: z.string(),
  members: z.array(teamMember),
  seats: seatSummary,
  /** whether the caller is the agency's admin (may invite, revoke and remove) */
  is_admin: z.boolean(),
});

export const inviteIdParam = z.object({ id });

export const memberParam = z.object({ agentId: id });
