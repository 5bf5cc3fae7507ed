import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLANS } from '#contracts/plans';
import { callApi, createTestAgency, createTestAgent } from '../support/agents.ts';
import { teamPlans } from './limited-routes.ts';

/**
 * Accepting invitations races for the agency's seats through the API: with twice as many invitations as
 * seats (as after a downgrade), all accepted at once, exactly the seats go through, every refusal is the
 * seats paywall, the refused invitations stay pending and their agents stay outside the agency.
 */
describe.each(teamPlans.map((role) => [`${PLANS[role].label} (${PLANS[role].seats} seats)`, role] as const))(
  '%s',
  (_, role) => {
    it('lets exactly the seat cap join when twice as many invitees accept at once', async () => {
      const seats = PLANS[role].seats;
      const [{ Agency, Agent }, { Invite }, { hashInviteToken, INVITE_VALID_SECONDS, nowSeconds }] =
        await Promise.all([
          import('#platform/accounts/entities'),
          import('#functions/team/entities'),
          import('#functions/team/team'),
        ]);
      const agency = await createTestAgency({ role });
      const invitees = await Promise.all(Array.from({ length: 2 * seats }, () => createTestAgent()));
      const tokens = await Promise.all(
        invitees.map(async (invitee) => {
          const token = randomBytes(32).toString('base64url');
          await Invite.create({
            agency_id: agency.agencyId,
            invite_id: randomUUID(),
            email: invitee.email,
            token_hash: hashInviteToken(token),
            invited_by: agency.admin.agentId,
            expires_at: nowSeconds() + INVITE_VALID_SECONDS,
          });
          return token;
        }),
      );

      const responses = await Promise.all(
        invitees.map((invitee, index) =>
          callApi(`/api/invites/${tokens[index]}/accept`, { method: 'POST', token: invitee.token }),
        ),
      );

      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(seats);
      expect(statuses.filter((status) => status === 402)).toHaveLength(seats);
      expect((await Agency.get({ id: agency.agencyId }, { consistent: true }))?.agentCount).toBe(seats);
      const members = await Agent.queryAll('byAgency', { agency_id: agency.agencyId });
      expect(members).toHaveLength(seats + 1);
      const invites = await Invite.queryAll('primary', { agency_id: agency.agencyId }, { consistent: true });
      expect(invites.filter((invite) => invite.status === 'pending')).toHaveLength(seats);
    });
  },
);
