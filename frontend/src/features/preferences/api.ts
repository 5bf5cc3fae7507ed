import type * as z from 'zod/mini';
import type { FeatureName } from '#contracts/plans';
import type { brandColors, featureLimit } from '#contracts/schemas/preferences';
import { api } from '../../app/api.ts';

export type BrandColors = z.infer<typeof brandColors>;
export type FeatureLimit = z.infer<typeof featureLimit>;

/** GET /api/brand-colors/{agencyId} and GET /api/feature-limits/{feature} (spec §7). */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBrandColors: build.query<BrandColors, string>({
      query: (agencyId) => `api/brand-colors/${encodeURIComponent(agencyId)}`,
      providesTags: (_result, _error, agencyId) => [{ type: 'Preference', id: `brand-${agencyId}` }],
    }),
    getFeatureLimit: build.query<FeatureLimit, FeatureName>({
      query: (feature) => `api/feature-limits/${feature}`,
      providesTags: (_result, _error, feature) => [{ type: 'FeatureLimit', id: feature }],
    }),
  }),
});

export const { useGetBrandColorsQuery, useGetFeatureLimitQuery, useLazyGetFeatureLimitQuery } =
  preferencesApi;
