import type { ScheduledEvent } from 'aws-lambda';
import { WebsiteDomain } from '#functions/website-domains/entities';
import { checkCustomDomain } from '#functions/website-domains/website-domains';
import { defineScheduledJob } from '#platform/consumer';
import { logger } from '#platform/logger';

/** A run stops starting new checks this long before its Lambda timeout; the next run goes on. */
const RESERVE_MS = 10_000;
/** Look-ups in flight at once (each waits on DNS, not on the CPU). */
const PARALLEL_CHECKS = 8;

export interface DomainProofReport {
  checked: number;
  activated: number;
  lapsed: number;
}

/**
 * The scheduled custom-domain check (an EventBridge schedule in AWS, a timer in the local cloud): every
 * pending claim, the first to lapse first, is checked as "Check now" checks it — past its 72 hours it
 * lapses, a domain another website proved lapses it, its DNS TXT record seen makes it active (and lapses
 * the other websites' claims of that domain). The clock is the event's `time` (the schedule's tick), so a
 * run late in its retries decides as at its tick. Every write is conditional on the claim as it was read:
 * overlapping or repeated runs change each claim once.
 */
export const handler = defineScheduledJob(
  async (event: Pick<ScheduledEvent, 'time'> | undefined, timeLeft): Promise<DomainProofReport> => {
    const tick = event?.time ? Date.parse(event.time) : Number.NaN;
    const now = new Date(Number.isFinite(tick) ? tick : Date.now());
    const report: DomainProofReport = { checked: 0, activated: 0, lapsed: 0 };

    let cursor: string | undefined;
    do {
      const page = await WebsiteDomain.query('pendingProofs', { proof_gate: 'ALL' }, { limit: 50, cursor });
      for (let start = 0; start < page.items.length; start += PARALLEL_CHECKS) {
        if (timeLeft() < RESERVE_MS) break;
        const outcomes = await Promise.all(
          page.items.slice(start, start + PARALLEL_CHECKS).map(async (listed) => {
            // the index may lag the table: decide from the record as it is now
            const record = await WebsiteDomain.get(
              { website_id: listed.website_id, kind: 'custom' },
              { consistent: true },
            );
            return record?.status === 'pending' ? checkCustomDomain(record, now) : undefined;
          }),
        );
        for (const outcome of outcomes) {
          if (!outcome) continue;
          report.checked += 1;
          if (outcome.status === 'active') report.activated += 1;
          if (outcome.status === 'lapsed') report.lapsed += 1;
        }
      }
      cursor = page.cursor;
    } while (cursor && timeLeft() >= RESERVE_MS);

    if (report.activated || report.lapsed) logger.info('custom domain proofs checked', { ...report });
    return report;
  },
);
