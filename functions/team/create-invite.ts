import { randomUUID } from 'node:crypto';
import { config } from '#aws/config';
import { emailConfigured, sendEmail } from '#aws/email';
import { teamRoutes } from '#contracts/routes/team';
import { notify } from '#functions/notifications/entities';
import { Agency, Agent } from '#platform/accounts/entities';
import { isConditionFailure } from '#platform/data/entity';
import { and, eq, notExists } from '#platform/data/expression';
import { conflict, HttpError, paywall } from '#platform/errors';
import { respond, withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { Invite, type InviteItem } from './entities.ts';
import {
  adminAgency,
  assertTeamPlan,
  hashInviteToken,
  INVITE_VALID_SECONDS,
  inviteLink,
  inviteView,
  liveInvites,
  newInviteToken,
  nowSeconds,
  seatCap,
  seatSummary,
} from './team.ts';

const PRODUCT_NAME = 'EstateNet';
/** Concurrent invitations of one agency retry this often before giving up. */
const ATTEMPTS = 5;

export const seatsTakenMessage = (seats: number) =>
  `All ${seats} ${seats === 1 ? 'seat' : 'seats'} of your plan are taken or invited. Revoke a pending invitation or upgrade your plan to invite more agents.`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function inviteEmail(to: string, inviter: string, agency: string, link: string) {
  const subject = `${inviter} invited you to join ${agency} on ${PRODUCT_NAME}`;
  const text = [
    `${inviter} invited you to join ${agency} on ${PRODUCT_NAME}.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `The invitation is valid for 7 days. If you did not expect it, ignore this email.`,
  ].join('\n');
  const html = `<p>${escapeHtml(inviter)} invited you to join <strong>${escapeHtml(agency)}</strong> on ${PRODUCT_NAME}.</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p>The invitation is valid for 7 days. If you did not expect it, ignore this email.</p>`;
  return { to, subject, text, html };
}

/**
 * Invites an agent by email, the agency admin only. Seats: members (agentCount) plus live invitations must
 * stay below the plan's cap. The check is made race-free by a conditional bump of the agency's
 * `invite_seq` (and an unchanged agentCount) after writing the invitation: of two concurrent invitations
 * only one bump lands, the other removes its invitation and counts again. Where SES is configured the link
 * goes out by email (the invitation is undone if it cannot be sent); elsewhere (the local cloud) it is
 * handed back to the inviter and logged.
 */
export const handler = withHttp(teamRoutes.createInvite, async ({ body, identity }) => {
  const email = body.email;
  assertTeamPlan(identity);
  const first = await adminAgency(identity);
  const seats = await seatCap(first, identity.agent);

  if (email === identity.email.trim().toLowerCase()) throw conflict('You are already in this agency');
  const { items: owners } = await Agent.query('byEmail', { email_key: email }, { limit: 1 });
  const owner = owners[0];
  if (owner?.agency_id === first.id) throw conflict('This agent is already a member of your agency');
  if (owner?.agency_id) throw conflict('This email belongs to an agent of another agency');

  const token = newInviteToken();
  let created: { invite: InviteItem; pending: number; members: number } | undefined;
  for (let attempt = 0; attempt < ATTEMPTS && !created; attempt += 1) {
    const agency = await Agency.get({ id: first.id }, { consistent: true });
    if (!agency) throw conflict('Your agency no longer exists');
    const pending = await liveInvites(agency.id);
    if (pending.some((invite) => invite.email === email)) {
      throw conflict('An invitation to this email is already pending');
    }
    const summary = seatSummary(seats, agency.agentCount, pending.length);
    if (summary.remaining <= 0) {
      throw paywall({
        reason: 'usage_limit_reached',
        message: seatsTakenMessage(seats),
        action: 'upgrade',
        feature: 'seats',
        current: agency.agentCount + pending.length,
        maximum: seats,
      });
    }
    const invite = await Invite.create({
      agency_id: agency.id,
      invite_id: randomUUID(),
      email,
      token_hash: hashInviteToken(token),
      invited_by: identity.agentId,
      expires_at: nowSeconds() + INVITE_VALID_SECONDS,
    });
    try {
      await Agency.update(
        { id: agency.id },
        { set: { invite_seq: (agency.invite_seq ?? 0) + 1 } },
        {
          if: and(
            eq('agentCount', agency.agentCount),
            agency.invite_seq === undefined ? notExists('invite_seq') : eq('invite_seq', agency.invite_seq),
          ),
          returnValues: 'none',
        },
      );
      created = { invite, pending: pending.length + 1, members: agency.agentCount };
    } catch (error) {
      await Invite.delete({ agency_id: agency.id, invite_id: invite.invite_id });
      if (!isConditionFailure(error)) throw error;
    }
  }
  if (!created) throw conflict('The team changed while inviting. Try again.');

  const { invite } = created;
  const link = inviteLink(config.appUrl, token);
  if (owner) {
    // an agent already on EstateNet also finds the invitation in the app, to accept as itself
    const { pathname, search } = new URL(link);
    await notify(owner.agent_id, {
      kind: 'team',
      message: `${identity.agent.full_name} invited you to join ${first.name}`,
      link: `${pathname}${search}`,
      dedupeKey: `invite:${invite.invite_id}`,
      at: invite.created_at,
    });
  }
  const result = {
    invite: inviteView(invite),
    seats: seatSummary(seats, created.members, created.pending),
  };
  if (!emailConfigured()) {
    // No sender in this deployment (the local cloud): the inviter passes the link on. A warning, so the
    // `npm start` console (WARN and above) shows it too.
    logger.warn('invitation not emailed (no sender configured): pass the link on', {
      inviteId: invite.invite_id,
      email,
      link,
    });
    return respond(201, { ...result, delivery: 'link' as const, invite_link: link });
  }
  try {
    await sendEmail(inviteEmail(email, identity.agent.full_name, first.name, link));
  } catch (error) {
    logger.error('invite email not sent', { inviteId: invite.invite_id, error: error as Error });
    await Invite.delete({ agency_id: invite.agency_id, invite_id: invite.invite_id });
    throw new HttpError(502, "We couldn't send the invitation email. Check the address and try again.");
  }
  return respond(201, { ...result, delivery: 'email' as const });
});
