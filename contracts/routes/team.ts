import { defineRoutes } from '../route.ts';
import { okBody } from '../schemas/common.ts';
import {
  acceptedInvite,
  createdInvite,
  createInviteInput,
  inviteIdParam,
  inviteList,
  invitePreview,
  inviteTokenParam,
  memberParam,
  team,
} from '../schemas/team.ts';

/**
 * Invitations and the agency team (issue 5; the spec shows no endpoints for them). Seats are the plan's
 * cap (spec §6) held by members (agentCount); pending invitations count against what is left.
 */
export const teamRoutes = defineRoutes({
  createInvite: {
    method: 'POST',
    path: '/api/team/invites',
    handler: 'functions/team/create-invite.ts',
    auth: 'token',
    access: 'agency-admin',
    successStatus: 201,
    statuses: [402, 403, 409],
    summary:
      'Invite an agent to your agency by email (its admin only; needs a free seat counting pending invitations; valid 7 days)',
    request: { body: createInviteInput },
    response: createdInvite,
    resources: { table: 'readwrite', email: true },
  },
  listInvites: {
    method: 'GET',
    path: '/api/team/invites',
    handler: 'functions/team/list-invites.ts',
    auth: 'token',
    access: 'agency-admin',
    statuses: [403],
    summary: "Your agency's pending invitations and its seats (its admin only)",
    request: {},
    response: inviteList,
    resources: { table: 'read' },
  },
  revokeInvite: {
    method: 'DELETE',
    path: '/api/team/invites/{id}',
    handler: 'functions/team/revoke-invite.ts',
    auth: 'token',
    access: 'agency-admin',
    statuses: [403],
    summary: 'Revoke a pending invitation of your agency (its admin only); its link stops working',
    request: { path: inviteIdParam },
    response: okBody,
    resources: { table: 'readwrite' },
  },
  getInvite: {
    method: 'GET',
    path: '/api/invites/{token}',
    handler: 'functions/team/get-invite.ts',
    auth: 'none',
    access: 'public',
    statuses: [409, 410],
    summary:
      'What an invite link invites to (agency, invitee email), for the sign-up page; public, the token is the secret',
    request: { path: inviteTokenParam },
    response: invitePreview,
    resources: { table: 'read' },
    // an invitation's link is opened a handful of times; more than a trickle is someone probing links
    throttle: { rate: 5, burst: 100 },
  },
  acceptInvite: {
    method: 'POST',
    path: '/api/invites/{token}/accept',
    handler: 'functions/team/accept-invite.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [402, 403, 409],
    summary:
      'Join the agency of an invitation sent to your email: takes a seat atomically, the cap holds under concurrent accepts',
    request: { path: inviteTokenParam },
    response: acceptedInvite,
    resources: { table: 'readwrite' },
  },
  listTeam: {
    method: 'GET',
    path: '/api/team',
    handler: 'functions/team/list-team.ts',
    auth: 'token',
    access: 'agency-member',
    statuses: [403],
    summary: "Your agency's members with role and stats, and its seats (agency members only)",
    request: {},
    response: team,
    resources: { table: 'read' },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/team/members/{agentId}',
    handler: 'functions/team/remove-member.ts',
    auth: 'token',
    access: 'agency-admin',
    statuses: [403],
    summary:
      'Remove a member from your agency (its admin only): the seat is freed, the agent and its data stay',
    request: { path: memberParam },
    response: okBody,
    resources: { table: 'readwrite' },
  },
});
