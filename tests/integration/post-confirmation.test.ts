import { randomUUID } from 'node:crypto';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { documentClient } from '#aws/dynamodb';
import { ensureCognitoUser, signIn } from '#local/accounts';
import { Agency, Agent } from '#platform/accounts/entities';
import { eq } from '#platform/data/expression';
import { handler } from '../../functions/auth/post-confirmation.ts';
import { callApi } from '../support/agents.ts';

/** The event Cognito sends when a user confirms sign-up (shape as documented and as cognito-local sends). */
function confirmationEvent(
  attributes: Record<string, string>,
  triggerSource: PostConfirmationTriggerEvent['triggerSource'] = 'PostConfirmation_ConfirmSignUp',
): PostConfirmationTriggerEvent {
  const sub = attributes.sub ?? randomUUID();
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: inject('cloud').userPool.userPoolId,
    userName: sub,
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: inject('cloud').userPool.clientId },
    request: {
      userAttributes: {
        sub,
        email: `new-${sub}@test.local`,
        email_verified: 'true',
        'cognito:user_status': 'CONFIRMED',
        ...attributes,
      },
    },
    response: {},
  } as PostConfirmationTriggerEvent;
}

const agentOf = async (agentId: string) => await Agent.get({ agent_id: agentId }, { consistent: true });

/** Every agency administered by an agent (a test-only scan: nothing on a request path scans). */
const agenciesOf = async (agentId: string) => Agency.scan(eq('admin_agent_id', agentId));

const throttled = () =>
  new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} });

/** The items a put, or a transaction's puts, write (an agent is created with its search tokens). */
const putItems = (command: unknown): Array<{ _type?: string }> => {
  if (command instanceof PutCommand) return [command.input.Item as { _type?: string }];
  if (command instanceof TransactWriteCommand)
    return (command.input.TransactItems ?? []).flatMap((action) =>
      action.Put ? [action.Put.Item as { _type?: string }] : [],
    );
  return [];
};

/**
 * Fails the first DynamoDB write of one entity with a throttling error (which the emulator cannot
 * produce) and passes every other command through to the emulator.
 */
function failFirstWriteOf(entity: 'agent' | 'agency') {
  const realSend = documentClient.send.bind(documentClient) as (command: unknown) => Promise<never>;
  const mock = mockClient(documentClient);
  let failed = false;
  mock.send.callsFake(async (command) => {
    if (!failed && putItems(command).some((item) => item?._type === entity)) {
      failed = true;
      throw throttled();
    }
    return realSend(command);
  });
  return mock;
}

afterEach(() => {
  mockClient(documentClient).restore();
});

/**
 * An agency sign-up whose first write of `entity` fails: the failed call leaves neither agent nor agency,
 * and Cognito's retry ends with the agent and exactly one agency, linked.
 */
async function expectCleanFailureThenRetry(entity: 'agent' | 'agency', name: string) {
  const event = confirmationEvent({ name, 'custom:account_type': 'agency' });
  failFirstWriteOf(entity);

  await expect(handler(event)).rejects.toThrow();
  expect(await agentOf(event.userName)).toBeUndefined();
  expect(await agenciesOf(event.userName)).toEqual([]);

  await handler(event);
  const agencies = await agenciesOf(event.userName);
  expect(agencies).toHaveLength(1);
  expect((await agentOf(event.userName))?.agency_id).toBe(agencies[0]!.id);
}

