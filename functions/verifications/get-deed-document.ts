import { presignUrl } from '#aws/s3';
import { verificationsRoutes } from '#contracts/routes/verifications';
import { assertSupportStaff } from '#functions/support/support-chat';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { DeedVerification } from './entities.ts';

/** A staff download link lives this long: the reviewer opens it at once. */
const DOCUMENT_LINK_SECONDS = 300;

/**
 * Support staff: a short-lived download of a listing's deed (as an attachment, never shown inline on an
 * origin of ours). 404 to anyone else, and for a listing without a deed.
 */
export const handler = withHttp(verificationsRoutes.getDeedDocument, async ({ path, identity }) => {
  await assertSupportStaff(identity.agentId);
  const deed = await DeedVerification.get({ property_id: path.id }, { consistent: true });
  if (!deed) throw notFound('Deed');
  const extension = deed.document_key.slice(deed.document_key.lastIndexOf('.'));
  const name = deed.document_name.toLowerCase().endsWith(extension)
    ? deed.document_name
    : `${deed.document_name}${extension}`;
  const url = await presignUrl(
    { bucket: 'files', key: deed.document_key },
    { expiresIn: DOCUMENT_LINK_SECONDS, downloadName: name },
  );
  return {
    url,
    name,
    mime_type: deed.document_type,
    expires_at: new Date(Date.now() + DOCUMENT_LINK_SECONDS * 1000).toISOString(),
  };
});
