import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_CODES, EXCHANGE_RATES_SNAPSHOT } from '#contracts/exchange-rates';
import { ExchangeRates } from '#functions/preferences/entities';
import { refreshExchangeRates } from '#functions/preferences/exchange-rates';
import { handler as refreshJob } from '../../events/consumers/refresh-exchange-rates.ts';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/** Currency and area-unit preferences and the exchange rates, through the local API Gateway. */

const get = async (agent: TestAgent, path: string) => {
  const response = await callApi(path, { token: agent.token });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const post = async (agent: TestAgent, path: string, body: unknown) => {
  const response = await callApi(path, { ...jsonBody('POST', body), token: agent.token });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('currency preference', () => {
  it('is USD until the agent chooses another, then the chosen one', async () => {
    const agent = await createTestAgent();
    expect(await get(agent, `/api/currency-preference/${agent.agentId}`)).toEqual({
      status: 200,
      body: { agentId: agent.agentId, currency_preference: 'USD' },
    });

    const saved = await post(agent, '/api/currency-preference', {
      agentId: agent.agentId,
      currencyPreference: 'EUR',
    });
    expect(saved).toEqual({ status: 200, body: { agentId: agent.agentId, currency_preference: 'EUR' } });
    expect((await get(agent, `/api/currency-preference/${agent.agentId}`)).body.currency_preference).toBe(
      'EUR',
    );
  });

  it('refuses a currency without exchange rates, naming the field', async () => {
    const agent = await createTestAgent();
    const answer = await post(agent, '/api/currency-preference', {
      agentId: agent.agentId,
      currencyPreference: 'XYZ',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^Currency must be one of USD, EUR/);
    expect((await get(agent, `/api/currency-preference/${agent.agentId}`)).body.currency_preference).toBe(
      'USD',
    );
  });

  it('keeps the area unit when the currency changes (one preferences item, two fields)', async () => {
    const agent = await createTestAgent();
    await post(agent, '/api/metric-preference', { agentId: agent.agentId, preference: 'sqft' });
    await post(agent, '/api/currency-preference', { agentId: agent.agentId, currencyPreference: 'GBP' });
    expect((await get(agent, `/api/metric-preference/${agent.agentId}`)).body.preference).toBe('sqft');
    expect((await get(agent, `/api/currency-preference/${agent.agentId}`)).body.currency_preference).toBe(
      'GBP',
    );
  });
});

describe('metric preference', () => {
  it('is sqm until the agent chooses sqft', async () => {
    const agent = await createTestAgent();
    expect((await get(agent, `/api/metric-preference/${agent.agentId}`)).body).toEqual({
      agentId: agent.agentId,
      preference: 'sqm',
    });
    expect(
      await post(agent, '/api/metric-preference', { agentId: agent.agentId, preference: 'sqft' }),
    ).toEqual({
      status: 200,
      body: { agentId: agent.agentId, preference: 'sqft' },
    });
    expect((await get(agent, `/api/metric-preference/${agent.agentId}`)).body.preference).toBe('sqft');
  });

  it('refuses a unit other than sqm or sqft', async () => {
    const agent = await createTestAgent();
    const answer = await post(agent, '/api/metric-preference', {
      agentId: agent.agentId,
      preference: 'acres',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Area unit must be one of sqm, sqft');
  });
});

describe('exchange rates', () => {
  let provider: Server;
  let providerUrl: string;
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    // a stand-in provider on loopback: nothing here reaches the internet
    provider = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/latest`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  /** Provider rates in a EUR base, as ECB-fed providers answer, for every supported currency. */
  const eurBased = (date: string, usdPerEur: number) => ({
    base: 'EUR',
    date,
    rates: Object.fromEntries(
      CURRENCY_CODES.filter((code) => code !== 'EUR').map((code) => [
        code,
        code === 'USD' ? usdPerEur : EXCHANGE_RATES_SNAPSHOT.rates[code] * usdPerEur,
      ]),
    ),
  });

  it('answers the bundled snapshot with its date before any refresh, and the stored rates after', async () => {
    const agent = await createTestAgent();
    await ExchangeRates.delete({ id: 'latest' });
    const before = await get(agent, '/api/exchange-rates');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      base: 'USD',
      source: 'snapshot',
      date: EXCHANGE_RATES_SNAPSHOT.date,
      rates: EXCHANGE_RATES_SNAPSHOT.rates,
    });
    expect((before.body.currencies as Array<{ code: string }>).map((currency) => currency.code)).toEqual([
      ...CURRENCY_CODES,
    ]);

    // the scheduled job without a provider (the local cloud) stores the snapshot
    expect(await refreshJob()).toMatchObject({ source: 'snapshot', stored: true });
    expect((await ExchangeRates.get({ id: 'latest' }))?.date).toBe(EXCHANGE_RATES_SNAPSHOT.date);
  });

  it('refreshes from the provider into USD-based rates, and never goes back to an older day', async () => {
    const agent = await createTestAgent();
    answer = { status: 200, body: eurBased('2099-01-02', 1.25) };
    expect(await refreshExchangeRates({ providerUrl })).toEqual({
      source: 'provider',
      date: '2099-01-02',
      stored: true,
    });
    const fresh = await get(agent, '/api/exchange-rates');
    expect(fresh.body).toMatchObject({ source: 'provider', date: '2099-01-02' });
    const rates = fresh.body.rates as Record<string, number>;
    expect(rates.USD).toBe(1);
    expect(rates.EUR).toBeCloseTo(0.8, 6);
    expect(rates.GBP).toBeCloseTo(EXCHANGE_RATES_SNAPSHOT.rates.GBP, 4);

    // an older answer, and the snapshot, do not replace a newer day
    answer = { status: 200, body: eurBased('2098-12-31', 2) };
    expect(await refreshExchangeRates({ providerUrl })).toMatchObject({ stored: false });
    expect(await refreshJob()).toMatchObject({ source: 'snapshot', stored: false });
    expect((await get(agent, '/api/exchange-rates')).body).toMatchObject({ date: '2099-01-02' });
    await ExchangeRates.delete({ id: 'latest' });
  });

  it('keeps the stored rates when the provider fails or answers something incomplete', async () => {
    await ExchangeRates.delete({ id: 'latest' });
    answer = { status: 503, body: { error: 'down' } };
    expect(await refreshExchangeRates({ providerUrl })).toMatchObject({
      source: 'snapshot',
      error: expect.stringMatching(/503/),
    });
    answer = { status: 200, body: { base: 'USD', date: '2099-02-01', rates: { EUR: 0.9 } } };
    const partial = await refreshExchangeRates({ providerUrl });
    expect(partial.error).toMatch(/no rate for GBP/);
    expect((await ExchangeRates.get({ id: 'latest' }))?.source).toBe('snapshot');
  });
});

describe('brand colours', () => {
  it('are saved by a plan with branding and read back by the agency', async () => {
    const { createTestAgency } = await import('../support/agents.ts');
    const agency = await createTestAgency();
    const saved = await post(agency.admin, '/api/brand-colors', {
      agencyId: agency.agencyId,
      color1: '#FF5500',
      color2: '#112233',
    });
    expect(saved).toEqual({
      status: 200,
      body: { agencyId: agency.agencyId, color1: '#ff5500', color2: '#112233' },
    });
    expect((await get(agency.admin, `/api/brand-colors/${agency.agencyId}`)).body).toMatchObject({
      color1: '#ff5500',
      color2: '#112233',
    });
  });

  it('answer 403 "Branding is not available on your plan" on the Free Plan and keep the defaults', async () => {
    const agent = await createTestAgent();
    const refused = await post(agent, '/api/brand-colors', {
      agencyId: agent.agentId,
      color1: '#000000',
      color2: '#ffffff',
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Branding is not available on your plan' } });
    expect((await get(agent, `/api/brand-colors/${agent.agentId}`)).body).toMatchObject({
      color1: '#1ab684',
      color2: '#157f58',
    });
  });

  it('answer the expired paywall before the plan check', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'expired' });
    const refused = await post(agent, '/api/brand-colors', {
      agencyId: agent.agentId,
      color1: '#000000',
      color2: '#ffffff',
    });
    expect(refused).toMatchObject({ status: 402, body: { reason: 'subscription_expired' } });
  });
});

describe('account settings', () => {
  it('start with every notification on and live chat off, and change only what is named', async () => {
    const agent = await createTestAgent();
    const defaults = await get(agent, '/api/account-settings');
    expect(defaults.body).toEqual({
      agentId: agent.agentId,
      notifications: { connection_requests: true, reputation: true, team: true, product_updates: true },
      live_chat: false,
      support_staff: false,
    });
    const put = async (body: unknown) => {
      const response = await callApi('/api/account-settings', {
        ...jsonBody('PUT', body),
        token: agent.token,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    await Promise.all([
      put({ notifications: { reputation: false } }),
      put({ notifications: { team: false } }),
    ]);
    const changed = await put({ live_chat: true });
    expect(changed.body).toEqual({
      agentId: agent.agentId,
      notifications: { connection_requests: true, reputation: false, team: false, product_updates: true },
      live_chat: true,
      support_staff: false,
    });
    expect((await put({})).status).toBe(400);
  });
});
