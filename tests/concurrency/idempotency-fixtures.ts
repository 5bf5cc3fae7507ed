import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { ACCOUNT_TYPE_ATTRIBUTE, AGENCY_NAME_ATTRIBUTE } from '#contracts/app-config';
import { ensureCognitoUser, signIn } from '#local/accounts';
import { callApi } from '../support/agents.ts';
import { snapshotState } from '../support/state-snapshot.ts';
import { storageConsumerCases } from './cloud-fixtures.ts';
import { matchConsumerCases } from './match-fixtures.ts';
import { reputationConsumerCases } from './reputation-fixtures.ts';
import { siteCacheConsumerCases } from './site-cache-fixtures.ts';
import { siteConsumerCases } from './site-fixtures.ts';
import { siteHostsConsumerCases } from './site-hosts-fixtures.ts';

/**
 * The fixture tables of the idempotency suite: every Cognito trigger (contracts/triggers.ts, by function
 * name) and every EventBridge consumer (contracts/event-rules.ts, by rule name) needs at least one
 * case here — the coverage test fails otherwise. A case makes a sample event and a way to read its
 * effect through public paths (the API, the table); the suite delivers it three times, two of them at
 * once, and the effect must be that of one delivery.
 */

/** What every case gives the suite. */
export interface EffectProbe<Effect = unknown> {
  /** reads the effect of the event: API answers, table items — whatever the consumer changes */
  effect: () => Promise<Effect>;
  /** what exactly one delivery must have done (the suite already checks that something changed) */
  expectOnce: (once: Effect, before: Effect) => void | Promise<void>;
}

/** A Cognito trigger case: the event exactly as Cognito sends it. */
export interface TriggerProbe<Effect = unknown> extends EffectProbe<Effect> {
  event: Record<string, unknown>;
}

/** An EventBridge consumer case: what a producer puts on the bus (the bus makes the envelope). */
export interface ConsumerProbe<Effect = unknown> extends EffectProbe<Effect> {
  /** defaults to the platform source, EVENT_SOURCE */
  source?: string;
  detailType: string;
  detail: Record<string, unknown>;
}

export interface IdempotencyCase<Probe> {
  name: string;
  arrange: () => Promise<Probe>;
}

/** Keeps a case's own effect type inside it while the tables hold cases of any effect. */
const triggerCase = <Effect>(name: string, arrange: () => Promise<TriggerProbe<Effect>>) =>
  ({ name, arrange }) as IdempotencyCase<TriggerProbe>;

// ── post-confirmation ────────────────────────────────────────────────────────────────────────────────

interface ConfirmedUser {
  agentId: string;
  email: string;
  fullName: string;
  token: string;
}

/** A user confirmed in cognito-local (no trigger has run for it yet) and signed in. */
async function confirmedUser(): Promise<ConfirmedUser> {
  const { userPool } = inject('cloud');
  const email = `idempotency-${randomUUID()}@test.local`;
  const fullName = `Idem ${email.slice(12, 20)}`;
  const password = 'Test-Password-1';
  const agentId = await ensureCognitoUser(userPool, { email, password, fullName });
  const { accessToken } = await signIn(userPool, email, password);
  return { agentId, email, fullName, token: accessToken };
}

