import { agenciesRoutes } from '#contracts/routes/agencies';
import { Agency } from '#platform/accounts/entities';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { forbidden, notFound } from '#platform/errors';
import { deleteMedia, mediaKeyOf, putMedia, requireImage } from '#platform/media';
import { withMultipartHttp } from '#platform/multipart';

const ADMIN_ONLY = 'Only the agency admin can change the logo';

/**
 * Sets the logo of the caller's agency (its admin only) from the inline image in `files`; an `agencyId`
 * in the form, if sent, must be the caller's own agency.
 */
export const handler = withMultipartHttp(agenciesRoutes.uploadLogo, async ({ body, files, identity }) => {
  const agencyId = identity.agencyId;
  if (!agencyId || (body.agencyId !== undefined && body.agencyId !== agencyId)) throw notFound('Agency');
  const agency = await Agency.get({ id: agencyId });
  if (!agency) throw notFound('Agency');
  if (agency.admin_agent_id !== identity.agentId) throw forbidden(ADMIN_ONLY);
  const image = requireImage(files);
  const folder = `agencies/${agencyId}`;
  const stored = await putMedia(folder, 'logo', image);
  let replaced: string | undefined;
  try {
    // Conditional on the caller still being the admin: a handover between the read and here wins.
    const before = await Agency.update(
      { id: agencyId },
      { set: { logo: stored.url } },
      { if: eq('admin_agent_id', identity.agentId), returnValues: 'old' },
    );
    replaced = before?.logo;
  } catch (error) {
    await deleteMedia(stored.key);
    if (isConditionFailure(error)) throw forbidden(ADMIN_ONLY);
    throw error;
  }
  await deleteMedia(mediaKeyOf(replaced, folder));
  return { logo: stored.url };
});
