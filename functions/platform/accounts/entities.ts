import type { FeatureName, Role, SubscriptionStatus } from '#contracts/plans';
import type { AgencyView, AgentView } from '#contracts/schemas/agents';
import { defineEntity } from '#platform/data/entity';
import { agentSearchTokenActions } from './agent-search.ts';

/** The account entities: agents, agencies and per-agent feature usage counters. */

const now = () => new Date().toISOString();

/**
 * An agent as stored: the contract's agent (without the agency name, which the API joins in), with the
 * billing state always present (anything but 'active' answers the paywall on limited routes) and the
 * invitation's bookkeeping.
 */
export type AgentItem = Omit<AgentView, 'agency_name' | 'subscription_status'> & {
  subscription_status: SubscriptionStatus;
  /** the agent's own role before joining an agency through an invitation, given back on leaving it */
  team_previous_role?: Role;
  /** when the agent joined its agency through an invitation */
  joined_agency_at?: string;
  /** an EstateNet support staff account: signs in to answer the support inbox, is no one's colleague
   * (never listed in the agents directory or its search); the inbox's permission is `SupportStaff` */
  staff?: boolean;
};

type Counter = 'reputation_points' | 'property_count' | 'verified_deals' | 'connections';

export const Agent = defineEntity<
  AgentItem,
  'agent_id',
  Counter | 'role' | 'subscription_status' | 'created_at'
>()({
  type: 'agent',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'PROFILE' } },
  indexes: {
    /** every agent, ordered by name: the agents directory unfiltered (searches use AgentSearchToken) */
    directory: {
      index: 'gsi1',
      pk: { prefix: 'AGENTS' },
      sk: { prefix: 'NAME', attributes: ['name_key', 'agent_id'] },
    },
    /** an agency's members (agents without an agency are not in it) */
    byAgency: {
      index: 'gsi2',
      pk: { prefix: 'AGENCY', attributes: ['agency_id'] },
      sk: { prefix: 'MEMBER', attributes: ['agent_id'] },
    },
    /** the agent of an email address (invitations refuse an email whose agent is already in an agency) */
    byEmail: {
      index: 'gsi3',
      pk: { prefix: 'EMAIL', attributes: ['email_key'] },
      sk: { prefix: 'AGENT' },
    },
  },
  derived: {
    /** lower-cased name for prefix search in the directory */
    name_key: { from: ['full_name'], compute: (agent) => agent.full_name?.toLowerCase() },
    /** lower-cased city for the directory's city filter */
    city_key: { from: ['city'], compute: (agent) => agent.city?.toLowerCase() || undefined },
    /** lower-cased, trimmed email for the byEmail index */
    email_key: { from: ['email'], compute: (agent) => agent.email?.trim().toLowerCase() || undefined },
  },
  /** the directory's search tokens, one per word of the name and of the city (agent-search.ts) */
  companions: { from: ['full_name', 'city'], actions: agentSearchTokenActions },
  defaults: () => ({
    role: 'Superagent',
    subscription_status: 'active',
    reputation_points: 0,
    property_count: 0,
    verified_deals: 0,
    connections: 0,
    created_at: now(),
  }),
});

/**
 * An agency as stored: the contract's agency (`agentCount` counts the members the admin brought in, not
 * the admin: seat caps, docs/decisions.md) and the invitations' sequence.
 */
export type AgencyItem = AgencyView & {
  /** bumped by every new invitation, so concurrent invitations cannot pass the free seats together */
  invite_seq?: number;
};

export const Agency = defineEntity<AgencyItem, 'id', 'type' | 'agentCount' | 'created_at'>()({
  type: 'agency',
  key: { pk: { prefix: 'AGENCY', attributes: ['id'] }, sk: { prefix: 'PROFILE' } },
  defaults: () => ({ type: 'Agency', agentCount: 0, created_at: now() }),
});

/**
 * How much of one plan feature an agent has used. `used` only ever changes through the atomic,
 * conditional updates in functions/platform/accounts/limits.ts, never by read-modify-write.
 */
export interface FeatureUsageItem {
  agent_id: string;
  feature: Exclude<FeatureName, 'branding'>;
  used?: number;
}

export const FeatureUsage = defineEntity<FeatureUsageItem, 'agent_id' | 'feature'>()({
  type: 'featureUsage',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'USAGE', attributes: ['feature'] },
  },
});
