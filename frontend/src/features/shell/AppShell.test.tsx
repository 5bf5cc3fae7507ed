// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { AppShell, SESSION_LOAD_UNANSWERED } from './AppShell.tsx';

const signedIn = { auth: authState({ token: 'access-1', agentId: 'agent-1', isAuthenticated: true }) };

/** The API, answering the agent's read with `agentRead` (a thrown error is a read without an answer). */
function stubApi(agentRead: () => Response) {
  const fetchMock = vi.fn(async (request: Request) =>
    new URL(request.url).pathname === '/api/agents/agent-1'
      ? agentRead()
      : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the shell while the account loads', () => {
  it('keeps the session when the agent read gets no answer, and offers to try again', async () => {
    const fetchMock = stubApi(() => {
      // offline, or the browser dropped the read because the page is being left for another
      throw new TypeError('Failed to fetch');
    });
    const { store, user } = renderWithProviders(<AppShell />, {
      route: '/agents/profile',
      preloadedState: signedIn,
    });

    await screen.findByRole('heading', { name: SESSION_LOAD_UNANSWERED });
    expect(store.getState().auth).toMatchObject({ token: 'access-1', agentId: 'agent-1' });

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(store.getState().auth.token).toBe('access-1');
  });

  it('keeps the session when the agent read’s body cannot be read (a page left mid-answer)', async () => {
    stubApi(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"agent_id":'));
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const { store } = renderWithProviders(<AppShell />, {
      route: '/agents/profile',
      preloadedState: signedIn,
    });

    await screen.findByRole('heading', { name: SESSION_LOAD_UNANSWERED });
    expect(store.getState().auth).toMatchObject({ token: 'access-1', agentId: 'agent-1' });
  });

  it('ends the session when the API refuses the agent read', async () => {
    stubApi(
      () =>
        new Response('{"error":"Not found"}', {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const { store } = renderWithProviders(<AppShell />, {
      route: '/agents/profile',
      preloadedState: signedIn,
    });

    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(screen.queryByRole('heading', { name: SESSION_LOAD_UNANSWERED })).toBeNull();
  });
});
