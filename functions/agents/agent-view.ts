import { Agency, type AgentItem } from '#platform/accounts/entities';

/**
 * An agent as the API shows it to `viewerId`: the subscription state is the agent's own business, so it
 * is included only on the caller's own record (and defaults to active for records older than it).
 */
export function agentView(agent: AgentItem & { agency_name?: string }, viewerId: string) {
  const { subscription_status, staff: _staff, ...profile } = agent;
  return agent.agent_id === viewerId
    ? { ...profile, subscription_status: subscription_status ?? 'active' }
    : profile;
}

/**
 * The agents with the name of their agency (`agency_name`), read at request time (one BatchGetItem for
 * the distinct agencies), so a renamed agency shows its new name everywhere at once.
 */
export async function withAgencyNames<A extends Pick<AgentItem, 'agency_id'>>(
  agents: readonly A[],
): Promise<Array<A & { agency_name?: string }>> {
  const agencyIds = [...new Set(agents.flatMap((agent) => (agent.agency_id ? [agent.agency_id] : [])))];
  if (agencyIds.length === 0) return [...agents];
  const agencies = await Agency.getMany(agencyIds.map((id) => ({ id })));
  const names = new Map(agencies.map((agency) => [agency.id, agency.name]));
  return agents.map((agent) => {
    const name = agent.agency_id ? names.get(agent.agency_id) : undefined;
    return name ? { ...agent, agency_name: name } : agent;
  });
}
