import { planFor } from '#contracts/plans';
import { teamRoutes } from '#contracts/routes/team';
import { notify } from '#functions/notifications/entities';
import { Agency, Agent } from '#platform/accounts/entities';
import { seatsFullError } from '#platform/accounts/limits';
import { conflict, forbidden, HttpError, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { INVITE_EXPIRED, inviteByToken, isLive, joinAgency, TeamChangeRefused } from './team.ts';

const WRONG_EMAIL =
  'This invitation was sent to another email address. Sign in with that address to accept it.';

/**
 * Joins the agency of an invitation sent to the caller's email, in one transaction (`joinAgency`): claim the
 * invitation, take a seat below the plan's cap, move the agent in. All of it happens or none; the step whose
 * condition cancelled it picks the answer. The agent takes the agency's plan while a member; its own role is kept to give back when it
 * leaves. Accepting an invitation one already accepted answers the same result again.
 */
export const handler = withHttp(teamRoutes.acceptInvite, async ({ path, identity }) => {
  const invite = await inviteByToken(path.token);
  if (!invite) throw notFound('Invitation');
  if (invite.email !== identity.email.trim().toLowerCase()) throw forbidden(WRONG_EMAIL);
  const agency = await Agency.get({ id: invite.agency_id }, { consistent: true });
  if (!agency) throw notFound('Invitation');

  if (invite.status === 'accepted') {
    if (invite.accepted_by === identity.agentId && identity.agencyId === agency.id) {
      return {
        agency_id: agency.id,
        agency_name: agency.name,
        agent_id: identity.agentId,
        user_type: 'agent' as const,
        role: identity.role,
      };
    }
    throw notFound('Invitation');
  }
  if (!isLive(invite)) throw new HttpError(410, INVITE_EXPIRED);
  if (identity.agencyId === agency.id) throw conflict('You are already a member of this agency');
  if (identity.agencyId) {
    throw conflict('You already belong to an agency. Leave it before joining another one.');
  }
  const admin = await Agent.get({ agent_id: agency.admin_agent_id }, { consistent: true });
  const plan = planFor(admin?.role);
  const role = plan.role;
  const acceptedAt = new Date().toISOString();
  try {
    await joinAgency({
      invite,
      agent: { agentId: identity.agentId, role: identity.role },
      role,
      seats: plan.seats,
      at: acceptedAt,
    });
  } catch (error) {
    if (!(error instanceof TeamChangeRefused)) throw error;
    if (error.step === 'invitation') throw conflict('This invitation was just used or revoked');
    if (error.step === 'member') throw conflict('You already belong to an agency');
    throw await seatsFullError(agency.id, plan.seats);
  }

  logger.info('invitation accepted', { agencyId: agency.id, inviteId: invite.invite_id });
  try {
    await notify(agency.admin_agent_id, {
      kind: 'team',
      message: `${identity.agent.full_name} joined ${agency.name}`,
      link: '/team',
      dedupeKey: `team:joined:${invite.invite_id}`,
      at: acceptedAt,
    });
  } catch (error) {
    // the join stands; a missing notification is not worth undoing it
    logger.warn('join notification not written', { error: error as Error });
  }
  return {
    agency_id: agency.id,
    agency_name: agency.name,
    agent_id: identity.agentId,
    user_type: 'agent' as const,
    role,
  };
});
