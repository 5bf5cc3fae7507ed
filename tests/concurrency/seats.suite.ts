import { describe, expect, it } from 'vitest';
import { PLANS, type Role } from '#contracts/plans';
import { releaseSeat, reserveSeat } from '#platform/accounts/limits';
import type { HttpError } from '#platform/errors';
import { callApi, createTestAgency, type TestAgency } from '../support/agents.ts';
import { teamPlans } from './limited-routes.ts';

/**
 * Agency seats, the limit on team members: `reserveSeat` is one conditional increment of the agency's
 * agentCount below its plan's seat cap, so twice the cap at once lets exactly the cap through, and the
 * agency's agentCount — read by its admin through `GET /api/agencies/{id}` — equals the seats granted.
 */

const agentCountOf = async (agency: TestAgency) => {
  const response = await callApi(`/api/agencies/${agency.agencyId}`, { token: agency.admin.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { agentCount: number }).agentCount;
};

/** An agency of `role` with no seat taken, whatever the helper recorded for its members. */
async function emptyAgency(role: Role) {
  const agency = await createTestAgency({ role });
  for (let taken = await agentCountOf(agency); taken > 0; taken -= 1) await releaseSeat(agency.agencyId);
  expect(await agentCountOf(agency)).toBe(0);
  return agency;
}

async function raceSeats(agencyId: string, count: number) {
  const results = await Promise.allSettled(Array.from({ length: count }, () => reserveSeat(agencyId)));
  return {
    granted: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    refused: results.flatMap((result) => (result.status === 'rejected' ? [result.reason as HttpError] : [])),
  };
}

describe.each(teamPlans.map((role) => [`${PLANS[role].label} (${PLANS[role].seats} seats)`, role] as const))(
  '%s',
  (_, role) => {
    const seats = PLANS[role].seats;

    it('lets exactly the seat cap through when twice as many reserve at once', async () => {
      const agency = await emptyAgency(role);

      const { granted, refused } = await raceSeats(agency.agencyId, 2 * seats);

      expect(granted).toHaveLength(seats);
      expect(granted.map((seat) => seat.agentCount).sort((a, b) => a - b)).toEqual(
        Array.from({ length: seats }, (__, index) => index + 1),
      );
      for (const seat of granted) expect(seat.seats).toBe(seats);
      expect(refused).toHaveLength(seats);
      for (const error of refused) {
        expect([402, 403]).toContain(error.statusCode);
        expect(error.toBody()).toMatchObject({ feature: 'seats', current: seats, maximum: seats });
      }
      expect(await agentCountOf(agency)).toBe(seats);
    });

    it('never goes below zero when twice as many releases race, so the cap holds afterwards', async () => {
      const agency = await emptyAgency(role);
      expect((await raceSeats(agency.agencyId, seats)).granted).toHaveLength(seats);

      await Promise.allSettled(Array.from({ length: 2 * seats }, () => releaseSeat(agency.agencyId)));
      const afterReleases = await agentCountOf(agency);
      const { granted } = await raceSeats(agency.agencyId, 2 * seats);

      expect(afterReleases).toBe(0);
      expect(granted).toHaveLength(seats);
      expect(await agentCountOf(agency)).toBe(seats);
    });
  },
);
