import { preferencesRoutes } from '#contracts/routes/preferences';
import { DEFAULT_BRAND_COLORS } from '#contracts/schemas/preferences';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { BrandColors } from './entities.ts';

/**
 * The brand colours of the caller's agency, or of the caller itself when it has no agency (its agent id
 * is then the owner); the spec's defaults until some are saved. Any other owner is a 404.
 */
export const handler = withHttp(preferencesRoutes.getBrandColors, async ({ path, identity }) => {
  const ownerId = identity.agencyId ?? identity.agentId;
  if (path.agencyId !== ownerId) throw notFound('Agency');
  const saved = await BrandColors.get({ owner_id: ownerId });
  return {
    agencyId: ownerId,
    color1: saved?.color1 ?? DEFAULT_BRAND_COLORS.color1,
    color2: saved?.color2 ?? DEFAULT_BRAND_COLORS.color2,
  };
});
