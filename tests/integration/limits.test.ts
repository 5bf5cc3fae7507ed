import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PLANS, type Role } from '#contracts/plans';
import type { RouteDefinition } from '#contracts/route';
import { FeatureUsage } from '#platform/accounts/entities';
import {
  assertSubscriptionActive,
  featureStatus,
  type LimitSubject,
  releaseFeature,
  reserveFeature,
} from '#platform/accounts/limits';
import type { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { callApi, createTestAgent } from '../support/agents.ts';

/** A subject with a fresh agent id: counters live per agent, so every test starts from zero. */
const subject = (role: Role = 'Superagent'): LimitSubject => ({ agentId: `limits-${randomUUID()}`, role });

const usedOf = async (who: LimitSubject, feature: 'properties' | 'clients' | 'storage') =>
  (await FeatureUsage.get({ agent_id: who.agentId, feature }, { consistent: true }))?.used;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: HttpError) => ({ status: error.statusCode, body: error.toBody() }),
  );

describe('feature reservations', () => {
  // Races (twice the limit at once, concurrent releases) for every plan limit: tests/concurrency.
  it('answers the limit with the usage_limit_reached paywall, naming the feature and the usage', async () => {
    const agent = subject();
    for (let count = 0; count < 10; count += 1) await reserveFeature(agent, 'properties');

    const failure = await failureOf(reserveFeature(agent, 'properties'));

    expect(failure).toEqual({
      status: 402,
      body: {
        paywall: true,
        reason: 'usage_limit_reached',
        message: "You have reached your plan's limit of 10 properties. Upgrade your plan to add more.",
        error: "You have reached your plan's limit of 10 properties. Upgrade your plan to add more.",
        code: 'usage_limit_reached',
        action: 'upgrade',
        feature: 'properties',
        current: 10,
        maximum: 10,
      },
    });
    expect(await usedOf(agent, 'properties')).toBe(10);
  });

  it('reserves storage by the byte and refuses what would pass the quota', async () => {
    const agent = subject();
    const quota = PLANS.Superagent.limits.storage!;
    const sixHundredMb = 600 * 1024 * 1024;

    await reserveFeature(agent, 'storage', sixHundredMb);
    const failure = await failureOf(reserveFeature(agent, 'storage', sixHundredMb));
    const fits = await reserveFeature(agent, 'storage', quota - sixHundredMb);

    expect(failure?.status).toBe(402);
    expect(failure?.body).toMatchObject({
      reason: 'usage_limit_reached',
      message: 'Storage limit exceeded. Please free up space or upgrade your plan.',
      feature: 'storage',
      current: sixHundredMb,
      maximum: quota,
    });
    expect(fits).toEqual({ isAtLimit: true, current: quota, maximum: quota });
  });

  it('refuses an amount larger than the whole limit without writing anything', async () => {
    const agent = subject();

    const failure = await failureOf(reserveFeature(agent, 'storage', PLANS.Superagent.limits.storage! + 1));

    expect(failure?.status).toBe(402);
    expect(await usedOf(agent, 'storage')).toBeUndefined();
  });

  it('counts without a cap on plans where the feature is Unlimited', async () => {
    const agent = subject('AgencyPlus');

    await Promise.all(Array.from({ length: 30 }, () => reserveFeature(agent, 'properties')));

    expect(await featureStatus(agent, 'properties')).toEqual({
      isAtLimit: false,
      current: 30,
      maximum: null,
    });
  });

  it('gives usage back without ever going below zero', async () => {
    const agent = subject();
    const untouched = subject();
    await reserveFeature(agent, 'properties');
    await reserveFeature(agent, 'properties');
    await reserveFeature(agent, 'properties');

    await releaseFeature(agent, 'properties');
    const afterOne = await usedOf(agent, 'properties');
    await Promise.all(Array.from({ length: 6 }, () => releaseFeature(agent, 'properties')));
    await releaseFeature(untouched, 'properties');

    expect(afterOne).toBe(2);
    expect(await usedOf(agent, 'properties')).toBe(0);
    expect(await usedOf(untouched, 'properties')).toBeUndefined();
  });

  it('frees room under the limit when usage is given back', async () => {
    const agent = subject();
    for (let count = 0; count < 10; count += 1) await reserveFeature(agent, 'properties');

    await releaseFeature(agent, 'properties');

    await expect(reserveFeature(agent, 'properties')).resolves.toEqual({
      isAtLimit: true,
      current: 10,
      maximum: 10,
    });
  });

  it('treats branding as availability: a 403 on plans without it, nothing counted', async () => {
    const free = subject('Superagent');
    const solo = subject('Agent');

    const failure = await failureOf(reserveFeature(free, 'branding'));

    expect(failure).toEqual({
      status: 403,
      body: {
        error: 'Branding is not available on your plan',
        code: 'not_in_plan',
        feature: 'branding',
        current: 0,
        maximum: 0,
      },
    });
    await expect(reserveFeature(solo, 'branding')).resolves.toMatchObject({ isAtLimit: false });
    expect(await featureStatus(free, 'branding')).toEqual({ isAtLimit: true, current: 0, maximum: 0 });
    expect(await featureStatus(solo, 'branding')).toEqual({ isAtLimit: false, current: 0, maximum: 1 });
  });
});

