// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectAgencyState } from '../../app/specState.ts';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ReputationSection } from './ReputationSection.tsx';
import type { ReputationActivity, ReputationSummary } from './types.ts';

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) };

const summary: ReputationSummary = {
  points: 120,
  propertyCount: 3,
  verifiedDeals: 0,
  connections: 1,
  achievements: [
    { id: 'first-property', name: 'First Listing', earned_at: '2026-03-01T10:00:00.000Z' },
    { id: 'first-connection', name: 'First Connection', earned_at: '2026-03-05T10:00:00.000Z' },
    { id: 'points-100', name: 'Rising Star', earned_at: '2026-03-08T10:00:00.000Z' },
  ],
  verifications: { self: false, email: true, phone: false },
  lastAwardedActivity: null,
};

const activity = (n: number): ReputationActivity => ({
  id: `activity-${n}`,
  activityType: 'PROPERTY_ADDED',
  points: 10,
  description: `Listing ${n}`,
  created_at: '2026-03-01T10:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** 25 history entries, newest first, served a page at a time as the API does. */
function stubApi() {
  const total = 25;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname.endsWith('/reputation/history')) {
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const newest = total - (page - 1) * limit;
        const activities = Array.from({ length: Math.max(0, Math.min(limit, newest)) }, (_, n) =>
          activity(newest - n),
        );
        return json({ activities, pagination: { page, totalPages: 3, limit, totalItems: total } });
      }
      if (url.pathname === '/api/agencies/agency-1/reputation') {
        return json({ ...summary, points: 900, propertyCount: 40, verifiedDeals: 12, connections: 33 });
      }
      if (url.pathname.endsWith('/reputation')) return json(summary);
      return json({});
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the reputation section', () => {
  it('shows unlocked achievements with their date and the others with progress', async () => {
    stubApi();
    renderWithProviders(<ReputationSection agentId="agent-1" own />, { preloadedState: signedIn });

    const achievements = await screen.findByRole('list', { name: 'Achievements' });
    expect(
      within(achievements).getByRole('listitem', { name: 'First Listing (unlocked)' }).textContent,
    ).toContain('Unlocked Mar 1, 2026');
    const networker = within(achievements).getByRole('listitem', { name: 'Networker' });
    expect(within(networker).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(networker.textContent).toContain('1 / 10');
    expect(screen.getByText('3 of 11 unlocked')).toBeTruthy();
    const verifications = screen.getByRole('list', { name: 'Verifications' });
    expect(verifications.textContent).toContain('Email verified');
    expect(verifications.textContent).toContain('Phone not verified');
  });

  it('pages through the history 10 at a time', async () => {
    stubApi();
    const { user } = renderWithProviders(<ReputationSection agentId="agent-1" own />, {
      preloadedState: signedIn,
    });
    const history = await screen.findByRole('list', { name: 'Reputation history' });
    const descriptions = () =>
      within(screen.getByRole('list', { name: 'Reputation history' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);

    expect(within(history).getAllByRole('listitem')).toHaveLength(10);
    expect(descriptions()[0]).toBe('Listing 25');
    expect(screen.getByRole('navigation', { name: 'Reputation history pages' }).textContent).toContain(
      'Page 1 of 3',
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(descriptions()[0]).toBe('Listing 15'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(descriptions()).toEqual(['Listing 5', 'Listing 4', 'Listing 3', 'Listing 2', 'Listing 1']),
    );
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows another agent’s achievements without a history', async () => {
    stubApi();
    renderWithProviders(<ReputationSection agentId="agent-2" own={false} />, { preloadedState: signedIn });

    await screen.findByRole('list', { name: 'Achievements' });
    expect(screen.queryByRole('heading', { name: 'Reputation history' })).toBeNull();
  });

  it('shows the own agency’s combined reputation and keeps the agency state’s counters', async () => {
    stubApi();
    const { store } = renderWithProviders(<ReputationSection agentId="agent-1" own agencyId="agency-1" />, {
      preloadedState: {
        auth: authState({ token: 'jwt', agentId: 'agent-1', agencyId: 'agency-1', isAuthenticated: true }),
      },
    });

    const agency = await screen.findByLabelText('Agency reputation');
    expect(agency.textContent).toContain('900');
    expect(agency.textContent).toContain('33');
    await waitFor(() =>
      expect(selectAgencyState(store.getState())).toMatchObject({
        reputationPoints: 900,
        propertyCount: 40,
        verifiedDeals: 12,
        connections: 33,
      }),
    );
  });
});
