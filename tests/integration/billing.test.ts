import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PLANS } from '#contracts/plans';
import { BillingEventRecord } from '#functions/billing/entities';
import { LOCAL_BILLING_WEBHOOK_SECRET } from '#local/cloud';
import { Agency, Agent } from '#platform/accounts/entities';
import { signPayload } from '#platform/webhook-signature';
import { callApi, createTestAgency, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/** Plans and payment through the local API Gateway: the local provider, the webhook and the paywall. */

const key = () => randomUUID().replaceAll('-', '');

async function send(
  agent: TestAgent | undefined,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const init = jsonBody('POST', body);
  const response = await callApi(path, {
    ...init,
    headers: { ...init.headers, ...headers },
    ...(agent ? { token: agent.token } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read nested fields of untyped JSON
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The card the user types in the plan-change dialog, as the test card form hands it over. */
const TEST_CARD = 'pm_test_visa_4242_12_2030';

const checkout = (agent: TestAgent, plan: string, idempotencyKey = key(), paymentMethod = TEST_CARD) =>
  send(agent, '/api/billing/checkout', { plan, idempotencyKey, paymentMethod });

async function usage(agent: TestAgent, feature: string) {
  const response = await callApi(`/api/feature-limits/${feature}`, { token: agent.token });
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read nested fields of untyped JSON
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

function signedWebhook(event: Record<string, unknown>, timestamp = Math.floor(Date.now() / 1000)) {
  const raw = JSON.stringify(event);
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'estatenet-signature': signPayload(raw, LOCAL_BILLING_WEBHOOK_SECRET, timestamp),
    },
    body: raw,
  };
}

describe('GET /api/billing', () => {
  it('shows the plan, an active subscription and no card for a new free agent', async () => {
    const agent = await createTestAgent();
    const response = await callApi('/api/billing', { token: agent.token });
    expect(await response.json()).toEqual({
      agentId: agent.agentId,
      role: 'Superagent',
      subscription_status: 'active',
      provider: 'local',
      checkoutAvailable: true,
      payment_method: null,
      managedByAgency: false,
    });
  });
});

describe('POST /api/billing/checkout (local provider)', () => {
  it('upgrades the free agent to Solo Agent at once: role, limits and card change, usage stays', async () => {
    const agent = await createTestAgent();
    const client = await send(agent, '/api/clients', { full_name: 'Kept Client' });
    expect(client.status).toBe(201);
    expect((await usage(agent, 'clients')).body).toMatchObject({
      current: 1,
      maximum: PLANS.Superagent.limits.clients,
    });

    const answer = await checkout(agent, 'Agent');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'completed',
      billing: {
        role: 'Agent',
        subscription_status: 'active',
        payment_method: { brand: 'Visa', last4: '4242' },
      },
    });
    expect((await usage(agent, 'clients')).body).toMatchObject({
      current: 1,
      maximum: null,
      isAtLimit: false,
    });
    expect((await usage(agent, 'branding')).body).toMatchObject({ isAtLimit: false, maximum: 1 });
    expect((await Agent.get({ agent_id: agent.agentId }))?.role).toBe('Agent');
  });

  it('charges a paid plan only to a card the user entered: refused without one, the card on file after', async () => {
    const agent = await createTestAgent();
    const noCard = await send(agent, '/api/billing/checkout', { plan: 'Essential', idempotencyKey: key() });
    expect(noCard).toMatchObject({
      status: 400,
      body: {
        error: 'Add a card to pay for the Essential plan.',
        fields: { paymentMethod: 'Add a card to pay for the Essential plan.' },
      },
    });
    const declined = await checkout(agent, 'Essential', key(), 'pm_test_visa_0002_01_2031');
    expect(declined).toMatchObject({
      status: 400,
      body: { error: 'Your card was declined. Try another card.' },
    });
    const notTest = await checkout(agent, 'Essential', key(), 'pm_live_abcdef');
    expect(notTest.status).toBe(400);
    expect(notTest.body.error).toMatch(/^Use a test card/);
    expect(await Agent.get({ agent_id: agent.agentId }, { consistent: true })).toMatchObject({
      role: 'Superagent',
    });

    const paid = await checkout(agent, 'Essential', key(), 'pm_test_mastercard_4444_08_2031');
    expect(paid.body.billing).toMatchObject({ role: 'Essential', payment_method: { last4: '4444' } });
    // the next change is charged to the card on file
    const onFile = await send(agent, '/api/billing/checkout', { plan: 'Agent', idempotencyKey: key() });
    expect(onFile.body.billing).toMatchObject({ role: 'Agent', payment_method: { brand: 'Mastercard' } });
    // and moving down to the free plan needs no card at all
    const fresh = await createTestAgent({ role: 'Agent' });
    const free = await send(fresh, '/api/billing/checkout', { plan: 'Superagent', idempotencyKey: key() });
    expect(free.body.billing).toMatchObject({ role: 'Superagent', subscription_status: 'active' });
  });

  it('applies a retried click once and refuses the plan the agent already has', async () => {
    const agent = await createTestAgent();
    const idempotencyKey = key();
    const answers = await Promise.all([
      checkout(agent, 'Essential', idempotencyKey),
      checkout(agent, 'Essential', idempotencyKey),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const records = await BillingEventRecord.get({
      provider: 'local',
      event_id: `checkout_${agent.agentId}_${idempotencyKey}`,
    });
    expect(records?.agent_id).toBe(agent.agentId);

    const again = await checkout(agent, 'Essential');
    expect(again).toMatchObject({ status: 409, body: { error: 'You are already on the Essential plan' } });
  });

  it('renews an expired subscription: the paywall lifts', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'expired' });
    expect((await usage(agent, 'properties')).body).toMatchObject({
      paywall: true,
      reason: 'subscription_expired',
    });

    const renewed = await checkout(agent, 'Agent');
    expect(renewed.body.billing).toMatchObject({ role: 'Agent', subscription_status: 'active' });
    expect((await usage(agent, 'properties')).status).toBe(200);
  });

  it('makes a solo agent buying Agency the admin of a new agency with its seats', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const answer = await checkout(agent, 'Agency');
    expect(answer.body.billing).toMatchObject({ role: 'Agency', managedByAgency: false });
    const stored = await Agent.get({ agent_id: agent.agentId });
    expect(stored).toMatchObject({ role: 'Agency', user_type: 'admin' });
    expect(await Agency.get({ id: stored!.agency_id! })).toMatchObject({
      type: 'Agency',
      agentCount: 0,
      admin_agent_id: agent.agentId,
    });
  });

  it('moves an agency and its members between agency plans, and refuses a plan its team does not fit', async () => {
    const agency = await createTestAgency({ role: 'AgencyPlus', members: 4 });
    await Agency.update({ id: agency.agencyId }, { set: { agentCount: 4 } });

    const tooSmall = await checkout(agency.admin, 'Agency');
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body.error).toMatch(/4 members, more than the Agency plan's 3 seats/);
    expect((await Agent.get({ agent_id: agency.admin.agentId }))?.role).toBe('AgencyPlus');

    await Agency.update({ id: agency.agencyId }, { set: { agentCount: 3 } });
    const fits = await checkout(agency.admin, 'Agency');
    expect(fits.status).toBe(200);
    expect((await Agency.get({ id: agency.agencyId }))?.type).toBe('Agency');
    for (const member of agency.members) {
      expect((await Agent.get({ agent_id: member.agentId }))?.role).toBe('Agency');
    }
  });

  it("refuses an agency member: the plan is the agency's", async () => {
    const agency = await createTestAgency({ members: 1 });
    const member = agency.members[0]!;
    await Agent.update({ agent_id: member.agentId }, { set: { user_type: 'agent' } });
    const answer = await checkout(member, 'AgencyPlus');
    expect(answer).toMatchObject({
      status: 403,
      body: { error: "Your plan is managed by your agency's admin" },
    });
  });
});

