import { cloudRoutes } from '#contracts/routes/cloud';
import { FOLDER_DELETED_MESSAGE } from '#contracts/schemas/cloud';
import { FILE_TOO_LARGE_MESSAGE } from '#contracts/schemas/forms';
import { featureStatus, STORAGE_LIMIT_MESSAGE } from '#platform/accounts/limits';
import { conflict, HttpError, notFound, payloadTooLarge, paywall } from '#platform/errors';
import { withHttp } from '#platform/http';
import { disguiseMessage, toView } from './cloud.ts';
import { CloudItem } from './entities.ts';
import { settleCloudUpload } from './storage.ts';

/**
 * Completes an upload after its presigned POST: the same settlement the S3 "Object Created" consumer runs
 * (whichever comes first decides, the other reads the outcome). A file over 100 MB answers 413 and one that
 * no longer fits the quota the storage paywall; both are deleted, as is one whose folder was deleted for good
 * meanwhile (410) and a web page under the name or type of a PDF, picture, video or sound file (415, the
 * message says what the file really is). A kept file is the type its bytes show.
 */
export const handler = withHttp(cloudRoutes.confirmUpload, async ({ path, identity }) => {
  const item = await CloudItem.get({ id: path.id }, { consistent: true });
  if (!item || item.agent_id !== identity.agentId || item.type !== 'file') throw notFound('Item');
  const settled = await settleCloudUpload(item.id);
  switch (settled.outcome) {
    case 'complete':
      // a file whose folder went to the trash meanwhile is complete too: it is in the trash with its folder
      if (settled.item.state !== 'active' && settled.item.state !== 'trashed') throw notFound('Item');
      return toView(settled.item);
    case 'waiting':
      throw conflict('The upload has not arrived yet');
    case 'unknown':
      throw notFound('Item');
    case 'rejected':
      if (settled.reason === 'too_large') throw payloadTooLarge(FILE_TOO_LARGE_MESSAGE);
      if (settled.reason === 'quota') {
        const status = await featureStatus(identity, 'storage');
        throw paywall({
          reason: 'usage_limit_reached',
          message: STORAGE_LIMIT_MESSAGE,
          action: 'upgrade',
          feature: 'storage',
          current: status.current,
          maximum: status.maximum,
        });
      }
      if (settled.reason === 'folder_deleted') throw new HttpError(410, FOLDER_DELETED_MESSAGE);
      if (settled.reason === 'disguised') {
        const { name, mime_type, content_type } = settled.item;
        const message =
          (content_type && disguiseMessage(name, mime_type, content_type)) ??
          `“${name}” is not what its name says, so it was not kept.`;
        throw new HttpError(415, message, { body: { reason: 'disguised_file' } });
      }
      throw new HttpError(410, 'The upload expired before it was confirmed');
  }
});
