import { createHash, randomBytes } from 'node:crypto';
import { isAgencyRole, planFor, type Role } from '#contracts/plans';
import { INVITE_VALID_DAYS, type InviteView, type SeatSummary } from '#contracts/schemas/team';
import { Agency, type AgencyItem, Agent, type AgentItem } from '#platform/accounts/entities';
import { releaseSeatAction, reserveSeatAction } from '#platform/accounts/limits';
import type { Identity } from '#platform/auth';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { and, eq, gt, notExists } from '#platform/data/expression';
import { forbidden, paywall } from '#platform/errors';
import { Invite, type InviteItem } from './entities.ts';

/** Invitations and seats: what the team handlers share. */

export const INVITE_VALID_SECONDS = INVITE_VALID_DAYS * 24 * 60 * 60;

export const ADMIN_ONLY_MESSAGE = 'Only the agency admin can manage its team';
export const INVITE_NOT_FOUND = 'Invitation not found';
export const INVITE_EXPIRED = 'This invitation has expired. Ask the agency for a new one.';
/** A link opened again after it was accepted: the invitee is on the team already. */
export const INVITE_ALREADY_ACCEPTED =
  'This invitation has already been accepted. Sign in to open your team.';

/** A new secret for an invite link: 32 random bytes, base64url. */
export const newInviteToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, so a table read never yields a usable link. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Pending and not yet expired. */
export const isLive = (invite: InviteItem, now = nowSeconds()) =>
  invite.status === 'pending' && invite.expires_at > now;

export const inviteView = (invite: InviteItem): InviteView => ({
  id: invite.invite_id,
  email: invite.email,
  status: invite.status,
  invited_by: invite.invited_by,
  created_at: invite.created_at,
  expires_at: new Date(invite.expires_at * 1000).toISOString(),
});