describe('POST /api/billing/payment-method', () => {
  it('recovers a failed payment: the new card is charged and the payment_failed paywall lifts', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'payment_failed' });
    expect((await usage(agent, 'clients')).body).toMatchObject({
      reason: 'payment_failed',
      action: 'update_payment_method',
    });

    const updated = await send(agent, '/api/billing/payment-method', {
      paymentMethod: 'pm_test_mastercard_4444_08_2031',
      idempotencyKey: key(),
    });
    expect(updated.body).toMatchObject({
      subscription_status: 'active',
      payment_method: { brand: 'Mastercard', last4: '4444', exp_month: 8, exp_year: 2031 },
    });
    expect((await usage(agent, 'clients')).status).toBe(200);
  });

  it('refuses a declined card and keeps the account as it was', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'payment_failed' });
    const declined = await send(agent, '/api/billing/payment-method', {
      paymentMethod: 'pm_test_visa_0002_01_2030',
      idempotencyKey: key(),
    });
    expect(declined).toMatchObject({
      status: 400,
      body: { error: 'Your card was declined. Try another card.' },
    });
    expect((await Agent.get({ agent_id: agent.agentId }))?.subscription_status).toBe('payment_failed');
  });

  it('does not renew an expired plan (renewal is a checkout)', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'expired' });
    const updated = await send(agent, '/api/billing/payment-method', {
      paymentMethod: 'pm_test_visa_1881_01_2030',
      idempotencyKey: key(),
    });
    expect(updated.body).toMatchObject({ subscription_status: 'expired', payment_method: { last4: '1881' } });
  });
});

