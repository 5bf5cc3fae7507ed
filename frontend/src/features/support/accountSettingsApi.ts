import type * as z from 'zod/mini';
import type { accountSettings, accountSettingsInput } from '#contracts/schemas/preferences';
import { api } from '../../app/api.ts';

export type AccountSettings = z.infer<typeof accountSettings>;
export type AccountSettingsInput = z.input<typeof accountSettingsInput>;

const ACCOUNT_SETTINGS = { type: 'Preference' as const, id: 'account-settings' };

/**
 * GET/PUT /api/account-settings: notification preferences and the Live Chat toggle. Loaded with the live
 * chat (which syncs the sidebar's toggle); /settings reaches them through LiveChat.tsx, so they share its
 * chunk instead of adding one more file to the shell's list.
 */
export const accountSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountSettings: build.query<AccountSettings, void>({
      query: () => 'api/account-settings',
      providesTags: [ACCOUNT_SETTINGS],
    }),
    saveAccountSettings: build.mutation<AccountSettings, AccountSettingsInput>({
      query: (body) => ({ url: 'api/account-settings', method: 'PUT', body }),
      async onQueryStarted(input, { dispatch, queryFulfilled }) {
        // shown at once; the server's answer (or, on failure, its stored value) settles it
        const patch = dispatch(
          accountSettingsApi.util.updateQueryData('getAccountSettings', undefined, (draft) => {
            if (input.live_chat !== undefined) draft.live_chat = input.live_chat;
            for (const [kind, on] of Object.entries(input.notifications ?? {})) {
              if (on !== undefined) draft.notifications[kind as keyof typeof draft.notifications] = on;
            }
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(accountSettingsApi.util.upsertQueryData('getAccountSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetAccountSettingsQuery, useSaveAccountSettingsMutation } = accountSettingsApi;
