import { teamRoutes } from '#contracts/routes/team';
import type { TeamMemberView } from '#contracts/schemas/team';
import { Agency, Agent, type AgentItem } from '#platform/accounts/entities';
import { forbidden } from '#platform/errors';
import { withHttp } from '#platform/http';
import { liveInvites, seatCap, seatSummary } from './team.ts';

export const NOT_IN_AGENCY_MESSAGE = 'Only agency members have a team';

function memberView(agent: AgentItem, adminId: string): TeamMemberView {
  return {
    agent_id: agent.agent_id,
    full_name: agent.full_name,
    email: agent.email,
    ...(agent.profile_picture ? { profile_picture: agent.profile_picture } : {}),
    ...(agent.city ? { city: agent.city } : {}),
    role: agent.role,
    user_type: agent.agent_id === adminId ? 'admin' : 'agent',
    reputation_points: agent.reputation_points ?? 0,
    property_count: agent.property_count ?? 0,
    verified_deals: agent.verified_deals ?? 0,
    connections: agent.connections ?? 0,
    ...(agent.joined_agency_at ? { joined_at: agent.joined_agency_at } : {}),
  };
}

/**
 * The caller's agency team: every member (the admin first, then by name) with role, user type and the four
 * stats, from the Agent byAgency index; and the seats. Any member may look; outside an agency it is 403.
 */
export const handler = withHttp(teamRoutes.listTeam, async ({ identity }) => {
  if (!identity.agencyId) throw forbidden(NOT_IN_AGENCY_MESSAGE);
  const agency = await Agency.get({ id: identity.agencyId });
  if (!agency) throw forbidden(NOT_IN_AGENCY_MESSAGE);
  const [agents, invites] = await Promise.all([
    Agent.queryAll('byAgency', { agency_id: agency.id }),
    liveInvites(agency.id),
  ]);
  const admin = agents.find((agent) => agent.agent_id === agency.admin_agent_id);
  const members = agents
    .map((agent) => memberView(agent, agency.admin_agent_id))
    .sort(
      (a, b) =>
        Number(b.user_type === 'admin') - Number(a.user_type === 'admin') ||
        a.full_name.localeCompare(b.full_name),
    );
  return {
    agency_id: agency.id,
    agency_name: agency.name,
    members,
    seats: seatSummary(await seatCap(agency, admin), agency.agentCount, invites.length),
    is_admin: agency.admin_agent_id === identity.agentId,
  };
});
