import { randomUUID } from 'node:crypto';
import {
  ACHIEVEMENTS,
  type AchievementRule,
  awardDescription,
  REPUTATION_ACTIVITIES,
  type ReputationActivityType,
  type ReputationMetric,
  reachedAchievements,
  VERIFIED_ACTIVITIES,
  type VerifiedActivityType,
} from '#contracts/reputation-points';
import { notificationId, notify } from '#functions/notifications/entities';
import { Property } from '#functions/properties/entities';
import { DeedVerification, OwnerConfirmation } from '#functions/verifications/entities';
import { Agent, type AgentItem } from '#platform/accounts/entities';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { eq, notExists } from '#platform/data/expression';
import {
  Achievement,
  type AchievementItem,
  type LastAward,
  ReputationActivity,
  type ReputationActivityItem,
  ReputationAward,
  type ReputationAwardItem,
  ReputationState,
  seqKey,
} from './entities.ts';

/**
 * The reputation awarder and its read side. One function awards, for the EventBridge consumer and for
 * POST /api/agents/{id}/reputation alike: points from the one table in contracts/reputation-points.ts,
 * once per (agent, activity, related entity), recorded in the history, with the profile counter, any
 * achievement it unlocks and a notification. A listing's verifications are awarded only once verified
 * (`awardVerifiedListing`).
 */

/** Where reputation notifications lead: the reputation section of the own profile. */
export const REPUTATION_LINK = '/agents/profile#reputation';

/** The Agent record's counter for each summary metric. */
const AGENT_COUNTERS = {
  points: 'reputation_points',
  propertyCount: 'property_count',
  verifiedDeals: 'verified_deals',
  connections: 'connections',
} as const satisfies Record<ReputationMetric, keyof AgentItem>;

/** Awards of one agent that race each other re-read and try again (each try is one transaction). */
const MAX_ATTEMPTS = 10;

export interface AwardRequest {
  agentId: string;
  activityType: ReputationActivityType;
  relatedEntityId: string;
  /** what the history shows; the activity's label when absent */
  description?: string;
  /** when it happened (the demo seed dates its history); now by default */
  at?: string;
}

export type AwardOutcome =
  | {
      status: 'awarded';
      points: number;
      activity: LastAward;
      unlocked: AchievementRule[];
      /** the notifications it made: the award's and one per unlocked achievement */
      notificationIds: string[];
    }
  /** this (agent, activity, entity) had its award already: nothing changed */
  | { status: 'repeated'; points: 0 }
  /** no agent record (a deleted account): nothing to award */
  | { status: 'no-agent'; points: 0 };

export const countersOf = (agent: AgentItem): Record<ReputationMetric, number> => ({
  points: agent.reputation_points ?? 0,
  propertyCount: agent.property_count ?? 0,
  verifiedDeals: agent.verified_deals ?? 0,
  connections: agent.connections ?? 0,
});

