import { cloudRoutes } from '#contracts/routes/cloud';
import { withHttp } from '#lib/http';
import { storageSummaryOf } from '#lib/storage-summary';

/** GET /cloud/storage-summary: usage (uploads in flight included), limit, percent used and tier. */
export const handler = withHttp(cloudRoutes.getStorageSummary, async ({ identity }) =>
  storageSummaryOf(identity),
);
