import * as z from 'zod/mini';
import {
  AWARD_ACTIVITY_TYPES,
  NOTIFICATION_KINDS,
  RELATED_ENTITY_TYPES,
  REPUTATION_ACTIVITY_TYPES,
} from '../reputation-points.ts';
import { id, pagination } from './common.ts';

export { AWARD_ACTIVITY_TYPES, NOTIFICATION_KINDS, RELATED_ENTITY_TYPES, REPUTATION_ACTIVITY_TYPES };

export const reputationActivity = z.object({
  id: z.string(),
  activityType: z.enum(REPUTATION_ACTIVITY_TYPES),
  points: z.number(),
  description: z.string(),
  relatedEntityType: z.optional(z.enum(RELATED_ENTITY_TYPES)),
  relatedEntityId: z.optional(z.string()),
  created_at: z.string(),
});

export const achievement = z.object({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  earned_at: z.string(),
});

/** The four sidebar counters plus achievements, verifications and the last award (spec §3 Reputation). */
export const reputationSummary = z.object({
  points: z.number(),
  propertyCount: z.number(),
  verifiedDeals: z.number(),
  connections: z.number(),
  achievements: z.array(achievement),
  verifications: z.object({ self: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  lastAwardedActivity: z.nullable(reputationActivity),
});

export const reputationHistory = z.object({
  activities: z.array(reputationActivity),
  pagination,
});

/** Spec §3 Notification (id, message), plus what it is about and the app path it opens. */
export const reputationNotification = z.object({
  id: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  kind: z.optional(z.enum(NOTIFICATION_KINDS)),
  link: z.optional(z.string()),
});

export const reputationNotificationList = z.object({ items: z.array(reputationNotification) });

export const awardInput = z.strictObject({
  activityType: z.enum(AWARD_ACTIVITY_TYPES, {
    error: `must be one of ${AWARD_ACTIVITY_TYPES.join(', ')}`,
  }),
  description: z.optional(z.string().check(z.trim(), z.maxLength(500, 'must be at most 500 characters'))),
  relatedEntityType: z.literal('property', { error: 'must be property' }),
  relatedEntityId: id,
});

/** An award is applied once per (agent, activityType, relatedEntityId); a repeat awards 0 points. */
export const awardResult = z.object({
  points_awarded: z.number(),
  summary: reputationSummary,
});