/** The PostConfirmation event of a sign-up, as Cognito (and cognito-local) sends it. */
function confirmSignUpEvent(user: ConfirmedUser, attributes: Record<string, string> = {}) {
  const { userPool } = inject('cloud');
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: userPool.userPoolId,
    userName: user.agentId,
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    callerContext: { awsSdkVersion: '3', clientId: userPool.clientId },
    request: {
      userAttributes: {
        sub: user.agentId,
        email: user.email,
        email_verified: 'true',
        'cognito:user_status': 'CONFIRMED',
        name: user.fullName,
        ...attributes,
      },
    },
    response: {},
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface AccountEffect {
  agent: Answer;
  /** the agent's agency, read by the agent itself */
  agency?: Answer;
  /** every table item that mentions the account, whatever entity it is */
  items: Record<string, unknown>[];
}

const answer = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

/** The account as its owner sees it through the API, and everything in the table that mentions it. */
async function accountEffect(user: ConfirmedUser): Promise<AccountEffect> {
  const agent = await answer(await callApi(`/api/agents/${user.agentId}`, { token: user.token }));
  const agencyId = agent.status === 200 ? agent.body.agency_id : undefined;
  const agency =
    typeof agencyId === 'string'
      ? await answer(await callApi(`/api/agencies/${agencyId}`, { token: user.token }))
      : undefined;
  const { table } = await snapshotState({ agentId: user.agentId });
  const items = table
    .filter((line) => line.includes(user.agentId))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { agent, ...(agency ? { agency } : {}), items };
}

/** Agent records of the user (the item with its id and email) and agencies it administers. */
const agentRecords = (effect: AccountEffect, user: ConfirmedUser) =>
  effect.items.filter((item) => item.agent_id === user.agentId && item.email === user.email);
const administeredAgencies = (effect: AccountEffect, user: ConfirmedUser) =>
  effect.items.filter((item) => item.admin_agent_id === user.agentId);

function expectNoAccountBefore(before: AccountEffect) {
  expect(before.agent.status, 'a confirmed user has no profile before the trigger').toBe(403);
  expect(before.items).toEqual([]);
}

const soloSignUp = triggerCase('a solo agent sign-up', async () => {
  const user = await confirmedUser();
  return {
    event: confirmSignUpEvent(user),
    effect: () => accountEffect(user),
    expectOnce: (once: AccountEffect, before: AccountEffect) => {
      expectNoAccountBefore(before);
      expect(once.agent).toMatchObject({
        status: 200,
        body: {
          agent_id: user.agentId,
          email: user.email,
          role: 'Superagent',
          subscription_status: 'active',
        },
      });
      expect(once.agent.body).not.toHaveProperty('agency_id');
      expect(agentRecords(once, user)).toHaveLength(1);
      expect(administeredAgencies(once, user)).toEqual([]);
    },
  };
});

const agencySignUp = triggerCase('an agency sign-up', async () => {
  const user = await confirmedUser();
  const agencyName = `Idempotent Homes ${user.agentId.slice(0, 8)}`;
  return {
    event: confirmSignUpEvent(user, {
      [ACCOUNT_TYPE_ATTRIBUTE]: 'agency',
      [AGENCY_NAME_ATTRIBUTE]: agencyName,
    }),
    effect: () => accountEffect(user),
    expectOnce: (once: AccountEffect, before: AccountEffect) => {
      expectNoAccountBefore(before);
      expect(once.agent).toMatchObject({
        status: 200,
        body: { agent_id: user.agentId, role: 'Superagent', user_type: 'admin' },
      });
      const agencyId = once.agent.body.agency_id;
      expect(agencyId).toEqual(expect.any(String));
      // agentCount counts the members the admin brings in, not the admin (docs/decisions.md)
      expect(once.agency).toEqual({
        status: 200,
        body: expect.objectContaining({
          id: agencyId,
          name: agencyName,
          type: 'other',
          agentCount: 0,
          admin_agent_id: user.agentId,
        }),
      });
      expect(agentRecords(once, user)).toHaveLength(1);
      // no second agency left behind by a delivery that lost the race
      expect(administeredAgencies(once, user).map((agency) => agency.id)).toEqual([agencyId]);
    },
  };
});

/** By Cognito trigger function name (contracts/triggers.ts). */
export const triggerFixtures: Partial<Record<string, IdempotencyCase<TriggerProbe>[]>> = {
  'post-confirmation': [soloSignUp, agencySignUp],
};

/** By EventBridge rule name (contracts/event-rules.ts): every consumer's cases. */
export const consumerFixtures: Partial<Record<string, IdempotencyCase<ConsumerProbe>[]>> = {
  'award-reputation': reputationConsumerCases,
  'account-storage': storageConsumerCases,
  'regenerate-pages': siteConsumerCases,
  'sync-site-hosts': siteHostsConsumerCases,
  'invalidate-site-cache': siteCacheConsumerCases,
  ...matchConsumerCases,
};
