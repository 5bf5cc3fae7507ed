import type { ScheduledEvent } from 'aws-lambda';
import { purgeTrashRoot } from '#functions/cloud/cloud';
import { CloudItem, UploadTicket } from '#functions/cloud/entities';
import { expireTicket, expireUpload } from '#functions/cloud/storage';
import { defineScheduledJob } from '#platform/consumer';
import { logger } from '#platform/logger';

/** A run stops starting new work this long before its Lambda timeout; the next run goes on. */
const RESERVE_MS = 10_000;

interface PurgeReport {
  trashed: number;
  uploads: number;
  tickets: number;
}

/**
 * The scheduled purge (EventBridge schedule in AWS, a timer in the local cloud): deletes trash past its
 * expiry date with its S3 objects and gives the storage back, and gives up uploads that were presigned
 * but never arrived (releasing their reservations). Each step is a conditional write, so overlapping or
 * repeated runs do each thing once.
 */
export const handler = defineScheduledJob(
  async (_event: ScheduledEvent | undefined, timeLeft): Promise<PurgeReport> => {
    const now = new Date().toISOString();
    const report: PurgeReport = { trashed: 0, uploads: 0, tickets: 0 };

    const seen = new Set<string>();
    outer: for (let round = 0; round < 1_000; round += 1) {
      const page = await CloudItem.query('trashExpiry', { expiry_gate: 'ALL' }, { limit: 25 });
      const due = page.items.filter((root) => root.expiry_date! <= now && !seen.has(root.id));
      if (due.length === 0) break;
      for (const root of due) {
        if (timeLeft() < RESERVE_MS) break outer;
        seen.add(root.id);
        const current = await CloudItem.get({ id: root.id }, { consistent: true });
        if (
          current?.state === 'trashed' &&
          current.trash_root === current.id &&
          current.expiry_date! <= now
        ) {
          report.trashed += await purgeTrashRoot(current);
        }
      }
    }

    let cursor: string | undefined;
    do {
      const page = await CloudItem.query('pendingUploads', { pending_gate: 'ALL' }, { limit: 50, cursor });
      const due = page.items.filter((item) => item.upload_expires_at! <= now);
      for (const item of due) {
        if (timeLeft() < RESERVE_MS) break;
        if ((await expireUpload(item)) !== 'kept') report.uploads += 1;
      }
      cursor = due.length === page.items.length ? page.cursor : undefined;
    } while (cursor && timeLeft() >= RESERVE_MS);

    cursor = undefined;
    do {
      const page = await UploadTicket.query('pending', { pending_gate: 'ALL' }, { limit: 50, cursor });
      const due = page.items.filter((ticket) => ticket.expires_at <= now);
      for (const ticket of due) {
        if (timeLeft() < RESERVE_MS) break;
        if ((await expireTicket(ticket.key)) !== 'kept') report.tickets += 1;
      }
      cursor = due.length === page.items.length ? page.cursor : undefined;
    } while (cursor && timeLeft() >= RESERVE_MS);

    if (report.trashed || report.uploads || report.tickets) logger.info('cloud purge', { ...report });
    return report;
  },
);
