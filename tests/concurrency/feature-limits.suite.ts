import { describe, expect, it } from 'vitest';
import { PLANS } from '#contracts/plans';
import {
  CLIENTS_LIMIT_ERROR,
  featureStatus,
  type LimitSubject,
  releaseFeature,
  reserveFeature,
  STORAGE_LIMIT_MESSAGE,
} from '#platform/accounts/limits';
import type { HttpError } from '#platform/errors';
import { callApi, createTestAgent } from '../support/agents.ts';
import {
  COUNTED_FEATURES,
  type CountedFeature,
  type FiniteLimit,
  finiteLimitFor,
  finiteLimits,
  slotsOf,
} from './limited-routes.ts';

/**
 * Every finite plan limit of contracts/plans.ts, raced through the one reservation every endpoint uses
 * (functions/platform/accounts/limits.ts): twice as many reservations as fit, all at once, against the real emulator.
 * Exactly the limit may pass, the rest get the plan's limit answer, and the counter — read back through
 * the library and through `GET /api/feature-limits/{feature}` — equals what was granted.
 */

/** The answer a reservation over the limit must get (spec §8: 403 for clients, else the 402 paywall). */
function limitReachedAnswer(feature: CountedFeature, current: number, maximum: number) {
  if (feature === 'clients') {
    return {
      status: 403,
      body: { error: CLIENTS_LIMIT_ERROR, code: 'limit_reached', feature, current, maximum },
    };
  }
  return {
    status: 402,
    body: {
      paywall: true,
      code: 'usage_limit_reached',
      reason: 'usage_limit_reached',
      action: 'upgrade',
      feature,
      current,
      maximum,
      ...(feature === 'storage' ? { message: STORAGE_LIMIT_MESSAGE } : {}),
    },
  };
}

async function agentOnPlan({ role }: Pick<FiniteLimit, 'role'>) {
  const agent = await createTestAgent({ role });
  return { agent, subject: { agentId: agent.agentId, role } satisfies LimitSubject };
}

/** Fires `count` reservations of `amount` at once; the granted ones and the refusals. */
async function raceReservations(
  subject: LimitSubject,
  feature: CountedFeature,
  amount: number,
  count: number,
) {
  const results = await Promise.allSettled(
    Array.from({ length: count }, () => reserveFeature(subject, feature, amount)),
  );
  return {
    granted: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    refused: results.flatMap((result) => (result.status === 'rejected' ? [result.reason as HttpError] : [])),
  };
}

const currentOf = async (subject: LimitSubject, feature: CountedFeature) =>
  (await featureStatus(subject, feature)).current;

describe.each(
  finiteLimits.map(
    (limit) => [`${PLANS[limit.role].label}, ${limit.feature} (limit ${limit.limit})`, limit] as const,
  ),
)('%s', (_, limit) => {
  const { feature } = limit;
  const { slots, amount } = slotsOf(limit);

  it(`lets exactly the limit through when twice as many reserve at once`, async () => {
    const { agent, subject } = await agentOnPlan(limit);

    const { granted, refused } = await raceReservations(subject, feature, amount, 2 * slots);

    const total = granted.length * amount;
    expect(granted).toHaveLength(slots);
    expect(refused).toHaveLength(slots);
    // every grant saw its own count: the increments were atomic, none was lost or doubled
    expect(granted.map((status) => status.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: slots }, (__, index) => (index + 1) * amount),
    );
    const expected = limitReachedAnswer(feature, total, limit.limit);
    for (const error of refused) {
      const answer = { status: error.statusCode, body: error.toBody() };
      // clients: spec §8's exact body; paywall bodies also carry the plan's wording, checked for storage
      if (feature === 'clients') expect(answer).toEqual(expected);
      else expect(answer).toMatchObject(expected);
    }
    expect(await currentOf(subject, feature)).toBe(total);
    const response = await callApi(`/api/feature-limits/${feature}`, { token: agent.token });
    expect(await response.json()).toEqual({ feature, isAtLimit: true, current: total, maximum: limit.limit });
  });
});

describe.each(COUNTED_FEATURES.map((feature) => [feature, finiteLimitFor(feature)] as const))(
  'giving back %s',
  (feature, limit) => {
    const { slots, amount } = slotsOf(limit);

    it('never goes below zero when twice as many releases race, so the limit holds afterwards', async () => {
      const { subject } = await agentOnPlan(limit);
      expect((await raceReservations(subject, feature, amount, slots)).granted).toHaveLength(slots);

      await Promise.all(Array.from({ length: 2 * slots }, () => releaseFeature(subject, feature, amount)));
      const afterReleases = await currentOf(subject, feature);
      const { granted } = await raceReservations(subject, feature, amount, 2 * slots);

      expect(afterReleases).toBe(0);
      // a counter below zero would let more than the limit through now
      expect(granted).toHaveLength(slots);
      expect(await currentOf(subject, feature)).toBe(slots * amount);
    });

    it('keeps the count exact when reservations and releases race each other', async () => {
      const { subject } = await agentOnPlan(limit);
      expect((await raceReservations(subject, feature, amount, slots)).granted).toHaveLength(slots);

      const [reservations] = await Promise.all([
        raceReservations(subject, feature, amount, 2 * slots),
        Promise.all(Array.from({ length: slots }, () => releaseFeature(subject, feature, amount))),
      ]);

      // the counter starts full and every release finds something to give back: what is left is what was
      // granted during the race, and that can never pass the limit
      const current = await currentOf(subject, feature);
      expect(current).toBe(reservations.granted.length * amount);
      expect(current).toBeLessThanOrEqual(limit.limit);
      expect(reservations.granted.length + reservations.refused.length).toBe(2 * slots);
    });
  },
);
