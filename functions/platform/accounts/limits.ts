import { type FeatureName, planFor, type Role, type SubscriptionStatus } from '#contracts/plans';
import { isConditionFailure, type TransactAction } from '#platform/data/entity';
import { and, exists, gte, lt, lte, notExists, or } from '#platform/data/expression';
import { HttpError, notFound, paywall } from '#platform/errors';
import { Agency, Agent, FeatureUsage } from './entities.ts';

/**
 * Plans, limits and the subscription paywall: the one server-side check every endpoint uses. Usage is a
 * counter per agent and feature that only changes by atomic conditional UpdateItem, so concurrent
 * requests can never pass a limit; the numbers come from contracts/plans.ts alone.
 */

/** Whose usage is counted and which plan applies (an Identity, or what an event consumer knows). */
export interface LimitSubject {
  agentId: string;
  role: Role;
}

export interface FeatureStatus {
  isAtLimit: boolean;
  current: number;
  /** null = Unlimited */
  maximum: number | null;
}

export type CountedFeature = Exclude<FeatureName, 'branding'>;

/** Spec §8: a 403 with this error on clients triggers the client-side limit prompt. */
export const CLIENTS_LIMIT_ERROR = 'Feature limit reached';
/** Spec §5, verbatim. */
export const STORAGE_LIMIT_MESSAGE = 'Storage limit exceeded. Please free up space or upgrade your plan.';
export const BRANDING_UNAVAILABLE_ERROR = 'Branding is not available on your plan';
export const PAYMENT_FAILED_MESSAGE = 'Your last payment failed. Update your payment method to continue.';
export const SUBSCRIPTION_EXPIRED_MESSAGE = 'Your subscription has expired. Renew it to continue.';

const NOUNS: Record<Exclude<CountedFeature, 'storage'>, [one: string, many: string]> = {
  properties: ['property', 'properties'],
  clients: ['client', 'clients'],
  connections: ['connection', 'connections'],
  websites: ['website', 'websites'],
};

function limitReachedMessage(feature: CountedFeature, maximum: number): string {
  if (feature === 'storage') return STORAGE_LIMIT_MESSAGE;
  const [one, many] = NOUNS[feature];
  return `You have reached your plan's limit of ${maximum} ${maximum === 1 ? one : many}. Upgrade your plan to add more.`;
}

/** The answer when a reservation would pass the limit: 402 paywall, or spec §8's 403 for clients. */
function limitReached(feature: CountedFeature, current: number, maximum: number): HttpError {
  if (feature === 'clients') {
    return new HttpError(403, CLIENTS_LIMIT_ERROR, {
      code: 'limit_reached',
      body: { feature, current, maximum },
    });
  }
  return paywall({
    reason: 'usage_limit_reached',
    message: limitReachedMessage(feature, maximum),
    action: 'upgrade',
    feature,
    current,
    maximum,
  });
}

/** Spec §6/§8: a 403 on branding means branding is not available on the plan. */
const brandingUnavailable = () =>
  new HttpError(403, BRANDING_UNAVAILABLE_ERROR, {
    code: 'not_in_plan',
    body: { feature: 'branding', current: 0, maximum: 0 },
  });

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError(`invalid usage amount ${amount}`);
}

async function usedOf(agentId: string, feature: CountedFeature): Promise<number> {
  const usage = await FeatureUsage.get({ agent_id: agentId, feature }, { consistent: true });
  return usage?.used ?? 0;
}

/** The caller's usage of one feature against its plan's limit (`branding` is availability: 1 or 0). */
export async function featureStatus(subject: LimitSubject, feature: FeatureName): Promise<FeatureStatus> {
  const plan = planFor(subject.role);
  if (feature === 'branding') {
    return { isAtLimit: !plan.branding, current: 0, maximum: plan.branding ? 1 : 0 };
  }
  const maximum = plan.limits[feature];
  const current = await usedOf(subject.agentId, feature);
  return { isAtLimit: maximum !== null && current >= maximum, current, maximum };
}

