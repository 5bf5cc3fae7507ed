import { randomUUID } from 'node:crypto';
import { makeZip } from 'client-zip';
import { getObject, presignUrl, putObjectStream } from '#aws/s3';
import { cloudRoutes } from '#contracts/routes/cloud';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { collectTree, DOWNLOAD_URL_TTL_SECONDS, readableItem, servedAs } from './cloud.ts';

/** A folder zip is built within one request: bounded so it finishes well inside the API's 29 s. */
export const MAX_ZIP_ITEMS = 5_000;
export const MAX_ZIP_BYTES = 2 * 1024 ** 3;
/** Zips are temporary objects (a lifecycle rule removes them after a day). */
export const ZIP_PREFIX = 'zips/';

/**
 * A short-lived presigned GET for a file the caller owns or that is shared with it: an attachment of its
 * name, typed as its bytes are (a file stored before its bytes were checked: application/octet-stream). A folder is zipped
 * first: each file's S3 GET stream is piped through a streaming zip writer into a multipart upload of a
 * temporary object, 8 MB at a time, so memory stays flat whatever the folder's size; the answer is a
 * presigned GET of that zip.
 */
export const handler = withHttp(cloudRoutes.getDownloadUrl, async ({ path, identity }) => {
  const item = await readableItem(identity.agentId, path.id);
  const expiresAt = new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString();
  if (item.type === 'file') {
    const { contentType } = servedAs(item);
    const url = await presignUrl(
      { bucket: 'files', key: item.object_key! },
      {
        expiresIn: DOWNLOAD_URL_TTL_SECONDS,
        downloadName: item.name,
        disposition: 'attachment',
        responseContentType: contentType,
      },
    );
    return { url, name: item.name, mime_type: item.content_type ?? contentType, expires_at: expiresAt };
  }
  const tree = await collectTree(item, MAX_ZIP_ITEMS);
  const bytes = tree.items.reduce((sum, { item: entry }) => sum + entry.size, 0);
  if (tree.truncated || bytes > MAX_ZIP_BYTES) {
    throw new HttpError(
      413,
      'This folder is too large to download as one zip. Download its folders one by one.',
    );
  }
  async function* entries() {
    for (const { item: entry, path: entryPath } of tree.items) {
      const lastModified = new Date(entry.updated_at);
      if (entry.type === 'folder') {
        yield { name: `${entryPath}/`, lastModified };
        continue;
      }
      const input = await getObject({ bucket: 'files', key: entry.object_key! });
      if (input) yield { name: entryPath, input, size: entry.size, lastModified };
    }
  }
  const name = `${item.name}.zip`;
  const key = `${ZIP_PREFIX}${identity.agentId}/${randomUUID()}.zip`;
  await putObjectStream({ bucket: 'files', key }, makeZip(entries()), { contentType: 'application/zip' });
  const url = await presignUrl(
    { bucket: 'files', key },
    { expiresIn: DOWNLOAD_URL_TTL_SECONDS, downloadName: name },
  );
  return { url, name, mime_type: 'application/zip', expires_at: expiresAt };
});