describe('POST /api/billing/webhook', () => {
  const event = (agentId: string, type: string, extra: Record<string, unknown> = {}) => ({
    id: `evt_${randomUUID()}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { agent_id: agentId, ...extra },
  });

  it('applies a signed event once however often it is delivered', async () => {
    const agent = await createTestAgent();
    const payload = event(agent.agentId, 'subscription.activated', { plan: 'Agent' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => callApi('/api/billing/webhook', signedWebhook(payload))),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(bodies.filter((body) => body.duplicate === false)).toHaveLength(1);
    expect((await Agent.get({ agent_id: agent.agentId }))?.role).toBe('Agent');
  });

  it('marks a failed payment and a later success: the paywall comes and goes', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    await callApi('/api/billing/webhook', signedWebhook(event(agent.agentId, 'payment.failed')));
    expect((await usage(agent, 'clients')).body).toMatchObject({ reason: 'payment_failed' });
    await callApi('/api/billing/webhook', signedWebhook(event(agent.agentId, 'payment.succeeded')));
    expect((await usage(agent, 'clients')).status).toBe(200);
  });

  it('refuses an unsigned, wrongly signed or stale delivery and changes nothing', async () => {
    const agent = await createTestAgent();
    const payload = event(agent.agentId, 'subscription.activated', { plan: 'AgencyPlus' });
    const unsigned = await callApi('/api/billing/webhook', jsonBody('POST', payload));
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { error: string }).error).toBe('Invalid webhook signature (missing)');

    const tampered = signedWebhook(payload);
    tampered.body = tampered.body.replace('AgencyPlus', 'Agency');
    expect((await callApi('/api/billing/webhook', tampered)).status).toBe(400);

    const stale = await callApi(
      '/api/billing/webhook',
      signedWebhook(payload, Math.floor(Date.now() / 1000) - 600),
    );
    expect(((await stale.json()) as { error: string }).error).toBe('Invalid webhook signature (expired)');
    expect((await Agent.get({ agent_id: agent.agentId }))?.role).toBe('Superagent');
  });

  it('refuses a signed event of an unknown type with a clear message', async () => {
    const agent = await createTestAgent();
    const answer = await callApi(
      '/api/billing/webhook',
      signedWebhook(event(agent.agentId, 'coupon.created')),
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/^Invalid webhook body: type/);
  });
});
