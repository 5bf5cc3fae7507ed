import { cloudRoutes } from '#contracts/routes/cloud';
import { withHttp } from '#platform/http';
import { storageSummaryOf } from './storage-summary.ts';

/** GET /cloud/storage-summary: usage (uploads in flight included), limit, percent used and tier. */
export const handler = withHttp(cloudRoutes.getStorageSummary, async ({ identity }) =>
  storageSummaryOf(identity),
);
