import { api } from '../../app/api.ts';
import { agencyPath } from '../../app/apiPaths.ts';
import type { Agency, AgencyPatch, UploadLogoResponse } from '../agents/types.ts';

/** GET/PATCH /api/agencies/{id} and POST /api/upload-logo (spec §7). */
export const agenciesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAgency: build.query<Agency, string>({
      query: agencyPath,
      providesTags: (_result, _error, id) => [{ type: 'Agency', id }],
    }),
    updateAgency: build.mutation<Agency, { id: string; patch: AgencyPatch }>({
      query: ({ id, patch }) => ({ url: agencyPath(id), method: 'PATCH', body: patch }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agenciesApi.util.upsertQueryData('getAgency', id, data));
      },
    }),
    /** multipart: files (the logo image), agencyId and type=logo */
    uploadLogo: build.mutation<UploadLogoResponse, { agencyId: string; image: File }>({
      query: ({ agencyId, image }) => {
        const form = new FormData();
        form.append('files', image, image.name);
        form.append('agencyId', agencyId);
        form.append('type', 'logo');
        return { url: 'api/upload-logo', method: 'POST', body: form };
      },
      async onQueryStarted({ agencyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          agenciesApi.util.updateQueryData('getAgency', agencyId, (agency) => {
            agency.logo = data.logo;
          }),
        );
      },
    }),
  }),
});

export const { useGetAgencyQuery, useUpdateAgencyMutation, useUploadLogoMutation } = agenciesApi;
