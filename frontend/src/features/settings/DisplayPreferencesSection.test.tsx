// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXCHANGE_RATES_SNAPSHOT } from '#contracts/exchange-rates';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { formatPriceIn } from '../preferences/format.ts';
import { AreaUnitSection, CurrencySection } from './DisplayPreferencesSection.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The preference endpoints as the API answers them, remembering what is saved. */
function preferencesServer() {
  const saved = { currency: 'USD', unit: 'sqm' };
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url).pathname;
    const body = input.method === 'GET' ? undefined : await input.json();
    calls.push({ method: input.method, url, body });
    if (url === '/api/exchange-rates') return json({ ...EXCHANGE_RATES_SNAPSHOT, source: 'snapshot' });
    if (url.startsWith('/api/currency-preference')) {
      if (body) saved.currency = (body as { currencyPreference: string }).currencyPreference;
      return json({ agentId: 'agent-1', currency_preference: saved.currency });
    }
    if (url.startsWith('/api/metric-preference')) {
      if (body) saved.unit = (body as { preference: string }).preference;
      return json({ agentId: 'agent-1', preference: saved.unit });
    }
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, saved };
}

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) };

afterEach(() => vi.unstubAllGlobals());

describe('display preferences', () => {
  it('saves the chosen currency and converts the example price at once', async () => {
    const server = preferencesServer();
    const { user } = renderWithProviders(<CurrencySection agentId="agent-1" />, { preloadedState: signedIn });
    const select = await screen.findByLabelText('Display currency');
    await waitFor(() => expect(screen.getByTestId('currency-example').textContent).toBe('$425,000'));

    await user.selectOptions(select, 'EUR');

    await waitFor(() =>
      expect(screen.getByTestId('currency-example').textContent).toBe(
        formatPriceIn(425_000, 'EUR', EXCHANGE_RATES_SNAPSHOT.rates),
      ),
    );
    expect(screen.getByText(/^1 USD = [\d.]+ EUR$/)).toBeTruthy();
    expect(server.saved.currency).toBe('EUR');
  });

  it('saves the chosen area unit', async () => {
    const server = preferencesServer();
    const { user } = renderWithProviders(<AreaUnitSection agentId="agent-1" />, { preloadedState: signedIn });
    const sqft = await screen.findByLabelText(/Square feet/);
    await user.click(sqft);
    await waitFor(() => expect((sqft as HTMLInputElement).checked).toBe(true));
    expect(server.saved.unit).toBe('sqft');
  });
});