const awardKeyOf = (request: Pick<AwardRequest, 'activityType' | 'relatedEntityId'>) =>
  `${request.activityType}#${request.relatedEntityId}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Awards an activity once. All of an award's writes are one transaction: the ledger entry (created only
 * if absent — a redelivery or a concurrent duplicate fails here and changes nothing), the agent's state
 * (its award count must still be the one read, so two awards never share a history number), the history
 * entry, the Agent's counters and the achievements it unlocks. The notifications follow, with ids made
 * from the award's own time, so repeating them after a crash cannot duplicate them.
 */
export async function awardReputation(request: AwardRequest): Promise<AwardOutcome> {
  const rule = REPUTATION_ACTIVITIES[request.activityType];
  const agentKey = { agent_id: request.agentId };
  const awardKey = {
    agent_id: request.agentId,
    activity_type: request.activityType,
    related_entity_id: request.relatedEntityId,
  };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const [award, state] = await Promise.all([
      ReputationAward.get(awardKey, { consistent: true }),
      ReputationState.get(agentKey, { consistent: true }),
    ]);
    // read after the state: the counters and achievements then hold at least every award the state
    // counts, and an award committed since makes this one's condition on `awards` fail (read in parallel,
    // an agent read before another award's commit undercounted, and its milestone went unlocked)
    const [agent, achievements] = await Promise.all([
      Agent.get(agentKey, { consistent: true }),
      Achievement.queryAll('primary', agentKey, { consistent: true }),
    ]);
    if (award) {
      await repeatNotifications(award, achievements);
      return { status: 'repeated', points: 0 };
    }
    if (!agent) return { status: 'no-agent', points: 0 };

    const previous = state?.awards ?? 0;
    const seq = seqKey(previous + 1);
    const createdAt = request.at ?? new Date().toISOString();
    const activity: LastAward = {
      id: randomUUID(),
      activity_type: request.activityType,
      points: rule.points,
      description: request.description?.trim() || rule.label,
      related_entity_type: rule.relatedEntityType,
      related_entity_id: request.relatedEntityId,
      created_at: createdAt,
    };
    const after = countersOf(agent);
    after.points += rule.points;
    if (rule.counter) after[rule.counter] += 1;
    const earned = new Set(achievements.map((item) => item.achievement_id));
    const unlocked = reachedAchievements(after).filter((achievement) => !earned.has(achievement.id));

    try {
      await transactWrite([
        ReputationAward.transact.create({
          ...awardKey,
          related_entity_type: rule.relatedEntityType,
          seq,
          points: rule.points,
          created_at: createdAt,
        }),
        ReputationState.transact.update(
          agentKey,
          { set: { awards: previous + 1, last_award: activity } },
          { mustExist: false, if: previous === 0 ? notExists('awards') : eq('awards', previous) },
        ),
        ReputationActivity.transact.create({ agent_id: request.agentId, seq, ...activity }),
        Agent.transact.update(agentKey, {
          add: {
            [AGENT_COUNTERS.points]: rule.points,
            ...(rule.counter ? { [AGENT_COUNTERS[rule.counter]]: 1 } : {}),
          },
        }),
        ...unlocked.map((achievement) =>
          Achievement.transact.create({
            agent_id: request.agentId,
            achievement_id: achievement.id,
            earned_at: createdAt,
            award_key: awardKeyOf(request),
          }),
        ),
      ]);
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      // the ledger entry exists (a duplicate won), the agent went, or another award of this agent took
      // the next number: read again and decide again
      await pause(Math.random() * 20 * attempt);
      continue;
    }
    const notificationIds = [await notifyAward(request.agentId, activity)];
    for (const achievement of unlocked)
      notificationIds.push(await notifyAchievement(request.agentId, achievement, createdAt));
    return { status: 'awarded', points: rule.points, activity, unlocked, notificationIds };
  }
  throw new Error(`reputation award ${awardKeyOf(request)} kept conflicting`);
}

/**
 * The award a listing's verification earns, made only when the server has verified it: the deed approved
 * by support staff, the owner's confirmation through the emailed link (contracts/reputation-points.ts
 * VERIFIED_ACTIVITIES). The consumer of PropertyDeedVerified / OwnerAcknowledged, the decision handlers'
 * fallback when the bus refuses the event, POST /api/agents/{id}/reputation and the demo seed all award
 * through here, so an event or a request naming an unverified listing awards nothing. The award is dated
 * when the verification was decided; like every award it is made once per (agent, activity, listing).
 */
export async function awardVerifiedListing(
  activityType: VerifiedActivityType,
  propertyId: string,
  expectedAgentId?: string,
): Promise<AwardOutcome | { status: 'unverified'; points: 0 }> {
  const key = { property_id: propertyId };
  const verified =
    VERIFIED_ACTIVITIES[activityType].verification === 'deed'
      ? await DeedVerification.get(key, { consistent: true }).then((deed) =>
          deed?.state === 'approved' && deed.reviewed_at
            ? { agentId: deed.agent_id, at: deed.reviewed_at }
            : undefined,
        )
      : await OwnerConfirmation.get(key, { consistent: true }).then((owner) =>
          owner?.state === 'confirmed' && owner.responded_at
            ? { agentId: owner.agent_id, at: owner.responded_at }
            : undefined,
        );
  if (!verified || (expectedAgentId !== undefined && verified.agentId !== expectedAgentId))
    return { status: 'unverified', points: 0 };
  // the history names the listing (a listing deleted meanwhile gets the activity's label)
  const property = await Property.get(key);
  return awardReputation({
    agentId: verified.agentId,
    activityType,
    relatedEntityId: propertyId,
    ...(property ? { description: awardDescription(activityType, property.title) } : {}),
    at: verified.at,
  });
}

/** Sends one reputation notification (once per `at` and key); answers its id. */
async function notifyOnce(agentId: string, message: string, dedupeKey: string, at: string) {
  await notify(agentId, { kind: 'reputation', message, link: REPUTATION_LINK, dedupeKey, at });
  return notificationId(at, dedupeKey);
}

const notifyAward = (agentId: string, activity: LastAward) =>
  notifyOnce(
    agentId,
    `+${activity.points} reputation points: ${activity.description}`,
    `award:${activity.activity_type}:${activity.related_entity_id}`,
    activity.created_at,
  );

const notifyAchievement = (agentId: string, achievement: AchievementRule, at: string) =>
  notifyOnce(
    agentId,
    `Achievement unlocked: ${achievement.name} (${achievement.description})`,
    `achievement:${achievement.id}`,
    at,
  );

/** A redelivery after a crash between the transaction and its notifications: notify again, same ids. */
async function repeatNotifications(award: ReputationAwardItem, achievements: AchievementItem[]) {
  const activity = await ReputationActivity.get({ agent_id: award.agent_id, seq: award.seq });
  if (activity) await notifyAward(award.agent_id, activity);
  const key = awardKeyOf({ activityType: award.activity_type, relatedEntityId: award.related_entity_id });
  for (const item of achievements.filter((achievement) => achievement.award_key === key)) {
    const rule = ACHIEVEMENTS.find((candidate) => candidate.id === item.achievement_id);
    if (rule) await notifyAchievement(award.agent_id, rule, item.earned_at);
  }
}

// ── the read side ─────────────────────────────────────────────────────────────────────────────────────

/** A history entry as the API shows it (contracts/schemas/reputation.ts reputationActivity). */
export const activityView = (activity: LastAward) => ({
  id: activity.id,
  activityType: activity.activity_type,
  points: activity.points,
  description: activity.description,
  ...(activity.related_entity_type ? { relatedEntityType: activity.related_entity_type } : {}),
  ...(activity.related_entity_id ? { relatedEntityId: activity.related_entity_id } : {}),
  created_at: activity.created_at,
});

/** Unlocked achievements in the order of the milestone table, with their names. */
function achievementViews(items: readonly Pick<AchievementItem, 'achievement_id' | 'earned_at'>[]) {
  return ACHIEVEMENTS.flatMap((rule) => {
    const item = items.find((candidate) => candidate.achievement_id === rule.id);
    return item
      ? [{ id: rule.id, name: rule.name, description: rule.description, earned_at: item.earned_at }]
      : [];
  });
}

/**
 * Verifications (spec §3): `email` — an agent record exists only once Cognito has confirmed the address
 * (by code, or Google's verified email); `self` — the agent completed its own details (name, city,
 * phone); `phone` — nothing verifies a phone number yet (no SMS flow), so it stays false until one does.
 */
export const verificationsOf = (agent: AgentItem) => ({
  self: Boolean(agent.full_name?.trim() && agent.city?.trim() && agent.phone?.trim()),
  email: true,
  phone: false,
});

/**
 * An agent's summary. Counters, achievements and verifications are public like the profile;
 * `lastAwardedActivity` is the agent's own business (it names its properties and connections).
 */
export async function agentReputation(agent: AgentItem, viewerId: string) {
  const key = { agent_id: agent.agent_id };
  const own = agent.agent_id === viewerId;
  const [state, achievements] = await Promise.all([
    own ? ReputationState.get(key) : undefined,
    Achievement.queryAll('primary', key),
  ]);
  return {
    ...countersOf(agent),
    achievements: achievementViews(achievements),
    verifications: verificationsOf(agent),
    lastAwardedActivity: state?.last_award ? activityView(state.last_award) : null,
  };
}

/**
 * An agency's summary: its members' counters added up; an achievement is the agency's from the first
 * time one of its agents unlocked it; a verification holds when it holds for every member; the last
 * award is the newest of any member's.
 */
export async function agencyReputation(members: readonly AgentItem[]) {
  const perMember = await Promise.all(
    members.map(async (member) => {
      const key = { agent_id: member.agent_id };
      const [state, achievements] = await Promise.all([
        ReputationState.get(key),
        Achievement.queryAll('primary', key),
      ]);
      return { member, state, achievements };
    }),
  );
  const totals: Record<ReputationMetric, number> = {
    points: 0,
    propertyCount: 0,
    verifiedDeals: 0,
    connections: 0,
  };
  const firstEarned = new Map<string, string>();
  let last: LastAward | undefined;
  for (const { member, state, achievements } of perMember) {
    for (const [metric, value] of Object.entries(countersOf(member)) as Array<[ReputationMetric, number]>)
      totals[metric] += value;
    for (const item of achievements) {
      const earlier = firstEarned.get(item.achievement_id);
      if (!earlier || item.earned_at < earlier) firstEarned.set(item.achievement_id, item.earned_at);
    }
    if (state?.last_award && (!last || state.last_award.created_at > last.created_at))
      last = state.last_award;
  }
  const verifications = members.map(verificationsOf);
  const every = (name: keyof ReturnType<typeof verificationsOf>) =>
    verifications.length > 0 && verifications.every((entry) => entry[name]);
  return {
    ...totals,
    achievements: achievementViews(
      [...firstEarned].map(([achievement_id, earned_at]) => ({ achievement_id, earned_at })),
    ),
    verifications: { self: every('self'), email: every('email'), phone: every('phone') },
    lastAwardedActivity: last ? activityView(last) : null,
  };
}

/**
 * One page of an agent's history, newest first. Entries are numbered 1…n, so page p of size l is the
 * range (n − p·l, n − (p−1)·l]: one bounded query whatever the page.
 */
export async function reputationHistory(agentId: string, page: number, limit: number) {
  const state = await ReputationState.get({ agent_id: agentId });
  const totalItems = state?.awards ?? 0;
  const newest = totalItems - (page - 1) * limit;
  const oldest = Math.max(1, newest - limit + 1);
  const activities: ReputationActivityItem[] =
    newest >= 1
      ? (
          await ReputationActivity.query(
            'primary',
            { agent_id: agentId },
            { between: { from: seqKey(oldest), to: seqKey(newest) }, descending: true, limit },
          )
        ).items
      : [];
  return {
    activities: activities.map(activityView),
    pagination: { page, totalPages: Math.ceil(totalItems / limit), limit, totalItems },
  };
}
