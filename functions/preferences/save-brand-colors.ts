import { preferencesRoutes } from '#contracts/routes/preferences';
import { reserveFeature } from '#platform/accounts/limits';
import { forbidden, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { BrandColors } from './entities.ts';

/**
 * Saves the brand colours of the caller's agency (or of the caller without one). Plan-gated: a plan
 * without branding answers 403 "Branding is not available on your plan" (spec §6/§8); the subscription
 * paywall runs first (the manifest's `limit`). Another agency's id is a 404; an agency's colours are its
 * admin's to change.
 */
export const handler = withHttp(preferencesRoutes.saveBrandColors, async ({ body, identity }) => {
  const ownerId = identity.agencyId ?? identity.agentId;
  if (body.agencyId !== ownerId) throw notFound('Agency');
  await reserveFeature(identity, 'branding');
  if (identity.agencyId && identity.userType === 'agent') {
    throw forbidden("Only your agency's admin can change its brand colours");
  }
  const saved = await BrandColors.put({
    owner_id: ownerId,
    color1: body.color1.toLowerCase(),
    color2: body.color2.toLowerCase(),
    updated_at: new Date().toISOString(),
  });
  return { agencyId: ownerId, color1: saved.color1, color2: saved.color2 };
});