describe('the post-confirmation trigger', () => {
  it('creates a Free Plan agent for an agent account and returns the event', async () => {
    const event = confirmationEvent({ name: 'Nora Field' });
    const agentId = event.request.userAttributes.sub!;

    const result = await handler(event);

    expect(result).toBe(event);
    expect(await agentOf(agentId)).toMatchObject({
      agent_id: agentId,
      email: event.request.userAttributes.email,
      full_name: 'Nora Field',
      role: 'Superagent',
      subscription_status: 'active',
    });
    expect((await agentOf(agentId))?.agency_id).toBeUndefined();
    expect(await agenciesOf(agentId)).toEqual([]);
  });

  it('creates the agency first and its admin agent for an agency account', async () => {
    const event = confirmationEvent({
      name: 'Olive Stone',
      'custom:account_type': 'agency',
      'custom:agency_name': 'Stone & Sea Homes',
    });
    const agentId = event.request.userAttributes.sub!;

    await handler(event);

    const agent = await agentOf(agentId);
    const agencies = await agenciesOf(agentId);
    expect(agencies).toHaveLength(1);
    expect(agencies[0]).toMatchObject({
      name: 'Stone & Sea Homes',
      type: 'other',
      agentCount: 0,
      admin_agent_id: agentId,
    });
    expect(agencies[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(agent).toMatchObject({ role: 'Superagent', user_type: 'admin', agency_id: agencies[0]!.id });
  });

  it('names the agency after its admin when sign-up gave no agency name', async () => {
    const event = confirmationEvent({ name: 'Pia Lund', 'custom:account_type': 'agency' });

    await handler(event);

    const [agency] = await agenciesOf(event.request.userAttributes.sub!);
    expect(agency?.name).toBe("Pia Lund's Agency");
  });

  it('creates nothing twice when Cognito repeats the call, one after the other or at once', async () => {
    const repeated = confirmationEvent({ name: 'Quinn Ray', 'custom:account_type': 'agency' });
    const concurrent = confirmationEvent({ name: 'Rosa Vale', 'custom:account_type': 'agency' });

    await handler(repeated);
    const first = await agentOf(repeated.userName);
    await expect(handler(repeated)).resolves.toBe(repeated);
    await Promise.all([handler(concurrent), handler(concurrent), handler(concurrent)]);

    expect(await agentOf(repeated.userName)).toEqual(first);
    expect(await agenciesOf(repeated.userName)).toHaveLength(1);
    const raced = await agenciesOf(concurrent.userName);
    expect(raced).toHaveLength(1);
    expect((await agentOf(concurrent.userName))?.agency_id).toBe(raced[0]!.id);
  });

  it('leaves no agent behind when the agency write fails, and succeeds when Cognito retries', async () => {
    await expectCleanFailureThenRetry('agency', 'Sam Oak');
  });

  it('removes its agency when the agent write fails, so a retry ends with exactly one', async () => {
    await expectCleanFailureThenRetry('agent', 'Tess Moor');
  });

  it('does nothing on a confirmed password reset', async () => {
    const event = confirmationEvent({ name: 'Uma Reed' }, 'PostConfirmation_ConfirmForgotPassword');

    await expect(handler(event)).resolves.toBe(event);

    expect(await agentOf(event.userName)).toBeUndefined();
  });

  it('names a federated (Google) user from given and family name', async () => {
    const event = confirmationEvent({ given_name: 'Vera', family_name: 'Lind' });

    await handler(event);

    expect((await agentOf(event.userName))?.full_name).toBe('Vera Lind');
  });

  it('gives a confirmed Cognito user a working account: its token reads its own profile', async () => {
    const cloud = inject('cloud');
    const email = `confirmed-${randomUUID()}@test.local`;
    const agentId = await ensureCognitoUser(cloud.userPool, {
      email,
      password: 'Test-Password-1',
      fullName: 'Wes Hart',
    });
    const { accessToken } = await signIn(cloud.userPool, email, 'Test-Password-1');
    const before = await callApi(`/api/agents/${agentId}`, { token: accessToken });

    await handler(confirmationEvent({ sub: agentId, email, name: 'Wes Hart' }));

    expect(before.status).toBe(403);
    const after = await callApi(`/api/agents/${agentId}`, { token: accessToken });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({
      agent_id: agentId,
      full_name: 'Wes Hart',
      role: 'Superagent',
      subscription_status: 'active',
    });
  });
});
