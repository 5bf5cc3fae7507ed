import { api } from '../../app/api.ts';
import type { AcceptedInvite, CreatedInvite, InviteList, InvitePreview, Team } from './types.ts';

const invitePath = (token: string) => `api/invites/${encodeURIComponent(token)}`;

/**
 * Invitations and the agency team (contracts/routes/team.ts). Changes to invitations or members refresh
 * the lists and their seats (listInvites' seats also drive the header's invite button) and the agency.
 */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeam: build.query<Team, void>({
      query: () => 'api/team',
      providesTags: ['Team'],
    }),
    listInvites: build.query<InviteList, void>({
      query: () => 'api/team/invites',
      providesTags: ['Invite'],
    }),
    createInvite: build.mutation<CreatedInvite, { email: string }>({
      query: (body) => ({ url: 'api/team/invites', method: 'POST', body }),
      invalidatesTags: ['Invite', 'Team'],
    }),
    revokeInvite: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `api/team/invites/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Invite', 'Team'],
    }),
    removeMember: build.mutation<{ ok: true }, string>({
      query: (agentId) => ({ url: `api/team/members/${encodeURIComponent(agentId)}`, method: 'DELETE' }),
      invalidatesTags: ['Team', 'Invite', 'Agency'],
    }),
    /** public: what an invite link invites to (no bearer token) */
    getInvitePreview: build.query<InvitePreview, string>({
      query: invitePath,
      extraOptions: { anonymous: true },
    }),
    acceptInvite: build.mutation<AcceptedInvite, string>({
      query: (token) => ({ url: `${invitePath(token)}/accept`, method: 'POST' }),
      invalidatesTags: ['Agent', 'Agency', 'Team', 'Invite'],
    }),
  }),
});

export const {
  useGetTeamQuery,
  useListInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  useRemoveMemberMutation,
  useGetInvitePreviewQuery,
  useAcceptInviteMutation,
} = teamApi;
