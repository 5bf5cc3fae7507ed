import { randomUUID } from 'node:crypto';
import {
  isAgencyRole,
  PLANS,
  planFor,
  type Role,
  type SubscriptionStatus,
  seatsTooFewMessage,
} from '#contracts/plans';
import { Agency, Agent, type AgentItem } from '#platform/accounts/entities';
import { cancellationCodes, type TransactAction, transactWrite } from '#platform/data/entity';
import { and, eq, lte, notExists } from '#platform/data/expression';
import { conflict, forbidden, notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import { BillingAccount, type BillingAccountItem, BillingEventRecord } from './entities.ts';

/**
 * Subscription changes, however they arrive (a local test checkout, a payment-method retry, a provider's
 * webhook): one DynamoDB transaction writes the agent's role and status, its agency's type and seats
 * check, its members' roles, the billing account and the event's record, so a change is all-or-nothing
 * and an event id is applied exactly once. Usage counters are never touched: they count what exists,
 * and the new plan's limits apply to them at once.
 */

export type PaymentMethod = NonNullable<BillingAccountItem['payment_method']>;

export interface SubscriptionChange {
  provider: string;
  eventId: string;
  eventType: string;
  agentId: string;
  /** the new plan (role); absent for status-only events */
  plan?: Role;
  status: SubscriptionStatus;
  customerId?: string;
  currentPeriodEnd?: string;
  paymentMethod?: PaymentMethod;
}

export const MANAGED_BY_AGENCY_MESSAGE = "Your plan is managed by your agency's admin";

/** An agency member's plan is its agency's: only the admin (user_type admin or empty) buys. */
export const isAgencyMember = (agent: Pick<AgentItem, 'agency_id' | 'user_type'>) =>
  Boolean(agent.agency_id) && agent.user_type === 'agent';

/**
 * Refuses a plan the agency's members would not fit in (the seat cap of the new plan), before anything is
 * charged. The transaction checks it again, atomically, when the change is applied.
 */
export async function assertPlanFits(agent: AgentItem, plan: Role): Promise<void> {
  if (isAgencyMember(agent)) throw forbidden(MANAGED_BY_AGENCY_MESSAGE);
  if (!agent.agency_id) return;
  const agency = await Agency.get({ id: agent.agency_id }, { consistent: true });
  if (agency && agency.agentCount > PLANS[plan].seats)
    throw conflict(seatsTooFewMessage(agency.agentCount, plan));
}

const agencyTypeOf = (role: Role) =>
  (isAgencyRole(role) ? role : 'other') as 'Agency' | 'AgencyPlus' | 'other';

/** Applies a change once. 'duplicate' when its event id was applied before (nothing is written again). */
export async function applySubscriptionChange(change: SubscriptionChange): Promise<'applied' | 'duplicate'> {
  const eventKey = { provider: change.provider, event_id: change.eventId };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (await BillingEventRecord.get(eventKey, { consistent: true })) return 'duplicate';
    const agent = await Agent.get({ agent_id: change.agentId }, { consistent: true });
    if (!agent) throw notFound('Agent');
    const billing = await BillingAccount.get({ agent_id: change.agentId }, { consistent: true });
    const role = change.plan ?? agent.role;
    const now = new Date().toISOString();

    const actions: TransactAction[] = [
      BillingEventRecord.transact.create({
        ...eventKey,
        type: change.eventType,
        agent_id: change.agentId,
      }),
      BillingAccount.transact.put({
        agent_id: change.agentId,
        provider: change.provider,
        plan: role,
        updated_at: now,
        last_event_id: change.eventId,
        ...((change.customerId ?? billing?.customer_id)
          ? { customer_id: change.customerId ?? billing?.customer_id }
          : {}),
        ...((change.paymentMethod ?? billing?.payment_method)
          ? { payment_method: change.paymentMethod ?? billing?.payment_method }
          : {}),
        ...((change.currentPeriodEnd ?? billing?.current_period_end)
          ? { current_period_end: change.currentPeriodEnd ?? billing?.current_period_end }
          : {}),
      }),
    ];
    // the agent changes only from the state read above (a concurrent change makes this round retry)
    const unchangedAgent = and(eq('role', agent.role), eq('subscription_status', agent.subscription_status));
    const roleChanges = change.plan !== undefined && change.plan !== agent.role;
    const becomesAgency = roleChanges && isAgencyRole(role) && !agent.agency_id;
    let newAgencyId: string | undefined;
    let seatCheck = -1;

    if (becomesAgency) {
      // a solo agent buying an agency plan becomes the admin of a new agency (index keys change: a put)
      newAgencyId = randomUUID();
      actions.push(
        Agency.transact.create({
          id: newAgencyId,
          name: `${agent.full_name}'s agency`,
          type: agencyTypeOf(role),
          agentCount: 0,
          admin_agent_id: agent.agent_id,
          ...(agent.city ? { city: agent.city } : {}),
        }),
        Agent.transact.put(
          {
            ...agent,
            role,
            subscription_status: change.status,
            agency_id: newAgencyId,
            user_type: 'admin',
          },
          { if: and(unchangedAgent, notExists('agency_id'), eq('full_name', agent.full_name)) },
        ),
      );
    } else {
      actions.push(
        Agent.transact.update(
          { agent_id: agent.agent_id },
          { set: { role, subscription_status: change.status } },
          { if: unchangedAgent },
        ),
      );
      if (roleChanges && agent.agency_id && !isAgencyMember(agent)) {
        // the admin's agency: its type follows the plan, its members must fit the new seat cap, and the
        // members' plan is the agency's
        seatCheck =
          actions.push(
            Agency.transact.update(
              { id: agent.agency_id },
              { set: { type: agencyTypeOf(role) } },
              { if: lte('agentCount', PLANS[role].seats) },
            ),
          ) - 1;
        const members = await Agent.query('byAgency', { agency_id: agent.agency_id }, { limit: 100 });
        for (const member of members.items) {
          if (member.agent_id === agent.agent_id) continue;
          actions.push(Agent.transact.update({ agent_id: member.agent_id }, { set: { role } }));
        }
      }
    }

    try {
      await transactWrite(actions);
      logger.info('subscription changed', {
        agentId: change.agentId,
        eventId: change.eventId,
        from: agent.role,
        to: role,
        status: change.status,
        ...(newAgencyId ? { agencyId: newAgencyId } : {}),
      });
      return 'applied';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
      if (seatCheck >= 0 && codes[seatCheck] === 'ConditionalCheckFailed') {
        const agency = await Agency.get({ id: agent.agency_id! }, { consistent: true });
        throw conflict(seatsTooFewMessage(agency?.agentCount ?? 0, role));
      }
      // the agent changed meanwhile (or a concurrent delivery of the same event won): read again
      logger.warn('subscription change retried', { agentId: change.agentId, codes });
    }
  }
  throw conflict('Your plan is changing right now. Try again in a moment.');
}

/** What GET /api/billing answers. */
export async function billingViewOf(agentId: string, provider: { name: string; checkoutAvailable: boolean }) {
  const [agent, billing] = await Promise.all([
    Agent.get({ agent_id: agentId }, { consistent: true }),
    BillingAccount.get({ agent_id: agentId }, { consistent: true }),
  ]);
  if (!agent) throw notFound('Agent');
  return {
    agentId,
    role: planFor(agent.role).role,
    subscription_status: agent.subscription_status ?? 'active',
    provider: billing?.provider ?? provider.name,
    checkoutAvailable: provider.checkoutAvailable,
    payment_method: billing?.payment_method ?? null,
    ...(billing?.current_period_end ? { current_period_end: billing.current_period_end } : {}),
    managedByAgency: isAgencyMember(agent),
  };
}
