/**
 * The reputation rules, in one place and free of zod (the browser shows them too): what each activity is
 * worth, which profile counter it raises, and the milestones that unlock achievements. The awarder
 * (functions/reputation/reputation.ts), the API, the seed and the app all read these tables.
 */

/**
 * Activities a client may name with POST /api/agents/{id}/reputation (spec §7). The route awards only what
 * the server can verify: a listing of the caller's own (PROPERTY_ADDED), a deed support staff approved,
 * an owner who confirmed through the emailed link (`VERIFIED_ACTIVITIES`). Nobody can declare the last two.
 */
export const AWARD_ACTIVITY_TYPES = [
  'PROPERTY_ADDED',
  'PROPERTY_DEED_VERIFIED',
  'OWNER_ACKNOWLEDGEMENT',
] as const;

/**
 * The activities awarded only when a verification of the listing succeeded, with the verification that
 * earns them and what an agent is told who reports one that has not (issue 20: the flags used to be set
 * by the listing agent, each new property earning its own verified deal).
 */
export const VERIFIED_ACTIVITIES = {
  PROPERTY_DEED_VERIFIED: {
    verification: 'deed',
    notVerified:
      "The deed of this listing has not been approved. Upload the deed on the listing's page (Verification → Upload the deed): EstateNet's support staff review it, and the points are awarded when they approve it.",
  },
  OWNER_ACKNOWLEDGEMENT: {
    verification: 'owner',
    notVerified:
      "The owner has not confirmed this listing. Send the owner a confirmation link from the listing's page (Verification → Ask the owner): the points are awarded when the owner confirms.",
  },
} as const satisfies Partial<Record<(typeof AWARD_ACTIVITY_TYPES)[number], unknown>>;
export type VerifiedActivityType = keyof typeof VERIFIED_ACTIVITIES;
export const isVerifiedActivity = (type: string): type is VerifiedActivityType => type in VERIFIED_ACTIVITIES;

/** Every activity the history can show: the reported ones plus those awarded only from bus events. */
export const REPUTATION_ACTIVITY_TYPES = [
  ...AWARD_ACTIVITY_TYPES,
  'CONNECTION_ACCEPTED',
  'DEAL_CLOSED',
] as const;
export type ReputationActivityType = (typeof REPUTATION_ACTIVITY_TYPES)[number];

export const RELATED_ENTITY_TYPES = ['property', 'connection', 'deal'] as const;
export type RelatedEntityType = (typeof RELATED_ENTITY_TYPES)[number];

/** The summary counters (GET .../reputation), as the API names them. */
export type ReputationMetric = 'points' | 'propertyCount' | 'verifiedDeals' | 'connections';

export interface ReputationActivityRule {
  /** points awarded, once per (agent, activity, related entity) */
  points: number;
  /** the profile counter the activity raises by one, besides the points */
  counter?: Exclude<ReputationMetric, 'points'>;
  /** the kind of object that justifies it */
  relatedEntityType: RelatedEntityType;
  /** how the history names it when the award carries no description */
  label: string;
}

/** The points table: one row per activity. */
export const REPUTATION_ACTIVITIES: Readonly<Record<ReputationActivityType, ReputationActivityRule>> = {
  PROPERTY_ADDED: {
    points: 10,
    counter: 'propertyCount',
    relatedEntityType: 'property',
    label: 'Property listed',
  },
  /** awarded when support staff approve the listing's deed (never self-declared) */
  PROPERTY_DEED_VERIFIED: {
    points: 25,
    counter: 'verifiedDeals',
    relatedEntityType: 'property',
    label: 'Property deed verified',
  },
  /** awarded when the owner confirms the listing through the emailed link (never self-declared) */
  OWNER_ACKNOWLEDGEMENT: {
    points: 15,
    relatedEntityType: 'property',
    label: 'Owner acknowledged the listing',
  },
  CONNECTION_ACCEPTED: {
    points: 5,
    counter: 'connections',
    relatedEntityType: 'connection',
    label: 'New connection',
  },
  /**
   * awarded to both agents of a deal when the second confirms its close (issue 22): a verified deal neither
   * could declare alone
   */
  DEAL_CLOSED: {
    points: 50,
    counter: 'verifiedDeals',
    relatedEntityType: 'deal',
    label: 'Deal closed with another agent',
  },
};