describe('the subscription paywall', () => {
  it('answers a failed payment and an expired subscription with their 402 bodies', () => {
    const failed = (() => {
      try {
        assertSubscriptionActive({ subscriptionStatus: 'payment_failed' });
      } catch (error) {
        return (error as HttpError).toBody();
      }
    })();
    const expired = (() => {
      try {
        assertSubscriptionActive({ subscriptionStatus: 'expired' });
      } catch (error) {
        return (error as HttpError).toBody();
      }
    })();

    expect(failed).toEqual({
      paywall: true,
      reason: 'payment_failed',
      message: 'Your last payment failed. Update your payment method to continue.',
      error: 'Your last payment failed. Update your payment method to continue.',
      action: 'update_payment_method',
      code: 'payment_failed',
    });
    expect(expired).toEqual({
      paywall: true,
      reason: 'subscription_expired',
      message: 'Your subscription has expired. Renew it to continue.',
      error: 'Your subscription has expired. Renew it to continue.',
      action: 'renew_subscription',
      code: 'subscription_expired',
    });
    expect(() => assertSubscriptionActive({ subscriptionStatus: 'active' })).not.toThrow();
  });

  /** A limited route run through the real middy stack in this process, with real tokens. */
  const limitedRoute = {
    id: 'testLimited',
    method: 'POST',
    path: '/api/test-limited',
    handler: 'functions/test/limited.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'test route that consumes properties',
    request: { body: z.strictObject({ title: z.string() }) },
    response: z.object({ ok: z.literal(true) }),
    limit: 'properties',
    resources: { table: 'readwrite' },
  } as const satisfies RouteDefinition;
  const unlimitedRoute = { ...limitedRoute, id: 'testUnlimited', limit: undefined };

  async function invoke(route: RouteDefinition, token: string, body: string) {
    let ran = false;
    const handler = withHttp(route, async () => {
      ran = true;
      return { ok: true as const };
    });
    const result = (await handler(
      {
        version: '2.0',
        routeKey: `POST ${route.path}`,
        rawPath: route.path,
        rawQueryString: '',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
        isBase64Encoded: false,
        requestContext: {} as APIGatewayProxyEventV2['requestContext'],
      },
      { functionName: route.id, awsRequestId: randomUUID() } as unknown as Context,
    )) as APIGatewayProxyStructuredResultV2;
    return { status: result.statusCode, body: JSON.parse(String(result.body)), ran };
  }

  it('runs on every route whose manifest entry declares a limit, before the body is read', async () => {
    const expired = await createTestAgent({ subscriptionStatus: 'expired' });
    const failed = await createTestAgent({ subscriptionStatus: 'payment_failed' });
    const active = await createTestAgent();

    const expiredCall = await invoke(limitedRoute, expired.token, '{"title": broken');
    const failedCall = await invoke(limitedRoute, failed.token, '{"title":"x"}');
    const activeCall = await invoke(limitedRoute, active.token, '{"title":"x"}');

    expect(expiredCall).toMatchObject({ status: 402, ran: false, body: { reason: 'subscription_expired' } });
    expect(failedCall).toMatchObject({ status: 402, ran: false, body: { reason: 'payment_failed' } });
    expect(activeCall).toEqual({ status: 200, ran: true, body: { ok: true } });
  });

  it('does not run on routes without a limit', async () => {
    const expired = await createTestAgent({ subscriptionStatus: 'expired' });

    const call = await invoke(unlimitedRoute, expired.token, '{"title":"x"}');

    expect(call).toEqual({ status: 200, ran: true, body: { ok: true } });
  });
});

