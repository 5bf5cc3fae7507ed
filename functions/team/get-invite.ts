import { teamRoutes } from '#contracts/routes/team';
import { Agency, Agent } from '#platform/accounts/entities';
import { HttpError, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { INVITE_ALREADY_ACCEPTED, INVITE_EXPIRED, inviteByToken, isLive } from './team.ts';

/**
 * What an invite link invites to, for the sign-up page ("Join <agency>", the email prefilled). Public:
 * the token in the link is the secret, and only its hash is stored. A link already accepted is 409 (its
 * invitee is on the team: the page sends them to sign in); revoked or unknown links are 404; a pending one
 * past its expiry is 410.
 */
export const handler = withHttp(teamRoutes.getInvite, async ({ path }) => {
  const invite = await inviteByToken(path.token);
  if (invite?.status === 'accepted')
    throw new HttpError(409, INVITE_ALREADY_ACCEPTED, { body: { reason: 'accepted' } });
  if (invite?.status !== 'pending') throw notFound('Invitation');
  if (!isLive(invite)) throw new HttpError(410, INVITE_EXPIRED);
  const [agency, inviter] = await Promise.all([
    Agency.get({ id: invite.agency_id }),
    Agent.get({ agent_id: invite.invited_by }),
  ]);
  if (!agency) throw notFound('Invitation');
  return {
    agency_id: agency.id,
    agency_name: agency.name,
    ...(agency.logo ? { agency_logo: agency.logo } : {}),
    invited_by_name: inviter?.full_name ?? agency.name,
    email: invite.email,
    expires_at: new Date(invite.expires_at * 1000).toISOString(),
  };
});