/**
 * Reserves `amount` of a feature (1 property, 1 client, n bytes of storage) before the thing is created.
 * One conditional `ADD`: it succeeds only while the counter stays within the plan's maximum, so N
 * concurrent reservations against a limit L let exactly min(N, L) through. Unlimited plans still count,
 * so a later downgrade starts from the truth. If the creation then fails, call `releaseFeature`.
 */
export async function reserveFeature(
  subject: LimitSubject,
  feature: FeatureName,
  amount = 1,
): Promise<FeatureStatus> {
  const plan = planFor(subject.role);
  if (feature === 'branding') {
    if (!plan.branding) throw brandingUnavailable();
    return { isAtLimit: false, current: 0, maximum: 1 };
  }
  assertAmount(amount);
  const maximum = plan.limits[feature];
  const key = { agent_id: subject.agentId, feature };
  if (maximum !== null && amount > maximum) {
    throw limitReached(feature, await usedOf(subject.agentId, feature), maximum);
  }
  try {
    const usage = await FeatureUsage.update(
      key,
      { add: { used: amount } },
      {
        mustExist: false,
        ...(maximum === null ? {} : { if: or(notExists('used'), lte('used', maximum - amount)) }),
      },
    );
    const current = usage?.used ?? amount;
    return { isAtLimit: maximum !== null && current >= maximum, current, maximum };
  } catch (error) {
    if (!isConditionFailure(error) || maximum === null) throw error;
    throw limitReached(feature, await usedOf(subject.agentId, feature), maximum);
  }
}

/**
 * Gives back `amount` of a feature (a property deleted, a failed creation compensated). Never goes below
 * zero: the decrement is conditional on the counter holding at least `amount`; otherwise it is set to 0.
 */
export async function releaseFeature(subject: LimitSubject, feature: FeatureName, amount = 1): Promise<void> {
  if (feature === 'branding') return;
  assertAmount(amount);
  const key = { agent_id: subject.agentId, feature };
  // A concurrent change between the two conditional writes makes both miss; a few rounds settle it.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await FeatureUsage.update(
        key,
        { add: { used: -amount } },
        { if: gte('used', amount), returnValues: 'none' },
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await FeatureUsage.update(
        key,
        { set: { used: 0 } },
        { if: and(exists('used'), lt('used', amount)), returnValues: 'none' },
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // no counter at all: nothing was ever reserved, so there is nothing to give back
      if ((await FeatureUsage.get(key, { consistent: true }))?.used === undefined) return;
    }
  }
  throw new Error(`could not release ${amount} ${feature} for ${subject.agentId}`);
}

/**
 * `reserveFeature` as one action of a transaction (`transactWrite`), for a thing written in the same
 * transaction: the same conditional `ADD`, so the limit holds exactly as it does alone. When the
 * transaction is cancelled on this action, answer `await limitReachedError(subject, feature)`.
 */
export function reserveFeatureAction(
  subject: LimitSubject,
  feature: CountedFeature,
  amount = 1,
): TransactAction {
  assertAmount(amount);
  const maximum = planFor(subject.role).limits[feature];
  return FeatureUsage.transact.update(
    { agent_id: subject.agentId, feature },
    { add: { used: amount } },
    {
      mustExist: false,
      ...(maximum === null ? {} : { if: or(notExists('used'), lte('used', maximum - amount)) }),
    },
  );
}

/** The answer to a reservation the limit refused (402 paywall, or the clients 403), with today's usage. */
export async function limitReachedError(subject: LimitSubject, feature: CountedFeature): Promise<HttpError> {
  const maximum = planFor(subject.role).limits[feature] ?? Number.POSITIVE_INFINITY;
  return limitReached(feature, await usedOf(subject.agentId, feature), maximum);
}

/**
 * `releaseFeature` as one action of a transaction: a decrement conditional on the counter holding at
 * least `amount`. A transaction cancelled on it found the counter already lower (it never goes below 0):
 * run it again without this action.
 */
