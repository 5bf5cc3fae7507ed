import type * as z from 'zod/mini';
import type {
  acceptedInvite,
  createdInvite,
  invite,
  inviteList,
  invitePreview,
  seatSummary,
  team,
  teamMember,
} from '#contracts/schemas/team';

/** Types of the invitation and team endpoints, derived from the contract's schemas. */
export type Invite = z.infer<typeof invite>;
export type InviteList = z.infer<typeof inviteList>;
export type CreatedInvite = z.infer<typeof createdInvite>;
export type InvitePreview = z.infer<typeof invitePreview>;
export type AcceptedInvite = z.infer<typeof acceptedInvite>;
export type SeatSummary = z.infer<typeof seatSummary>;
export type Team = z.infer<typeof team>;
export type TeamMember = z.infer<typeof teamMember>;
