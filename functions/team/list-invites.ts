import { teamRoutes } from '#contracts/routes/team';
import { withHttp } from '#platform/http';
import { adminAgency, inviteView, liveInvites, seatCap, seatSummary } from './team.ts';

/** The agency's pending, unexpired invitations (newest first) and its seats; its admin only. */
export const handler = withHttp(teamRoutes.listInvites, async ({ identity }) => {
  const agency = await adminAgency(identity);
  const [invites, seats] = await Promise.all([liveInvites(agency.id), seatCap(agency, identity.agent)]);
  return {
    items: invites.map(inviteView),
    seats: seatSummary(seats, agency.agentCount, invites.length),
  };
});
