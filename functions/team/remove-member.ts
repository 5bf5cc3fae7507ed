import { teamRoutes } from '#contracts/routes/team';
import { notify } from '#functions/notifications/entities';
import { Agent } from '#platform/accounts/entities';
import { badRequest, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { adminAgency, leaveAgency, TeamChangeRefused } from './team.ts';

/**
 * Removes a member from the caller's agency (its admin only). The agent leaves the agency (agency_id and
 * user_type go, its own role before joining comes back, Free Plan when it had none) and its seat is given
 * back in one transaction, conditional on its still being a member (`leaveAgency`). Everything the agent
 * made stays its own. The admin cannot remove itself; anyone who is not a member is not found.
 */
export const handler = withHttp(teamRoutes.removeMember, async ({ path, identity }) => {
  const agency = await adminAgency(identity);
  if (path.agentId === identity.agentId) throw badRequest('The agency admin cannot be removed from the team');
  const member = await Agent.get({ agent_id: path.agentId }, { consistent: true });
  if (!member || member.agency_id !== agency.id) throw notFound('Member');
  try {
    await leaveAgency(agency.id, member);
  } catch (error) {
    if (error instanceof TeamChangeRefused) throw notFound('Member');
    throw error;
  }
  logger.info('member removed', { agencyId: agency.id, memberId: member.agent_id });
  try {
    await notify(member.agent_id, {
      kind: 'team',
      message: `You are no longer a member of ${agency.name}`,
      dedupeKey: `team:removed:${agency.id}:${member.agent_id}:${member.joined_agency_at ?? ''}`,
      at: new Date().toISOString(),
    });
  } catch (error) {
    logger.warn('removal notification not written', { error: error as Error });
  }
  return { ok: true as const };
});
