import type * as z from 'zod/mini';
import type { accountSettings, accountSettingsInput, brandColors } from '#contracts/schemas/preferences';
import type { inbox } from '#contracts/schemas/support';
import { api } from '../../app/api.ts';
import { preferencesApi } from '../preferences/api.ts';

export type AccountSettings = z.infer<typeof accountSettings>;
export type AccountSettingsInput = z.input<typeof accountSettingsInput>;
type BrandColors = z.infer<typeof brandColors>;

const ACCOUNT_SETTINGS = { type: 'Preference' as const, id: 'account-settings' };

/**
 * The settings screen's writes, apart from the first page load (preferences/api.ts is in the shell):
 * brand colours (plan-gated: 403 when the plan has no branding) and the account settings (notification
 * preferences and the Live Chat toggle).
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
    getAccountSettings: build.query<AccountSettings, void>({
      query: () => 'api/account-settings',
      providesTags: [ACCOUNT_SETTINGS],
    }),
    saveAccountSettings: build.mutation<AccountSettings, AccountSettingsInput>({
      query: (body) => ({ url: 'api/account-settings', method: 'PUT', body }),
      async onQueryStarted(input, { dispatch, queryFulfilled }) {
        // shown at once; the server's answer (or, on failure, its stored value) settles it
        const patch = dispatch(
          settingsApi.util.updateQueryData('getAccountSettings', undefined, (draft) => {
            if (input.live_chat !== undefined) draft.live_chat = input.live_chat;
            for (const [kind, on] of Object.entries(input.notifications ?? {})) {
              if (on !== undefined) draft.notifications[kind as keyof typeof draft.notifications] = on;
            }
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getAccountSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const {
  useSaveBrandColorsMutation,
  useSupportInboxSummaryQuery,
  useGetAccountSettingsQuery,
  useSaveAccountSettingsMutation,
} = settingsApi;
