import { isAgencyRole, planFor } from '#contracts/plans';
import type { Agency, Agent } from '../agents/types.ts';
import type { SeatSummary } from '../team/types.ts';

/** Spec §6: the Team menu item is only for the agency plans (Agency, Agency Plus). */
export const showsTeamItem = (role: string | undefined) => isAgencyRole(role);

/** Spec §6: Upgrade Now is hidden for the agency plans. */
export const showsUpgradeNow = (role: string | undefined) => !isAgencyRole(role);

/** The plan label under the agent's name (contracts/plans: Superagent → Free Plan, ...). */
export const planLabel = (role: string | undefined) => planFor(role).label;

export { planName } from '#contracts/plans';

/** Spec §6: the invite button is only for the agency plans with user_type admin or unset. */
export const mayInvite = (agent: Pick<Agent, 'role' | 'user_type'> | null) =>
  agent !== null &&
  isAgencyRole(agent.role) &&
  (agent.user_type === undefined || agent.user_type === 'admin' || agent.user_type === '');

/**
 * Spec §6: the invite button shows for those who may invite when the remaining seats are known and above 0.
 * Remaining is the server's (seats − members − pending invitations, as /team shows it): a pending invitation
 * holds a seat (docs/decisions.md). Returns the remaining count when the button shows, otherwise undefined.
 */
export function visibleInvites(
  agent: Pick<Agent, 'role' | 'user_type'> | null,
  seats: Pick<SeatSummary, 'remaining'> | undefined,
): number | undefined {
  if (!mayInvite(agent)) return undefined;
  const remaining = seats?.remaining;
  return remaining !== undefined && remaining > 0 ? remaining : undefined;
}

/** The agency's admin (its admin_agent_id, which the API checks) may edit the agency and its logo. */
export const isAgencyAdmin = (
  agent: Pick<Agent, 'agent_id'> | null,
  agency: Pick<Agency, 'admin_agent_id'> | null,
) => Boolean(agent && agency && agency.admin_agent_id === agent.agent_id);
