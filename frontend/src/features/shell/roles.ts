import { planFor, remainingInvites } from '#contracts/plans';
import type { Agency, Agent } from '../agents/types.ts';

/** Spec §6: the Team menu item is only for role Agency. */
export const showsTeamItem = (role: string | undefined) => role === 'Agency';

/** Spec §6: Upgrade Now is hidden for role Agency. */
export const showsUpgradeNow = (role: string | undefined) => role !== 'Agency';

/** The plan label under the agent's name (contracts/plans: Superagent → Free Plan, ...). */
export const planLabel = (role: string | undefined) => planFor(role).label;

/**
 * Spec §6: the invite button shows only for role Agency with user_type admin or unset, when the remaining
 * invites (the plan's seats minus the agency's agentCount, not below 0) are known and above 0. Returns
 * the remaining count when the button shows, otherwise undefined.
 */
export function visibleInvites(
  agent: Pick<Agent, 'role' | 'user_type'> | null,
  agency: Pick<Agency, 'agentCount'> | null,
): number | undefined {
  if (agent?.role !== 'Agency') return undefined;
  if (agent.user_type !== undefined && agent.user_type !== 'admin' && agent.user_type !== '')
    return undefined;
  const remaining = remainingInvites(agent.role, agency?.agentCount);
  return remaining && remaining > 0 ? remaining : undefined;
}

/** The agency's admin (its admin_agent_id, which the API checks) may edit the agency and its logo. */
export const isAgencyAdmin = (
  agent: Pick<Agent, 'agent_id'> | null,
  agency: Pick<Agency, 'admin_agent_id'> | null,
) => Boolean(agent && agency && agency.admin_agent_id === agent.agent_id);
