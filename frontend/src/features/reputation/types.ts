import type * as z from 'zod/mini';
import type {
  achievement,
  awardInput,
  awardResult,
  reputationActivity,
  reputationHistory,
  reputationNotification,
  reputationNotificationList,
  reputationSummary,
} from '#contracts/schemas/reputation';

/** Types of the reputation and notification endpoints, derived from the contract's schemas. */
export type ReputationSummary = z.infer<typeof reputationSummary>;
export type ReputationActivity = z.infer<typeof reputationActivity>;
export type ReputationHistory = z.infer<typeof reputationHistory>;
export type Achievement = z.infer<typeof achievement>;
export type AppNotification = z.infer<typeof reputationNotification>;
export type NotificationList = z.infer<typeof reputationNotificationList>;
export type AwardInput = z.input<typeof awardInput>;
export type AwardResult = z.infer<typeof awardResult>;
export type HistoryPagination = ReputationHistory['pagination'];
