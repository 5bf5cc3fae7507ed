import type { AgentItem } from './data/accounts.ts';

/**
 * An agent as the API shows it to `viewerId`: the subscription state is the agent's own business, so it
 * is included only on the caller's own record (and defaults to active for records older than it).
 */
export function agentView(agent: AgentItem, viewerId: string) {
  const { subscription_status, ...profile } = agent;
  return agent.agent_id === viewerId
    ? { ...profile, subscription_status: subscription_status ?? 'active' }
    : profile;
}