/**
 * How the history describes an award of `activityType` whose subject is known: the listing's title or the
 * other agent's name (the awarder and the demo seed both name them so).
 */
export function awardDescription(activityType: ReputationActivityType, subject: string): string {
  switch (activityType) {
    case 'PROPERTY_ADDED':
      return `Listed ${subject}`;
    case 'PROPERTY_DEED_VERIFIED':
      return `Deed verified: ${subject}`;
    case 'OWNER_ACKNOWLEDGEMENT':
      return `Owner acknowledged: ${subject}`;
    case 'CONNECTION_ACCEPTED':
      return `Connected with ${subject}`;
    case 'DEAL_CLOSED':
      return `Deal closed: ${subject}`;
  }
}

export interface AchievementRule {
  id: string;
  name: string;
  description: string;
  metric: ReputationMetric;
  /** unlocked the first time the metric reaches this value */
  threshold: number;
}

/** Milestones, each unlocked once, in the order the profile shows them. */
export const ACHIEVEMENTS: readonly AchievementRule[] = [
  {
    id: 'first-property',
    name: 'First Listing',
    description: 'Listed your first property',
    metric: 'propertyCount',
    threshold: 1,
  },
  {
    id: 'ten-properties',
    name: 'Portfolio Builder',
    description: 'Listed 10 properties',
    metric: 'propertyCount',
    threshold: 10,
  },
  {
    id: 'fifty-properties',
    name: 'Market Maker',
    description: 'Listed 50 properties',
    metric: 'propertyCount',
    threshold: 50,
  },
  {
    id: 'first-verified-deal',
    name: 'First Verified Deal',
    description: 'Had your first property deed verified or closed your first deal with another agent',
    metric: 'verifiedDeals',
    threshold: 1,
  },
  {
    id: 'ten-verified-deals',
    name: 'Trusted Closer',
    description: '10 verified deals',
    metric: 'verifiedDeals',
    threshold: 10,
  },
  {
    id: 'first-connection',
    name: 'First Connection',
    description: 'Connected with another agent',
    metric: 'connections',
    threshold: 1,
  },
  {
    id: 'ten-connections',
    name: 'Networker',
    description: '10 connections',
    metric: 'connections',
    threshold: 10,
  },
  {
    id: 'fifty-connections',
    name: 'Well Connected',
    description: '50 connections',
    metric: 'connections',
    threshold: 50,
  },
  {
    id: 'points-100',
    name: 'Rising Star',
    description: 'Earned 100 reputation points',
    metric: 'points',
    threshold: 100,
  },
  {
    id: 'points-500',
    name: 'Established Agent',
    description: 'Earned 500 reputation points',
    metric: 'points',
    threshold: 500,
  },
  {
    id: 'points-1000',
    name: 'Top Agent',
    description: 'Earned 1,000 reputation points',
    metric: 'points',
    threshold: 1000,
  },
];

/** The achievements whose milestone the counters have reached. */
export const reachedAchievements = (counters: Readonly<Record<ReputationMetric, number>>) =>
  ACHIEVEMENTS.filter((rule) => counters[rule.metric] >= rule.threshold);

/**
 * What a notification is about: the kinds `notify()` takes (functions/notifications/entities.ts) and the
 * API lists. `lead`: a visitor left a message through the contact form of one of the agent's websites.
 * `deal`: a deal with another agent moved (proposed, answered, a close to confirm); `match`: new listings
 * of the network match one of the agent's clients.
 */
export const NOTIFICATION_KINDS = [
  'reputation',
  'reminder',
  'connection',
  'team',
  'lead',
  'deal',
  'match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
