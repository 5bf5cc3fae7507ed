// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ConnectionRequestItems } from './ConnectionRequestItems.tsx';
import type { ConnectionRequestListItem } from './types.ts';

const request: ConnectionRequestListItem = {
  id: 'request-1',
  requester_id: 'agent-2',
  receiver_id: 'agent-1',
  status: 'pending',
  created_at: new Date().toISOString(),
  agent: {
    agent_id: 'agent-2',
    full_name: 'Sofia Reyes',
    role: 'Agent',
    city: 'Porto',
    reputation_points: 260,
  },
};

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the component sees it: one pending request, and answers to PUT /api/connections/respond. */
function stubApi(respondStatus = 200) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  let answered = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const body = input.method === 'GET' ? undefined : await input.json();
      calls.push({ method: input.method, url: input.url, body });
      if (input.url.includes('/api/connections/respond')) {
        if (respondStatus !== 200)
          return json({ error: 'This connection request was already declined' }, 409);
        answered = true;
        return json({ ...request, status: (body as { status: string }).status });
      }
      if (input.url.includes('/api/connections/requests/agent-1')) {
        return json({ items: answered ? [] : [request] });
      }
      return json({ items: [] });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('connection request items', () => {
  it('lists pending requests with the requester and a link to their profile', async () => {
    stubApi();
    renderWithProviders(<ConnectionRequestItems />, { preloadedState: signedIn });

    const item = await screen.findByRole('listitem', { name: 'Connection request from Sofia Reyes' });
    expect(item.textContent).toContain('Sofia Reyes wants to connect with you');
    expect(item.textContent).toContain('Porto');
    expect(screen.getByRole('link', { name: 'Sofia Reyes' }).getAttribute('href')).toBe(
      '/pages/agent/profile/agent-2',
    );
  });

  it('accepts inline and takes the request out of the list', async () => {
    const calls = stubApi();
    const { user } = renderWithProviders(<ConnectionRequestItems empty={<p>No requests</p>} />, {
      preloadedState: signedIn,
    });

    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    await screen.findByText('No requests');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: expect.stringContaining('/api/connections/respond'),
      body: { connection_id: 'request-1', status: 'accepted' },
    });
  });

  it('puts the request back when the answer fails', async () => {
    stubApi(409);
    const { user } = renderWithProviders(<ConnectionRequestItems />, { preloadedState: signedIn });

    await user.click(await screen.findByRole('button', { name: 'Decline' }));

    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Connection request from Sofia Reyes' })).toBeTruthy(),
    );
  });
});