export function releaseFeatureAction(
  subject: Pick<LimitSubject, 'agentId'>,
  feature: CountedFeature,
  amount = 1,
): TransactAction {
  assertAmount(amount);
  return FeatureUsage.transact.update(
    { agent_id: subject.agentId, feature },
    { add: { used: -amount } },
    { if: gte('used', amount) },
  );
}

/**
 * The subscription paywall (spec §8): a failed payment or an expired subscription answers 402 before
 * any limited action. The middy stack runs it for every route whose manifest entry declares a `limit`.
 */
export function assertSubscriptionActive(subject: { subscriptionStatus: SubscriptionStatus }): void {
  if (subject.subscriptionStatus === 'payment_failed') {
    throw paywall({
      reason: 'payment_failed',
      message: PAYMENT_FAILED_MESSAGE,
      action: 'update_payment_method',
    });
  }
  if (subject.subscriptionStatus === 'expired') {
    throw paywall({
      reason: 'subscription_expired',
      message: SUBSCRIPTION_EXPIRED_MESSAGE,
      action: 'renew_subscription',
    });
  }
}

export interface SeatStatus {
  /** the members the admin brought in (the admin holds no seat) */
  agentCount: number;
  seats: number;
}

export const seatsFullMessage = (seats: number) =>
  `Your plan's ${seats} ${seats === 1 ? 'seat is' : 'seats are'} taken. Upgrade your plan to add more agents.`;

/** The seat cap of an agency: its admin's plan (spec §6: SuperAgent 1, SoloAgency 1, Agency 3, AgencyPlus 5). */
async function seatCapOf(agencyId: string): Promise<number> {
  const agency = await Agency.get({ id: agencyId }, { consistent: true });
  if (!agency) throw notFound('Agency');
  const admin = await Agent.get({ agent_id: agency.admin_agent_id }, { consistent: true });
  return planFor(admin?.role).seats;
}

/**
 * Takes one seat of an agency for a joining member: one conditional increment of `agentCount` below the
 * plan's seat cap, so concurrent joins can never pass it. Full → 402 usage_limit_reached (feature seats).
 */
export async function reserveSeat(agencyId: string): Promise<SeatStatus> {
  const seats = await seatCapOf(agencyId);
  try {
    const agency = await Agency.update(
      { id: agencyId },
      { add: { agentCount: 1 } },
      { if: lte('agentCount', seats - 1) },
    );
    return { agentCount: agency.agentCount, seats };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw await seatsFullError(agencyId, seats);
  }
}

/** `reserveSeat` as one action of a transaction; a cancellation on it is answered by `seatsFullError`. */
export function reserveSeatAction(agencyId: string, seats: number): TransactAction {
  return Agency.transact.update(
    { id: agencyId },
    { add: { agentCount: 1 } },
    { if: lte('agentCount', seats - 1) },
  );
}

/** `releaseSeat` as one action of a transaction: fails it when the count is already 0. */
export function releaseSeatAction(agencyId: string): TransactAction {
  return Agency.transact.update({ id: agencyId }, { add: { agentCount: -1 } }, { if: gte('agentCount', 1) });
}

/** The answer when an agency's seats are taken: 402 usage_limit_reached (feature seats), today's count. */
export async function seatsFullError(agencyId: string, seats: number): Promise<HttpError> {
  const agency = await Agency.get({ id: agencyId }, { consistent: true });
  if (!agency) return notFound('Agency');
  return paywall({
    reason: 'usage_limit_reached',
    message: seatsFullMessage(seats),
    action: 'upgrade',
    feature: 'seats',
    current: agency.agentCount,
    maximum: seats,
  });
}

/** Gives a seat back (a member left or a join was undone); never below zero. */
export async function releaseSeat(agencyId: string): Promise<void> {
  try {
    await Agency.update(
      { id: agencyId },
      { add: { agentCount: -1 } },
      { if: gte('agentCount', 1), returnValues: 'none' },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
