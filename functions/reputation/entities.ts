import type { RelatedEntityType, ReputationActivityType } from '#contracts/reputation-points';
import { defineEntity } from '#platform/data/entity';

/**
 * The reputation entities, all in the agent's partition (`AGENT#<id>`) beside its profile. The counters
 * themselves live on the Agent record (the sidebar reads them there); an award changes them, its ledger
 * entry, its history entry, the agent's reputation state and any achievement it unlocks in one
 * transaction (functions/reputation/reputation.ts).
 */

/** One per (agent, activity, related entity): its conditional create is what makes an award happen once. */
export interface ReputationAwardItem {
  agent_id: string;
  activity_type: ReputationActivityType;
  related_entity_id: string;
  related_entity_type: RelatedEntityType;
  /** the history entry it wrote */
  seq: string;
  points: number;
  created_at: string;
}

export const ReputationAward = defineEntity<
  ReputationAwardItem,
  'agent_id' | 'activity_type' | 'related_entity_id'
>()({
  type: 'reputationAward',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'AWARD', attributes: ['activity_type', 'related_entity_id'] },
  },
});

/** The history, numbered 1, 2, 3… per agent, so any page is one bounded range read (newest first). */
export interface ReputationActivityItem {
  agent_id: string;
  /** the award's number, zero-padded so the sort key orders numerically (`seqKey`) */
  seq: string;
  id: string;
  activity_type: ReputationActivityType;
  points: number;
  description: string;
  related_entity_type?: RelatedEntityType;
  related_entity_id?: string;
  created_at: string;
}

export const ReputationActivity = defineEntity<ReputationActivityItem, 'agent_id' | 'seq'>()({
  type: 'reputationActivity',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'HISTORY', attributes: ['seq'] },
  },
});

const SEQ_DIGITS = 10;
export const seqKey = (seq: number) => String(seq).padStart(SEQ_DIGITS, '0');

/** What the summary shows as lastAwardedActivity, kept on the state item so a summary needs no query. */
export type LastAward = Omit<ReputationActivityItem, 'agent_id' | 'seq'>;

/**
 * The agent's reputation state: how many awards it has (the history's length, and the version every
 * award's transaction checks, so two awards never take the same number) and the last one.
 */
export interface ReputationStateItem {
  agent_id: string;
  awards: number;
  last_award?: LastAward;
}

export const ReputationState = defineEntity<ReputationStateItem, 'agent_id'>()({
  type: 'reputationState',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'REPUTATION' } },
});

/** An unlocked achievement (contracts/reputation-points.ts ACHIEVEMENTS), once per agent. */
export interface AchievementItem {
  agent_id: string;
  achievement_id: string;
  earned_at: string;
  /** the award that unlocked it (`<activity>#<entity>`), so a redelivery can repeat its notification */
  award_key: string;
}

export const Achievement = defineEntity<AchievementItem, 'agent_id' | 'achievement_id'>()({
  type: 'achievement',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'ACHIEVEMENT', attributes: ['achievement_id'] },
  },
});
