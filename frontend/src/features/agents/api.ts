import { api } from '../../app/api.ts';
import { agentPath } from '../../app/apiPaths.ts';
import type {
  Agent,
  AgentList,
  AgentPatch,
  AgentSearchQuery,
  UploadProfilePictureResponse,
} from './types.ts';

/** Agents per directory page: four rows of the three-column grid. */
export const AGENTS_PAGE_SIZE = 24;

/** GET /api/agents, GET/PATCH /api/agents/{id} and POST /api/upload-profile-picture (spec §7). */
export const agentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/agents: the agents directory for a search (name words, city words), page after page */
    searchAgents: build.infiniteQuery<AgentList, AgentSearchQuery, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'api/agents',
        params: {
          ...(queryArg.search ? { search: queryArg.search } : {}),
          ...(queryArg.city ? { city: queryArg.city } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
          limit: AGENTS_PAGE_SIZE,
        },
      }),
      // a directory is read again when searched again, not kept from an earlier visit
      keepUnusedDataFor: 0,
    }),
    getAgent: build.query<Agent, string>({
      query: agentPath,
      providesTags: (_result, _error, id) => [{ type: 'Agent', id }],
    }),
    updateAgent: build.mutation<Agent, { id: string; patch: AgentPatch }>({
      query: ({ id, patch }) => ({ url: agentPath(id), method: 'PATCH', body: patch }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agentsApi.util.upsertQueryData('getAgent', id, data));
      },
    }),
    /** multipart: files (the cropped square jpeg), agentId, type=profile-picture */
    uploadProfilePicture: build.mutation<UploadProfilePictureResponse, { agentId: string; image: Blob }>({
      query: ({ agentId, image }) => {
        const form = new FormData();
        form.append('files', image, 'profile-picture.jpg');
        form.append('agentId', agentId);
        form.append('type', 'profile-picture');
        return { url: 'api/upload-profile-picture', method: 'POST', body: form };
      },
      async onQueryStarted({ agentId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          agentsApi.util.updateQueryData('getAgent', agentId, (agent) => {
            agent.profile_picture = data.profile_picture;
          }),
        );
      },
    }),
  }),
});

export const { useGetAgentQuery, useUpdateAgentMutation, useUploadProfilePictureMutation } = agentsApi;
