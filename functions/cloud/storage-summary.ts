import type * as z from 'zod/mini';
import { DEFAULT_STORAGE_LIMIT_BYTES, planFor } from '#contracts/plans';
import type { storageSummary } from '#contracts/schemas/cloud';
import { featureStatus, type LimitSubject } from '#platform/accounts/limits';

const GiB = 1024 ** 3;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The storage figures of spec §3: usage counts confirmed files (trash included) and uploads in flight,
 * exactly, from the one usage counter; the limit is the plan's (1073741824 when absent).
 */
export async function storageSummaryOf(subject: LimitSubject): Promise<z.infer<typeof storageSummary>> {
  const plan = planFor(subject.role);
  const status = await featureStatus(subject, 'storage');
  const limitBytes = status.maximum ?? DEFAULT_STORAGE_LIMIT_BYTES;
  const usageBytes = status.current;
  return {
    usageBytes,
    usageGB: round(usageBytes / GiB, 3),
    limitBytes,
    limitGB: round(limitBytes / GiB, 3),
    percentUsed: limitBytes > 0 ? round((usageBytes / limitBytes) * 100, 2) : 0,
    tier: plan.storageTier || 'Superagent',
  };
}
