import type * as z from 'zod/mini';
import type { brandColors } from '#contracts/schemas/preferences';
import type { inbox } from '#contracts/schemas/support';
import { api } from '../../app/api.ts';
import { preferencesApi } from '../preferences/api.ts';

type BrandColors = z.infer<typeof brandColors>;

/**
 * The settings screen's own calls, apart from the first page load (preferences/api.ts is in the shell):
 * brand colours (plan-gated: 403 when the plan has no branding) and whether to link the support inbox.
 * The account settings are in features/support/accountSettingsApi.ts, with the live chat.
 */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveBrandColors: build.mutation<BrandColors, BrandColors>({
      query: (body) => ({ url: 'api/brand-colors', method: 'POST', body }),
      async onQueryStarted({ agencyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // the shell's useBrandColors reads this cache: the whole app takes the colours at once
        if (data) dispatch(preferencesApi.util.upsertQueryData('getBrandColors', agencyId, data));
      },
    }),
    /** the support inbox, asked only to know whether to link it: support staff get it, anyone else a 404 */
    supportInboxSummary: build.query<z.infer<typeof inbox>, void>({
      query: () => 'api/support/inbox',
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSaveBrandColorsMutation, useSupportInboxSummaryQuery } = settingsApi;
