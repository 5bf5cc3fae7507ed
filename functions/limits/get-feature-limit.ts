import { preferencesRoutes } from '#contracts/routes/preferences';
import { assertSubscriptionActive, featureStatus } from '#platform/accounts/limits';
import { withHttp } from '#platform/http';

/**
 * The caller's usage of one feature against its plan. The app asks before a gated action (Add Property,
 * ...), so an account whose subscription is not active gets its paywall here, though nothing is consumed.
 */
export const handler = withHttp(preferencesRoutes.getFeatureLimit, async ({ path, identity }) => {
  assertSubscriptionActive(identity);
  return { feature: path.feature, ...(await featureStatus(identity, path.feature)) };
});