/** The link an invitee opens: the sign-up page, which shows the agency and accepts after sign-in. */
export const inviteLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/authentication/register?invite=${encodeURIComponent(token)}`;

/** The agency's live invitations, newest first (one consistent Query of its partition). */
export async function liveInvites(agencyId: string): Promise<InviteItem[]> {
  const now = nowSeconds();
  const all = await Invite.queryAll('primary', { agency_id: agencyId }, { consistent: true });
  return all.filter((invite) => isLive(invite, now)).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The invitation of a link, whatever its state, or undefined. */
export async function inviteByToken(token: string): Promise<InviteItem | undefined> {
  const { items } = await Invite.query('byToken', { token_hash: hashInviteToken(token) }, { limit: 1 });
  return items[0];
}

export function seatSummary(seats: number, members: number, pending: number): SeatSummary {
  return { seats, members, pending, remaining: Math.max(0, seats - members - pending) };
}

/** The seat cap of an agency is its admin's plan (spec §6), as `reserveSeat` reads it. */
export async function seatCap(agency: AgencyItem, admin?: AgentItem): Promise<number> {
  const owner = admin ?? (await Agent.get({ agent_id: agency.admin_agent_id }, { consistent: true }));
  return planFor(owner?.role).seats;
}

/** The caller's agency when the caller is its admin; anyone else gets 403. */
export const TEAM_PLANS_MESSAGE =
  'Inviting agents to a team is part of the Agency and Agency Plus plans. Upgrade to build your team.';

/** Team collaboration belongs to the agency plans (spec §1): any other plan is answered the paywall's premium_feature. */
export function assertTeamPlan(identity: Identity): void {
  if (isAgencyRole(identity.role)) return;
  throw paywall({
    reason: 'premium_feature',
    message: TEAM_PLANS_MESSAGE,
    action: 'upgrade',
    feature: 'team',
  });
}

export async function adminAgency(identity: Identity): Promise<AgencyItem> {
  if (!identity.agencyId) throw forbidden(ADMIN_ONLY_MESSAGE);
  const agency = await Agency.get({ id: identity.agencyId }, { consistent: true });
  if (!agency || agency.admin_agent_id !== identity.agentId) throw forbidden(ADMIN_ONLY_MESSAGE);
  return agency;
}

/** Which step of a join or a removal refused it: the condition that cancelled its transaction. */
export type TeamStep = 'invitation' | 'seat' | 'member';

/** A join or removal that wrote nothing because `step`'s condition failed. */
export class TeamChangeRefused extends Error {
  override name = 'TeamChangeRefused';
  constructor(
    readonly step: TeamStep,
    options?: ErrorOptions,
  ) {
    super(`team change refused at its ${step} step`, options);
  }
}

/** The step whose condition cancelled a transaction of `steps` (in their order), or undefined. */
function refusedStep(error: unknown, steps: readonly TeamStep[]): TeamStep | undefined {
  const codes = cancellationCodes(error) ?? [];
  return steps.find((_, position) => codes[position] === 'ConditionalCheckFailed');
}

export interface Join {
  invite: Pick<InviteItem, 'agency_id' | 'invite_id'>;
  agent: { agentId: string; role: Role };
  /** the agency's plan, which the member takes while it is in the agency */
  role: Role;
  /** the agency's seat cap */
  seats: number;
  at: string;
}

/**
 * Accepts an invitation in one transaction: claims it (pending and unexpired → accepted), takes a seat (a
 * conditional increment of agentCount below the cap, so concurrent joins never pass it) and moves the
 * agent in (only while it has no agency; its members index key is written by the same update). All of it
 * is written or none: a failed condition throws `TeamChangeRefused` naming its step.
 */
export async function joinAgency({ invite, agent, role, seats, at }: Join): Promise<void> {
  try {
    await transactWrite([
      Invite.transact.update(
        { agency_id: invite.agency_id, invite_id: invite.invite_id },
        { set: { status: 'accepted', accepted_by: agent.agentId, accepted_at: at } },
        { if: and(eq('status', 'pending'), gt('expires_at', nowSeconds())) },
      ),
      reserveSeatAction(invite.agency_id, seats),
      Agent.transact.update(
        { agent_id: agent.agentId },
        {
          set: {
            agency_id: invite.agency_id,
            user_type: 'agent',
            role,
            team_previous_role: agent.role,
            joined_agency_at: at,
          },
        },
        { if: notExists('agency_id') },
      ),
    ]);
  } catch (error) {
    const step = refusedStep(error, ['invitation', 'seat', 'member']);
    throw step ? new TeamChangeRefused(step, { cause: error }) : error;
  }
}

/**
 * Takes a member out of its agency in one transaction: the agent leaves (agency_id, user_type and the
 * join's bookkeeping go, its own role before joining comes back, Free Plan when it had none; only while it
 * is still a member) and its seat is given back. Throws `TeamChangeRefused` ('member') when it is no longer
 * a member. An agency whose count is already 0 has no seat to give back: the member still leaves.
 */
export async function leaveAgency(
  agencyId: string,
  member: Pick<AgentItem, 'agent_id' | 'team_previous_role'>,
): Promise<void> {
  const leave = Agent.transact.update(
    { agent_id: member.agent_id },
    {
      set: { role: member.team_previous_role ?? 'Superagent' },
      remove: ['agency_id', 'user_type', 'team_previous_role', 'joined_agency_at'],
    },
    { if: eq('agency_id', agencyId) },
  );
  try {
    await transactWrite([leave, releaseSeatAction(agencyId)]);
  } catch (error) {
    const step = refusedStep(error, ['member', 'seat']);
    if (step === 'member') throw new TeamChangeRefused('member', { cause: error });
    if (step !== 'seat') throw error;
    try {
      await transactWrite([leave]);
    } catch (retryError) {
      if (refusedStep(retryError, ['member'])) throw new TeamChangeRefused('member', { cause: retryError });
      throw retryError;
    }
  }
}