describe('GET /api/feature-limits/{feature}', () => {
  it("reports the caller's usage against its plan", async () => {
    const agent = await createTestAgent();
    await reserveFeature({ agentId: agent.agentId, role: 'Superagent' }, 'properties');

    const response = await callApi('/api/feature-limits/properties', { token: agent.token });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      feature: 'properties',
      isAtLimit: false,
      current: 1,
      maximum: 10,
    });
  });

  it('marks a feature at its limit, and Unlimited as maximum null', async () => {
    const free = await createTestAgent();
    const agency = await createTestAgent({ role: 'Agency' });
    const freeSubject = { agentId: free.agentId, role: 'Superagent' as const };
    await reserveFeature(freeSubject, 'websites');

    const atLimit = await (await callApi('/api/feature-limits/websites', { token: free.token })).json();
    const unlimited = await (await callApi('/api/feature-limits/clients', { token: agency.token })).json();
    const storage = await (await callApi('/api/feature-limits/storage', { token: free.token })).json();

    expect(atLimit).toEqual({ feature: 'websites', isAtLimit: true, current: 1, maximum: 1 });
    expect(unlimited).toEqual({ feature: 'clients', isAtLimit: false, current: 0, maximum: null });
    expect(storage).toEqual({ feature: 'storage', isAtLimit: false, current: 0, maximum: 1073741824 });
  });

  it('reports branding availability by plan', async () => {
    const free = await createTestAgent();
    const solo = await createTestAgent({ role: 'Agent' });

    const freeBranding = await (await callApi('/api/feature-limits/branding', { token: free.token })).json();
    const soloBranding = await (await callApi('/api/feature-limits/branding', { token: solo.token })).json();

    expect(freeBranding).toEqual({ feature: 'branding', isAtLimit: true, current: 0, maximum: 0 });
    expect(soloBranding).toEqual({ feature: 'branding', isAtLimit: false, current: 0, maximum: 1 });
  });

  it('answers an expired subscription and a failed payment with their paywall', async () => {
    const expired = await createTestAgent({ subscriptionStatus: 'expired' });
    const failed = await createTestAgent({ subscriptionStatus: 'payment_failed' });

    const expiredResponse = await callApi('/api/feature-limits/properties', { token: expired.token });
    const failedResponse = await callApi('/api/feature-limits/properties', { token: failed.token });

    expect(expiredResponse.status).toBe(402);
    expect(await expiredResponse.json()).toEqual({
      paywall: true,
      reason: 'subscription_expired',
      message: 'Your subscription has expired. Renew it to continue.',
      error: 'Your subscription has expired. Renew it to continue.',
      action: 'renew_subscription',
      code: 'subscription_expired',
    });
    expect(failedResponse.status).toBe(402);
    expect(await failedResponse.json()).toMatchObject({
      reason: 'payment_failed',
      action: 'update_payment_method',
    });
  });

  it('answers an unknown feature with 400 naming the field', async () => {
    const agent = await createTestAgent();

    const response = await callApi('/api/feature-limits/bananas', { token: agent.token });

    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(/^Feature must be one of properties, clients/);
    expect(Object.keys(body.fields)).toEqual(['feature']);
  });

  it('answers 401 without a token', async () => {
    expect((await callApi('/api/feature-limits/properties')).status).toBe(401);
  });
});
