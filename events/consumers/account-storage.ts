import { config } from '#aws/config';
import { deleteObject } from '#aws/s3';
import { S3_OBJECT_CREATED, S3_OBJECT_DELETED } from '#contracts/events';
import { parseCloudKey } from '#functions/cloud/cloud';
import {
  objectRemoved,
  settleCloudUpload,
  settleTicket,
  ticketObjectRemoved,
} from '#functions/cloud/storage';
import { defineConsumer } from '#platform/consumer';
import { logger } from '#platform/logger';

/**
 * The storage accountant: S3 "Object Created" / "Object Deleted" notifications of the files bucket (in
 * AWS from S3 itself, locally derived from s3rver's events). A cloud upload or an upload ticket is
 * settled when its object arrives — the same code as POST /cloud/{id}/confirm — and an object that
 * disappears out of band gives its bytes back. Idempotent: every change is one conditional write.
 */
export const handler = defineConsumer({
  name: 'storage accountant',
  detailTypes: [S3_OBJECT_CREATED, S3_OBJECT_DELETED],
  handle: async (event) => {
    const detail = event.detail;
    if (detail.bucket.name !== config.buckets.files) return;
    const key = detail.object.key;
    const created = event['detail-type'] === S3_OBJECT_CREATED;
    const cloud = parseCloudKey(key);
    if (cloud) {
      if (!created) return objectRemoved(cloud.itemId, key);
      const settled = await settleCloudUpload(cloud.itemId);
      if (settled.outcome === 'unknown') {
        // bytes nobody reserved (a cancelled or given-up upload arriving late) must not stay uncounted
        logger.info('orphan cloud object deleted', { key });
        await deleteObject({ bucket: 'files', key });
      } else if (settled.outcome === 'complete' && settled.item.object_key !== key) {
        await deleteObject({ bucket: 'files', key });
      }
      return;
    }
    if (key.startsWith('uploads/')) {
      if (created) await settleTicket(key);
      else await ticketObjectRemoved(key);
    }
  },
});
