// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#contracts/plans';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders.tsx';
import { DEFAULT_AVATAR_URL } from '../agents/profilePicture.ts';
import type { Agency, Agent } from '../agents/types.ts';
import { teamApi } from '../team/api.ts';
import type { SeatSummary } from '../team/types.ts';
import { Header } from './Header.tsx';
import { LIVE_CHAT_KEY } from './liveChatSlice.ts';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import {
  isAgencyAdmin,
  mayInvite,
  planLabel,
  planName,
  showsTeamItem,
  showsUpgradeNow,
  visibleInvites,
} from './roles.ts';
import { Sidebar } from './Sidebar.tsx';

function agentWith(overrides: Partial<Agent>): Agent {
  return {
    agent_id: 'agent-1',
    full_name: 'Maya Collins',
    email: 'maya@agency.test',
    role: 'Superagent',
    reputation_points: 340,
    property_count: 12,
    verified_deals: 7,
    connections: 18,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const agency: Agency = {
  id: 'agency-1',
  name: 'Harbor & Pine',
  type: 'Agency',
  agentCount: 2,
  admin_agent_id: 'agent-1',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** An Agency's seats (cap 3) as the API answers them: remaining = seats − members − pending, not below 0. */
function seats({ members, pending }: { members: number; pending: number }): SeatSummary {
  return { seats: 3, members, pending, remaining: Math.max(0, 3 - members - pending) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderShellParts(agent: Agent, agencyData: Agency | null = null) {
  // the signed-in shell reads notifications and requests: empty, unless the test answers them itself
  if (!vi.isMockFunction(globalThis.fetch))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [] })),
    );
  return renderWithProviders(
    <>
      <Header onOpenMenu={() => {}} />
      <aside aria-label="Sidebar">
        <Sidebar />
      </aside>
      <MobileBottomBar />
    </>,
    {
      route: '/agents/profile',
      store: signedInStore(agent, { agency: agencyData }),
    },
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/**
 * The invitations API of an Agency (cap 3) with `members` members: GET answers the pending invitations and
 * the seats, POST adds one, DELETE revokes one, as functions/team does.
 */
function stubInvitesApi(members: number, pending: string[] = []) {
  const invites = pending.map((email, index) => ({ id: `invite-${index}`, email }));
  const view = (invite: { id: string; email: string }) => ({
    ...invite,
    status: 'pending',
    invited_by: 'agent-1',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2030-01-01T00:00:00.000Z',
  });
  const answer = () => ({ items: invites.map(view), seats: seats({ members, pending: invites.length }) });
  const fetchMock = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/team/invites' && request.method === 'GET') return json(200, answer());
    if (pathname === '/api/team/invites' && request.method === 'POST') {
      const invite = {
        id: `invite-${invites.length}`,
        email: ((await request.json()) as { email: string }).email,
      };
      invites.push(invite);
      return json(201, { invite: view(invite), seats: answer().seats, delivery: 'link' });
    }
    if (pathname.startsWith('/api/team/invites/') && request.method === 'DELETE') {
      invites.splice(
        invites.findIndex((invite) => pathname.endsWith(`/${invite.id}`)),
        1,
      );
      return json(200, { ok: true });
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('role rules (spec §6)', () => {
  it.each<[Role, boolean, boolean, string]>([
    ['Superagent', false, true, 'Free Plan'],
    ['Essential', false, true, 'Essential'],
    ['Agent', false, true, 'Solo Agent'],
    ['Agency', true, false, 'Agency'],
    // both agency plans keep Team and hide Upgrade Now (docs/decisions.md, spec §6's "role Agency")
    ['AgencyPlus', true, false, 'Agency Plus'],
  ])('%s: Team %s, Upgrade Now %s, label %s', (role, team, upgrade, label) => {
    expect(showsTeamItem(role)).toBe(team);
    expect(showsUpgradeNow(role)).toBe(upgrade);
    expect(planLabel(role)).toBe(label);
  });

  it('names a plan in a sentence by its label, with "plan" only where the label lacks it', () => {
    expect(planName('Superagent')).toBe('Free Plan');
    expect(planName(undefined)).toBe('Free Plan');
    expect(planName('Agent')).toBe('Solo Agent plan');
    expect(planName('AgencyPlus')).toBe('Agency Plus plan');
  });

  it('lets Agency admins (user_type admin or unset) invite, no one else', () => {
    expect(mayInvite(agentWith({ role: 'Agency', user_type: 'admin' }))).toBe(true);
    expect(mayInvite(agentWith({ role: 'Agency' }))).toBe(true);
    expect(mayInvite(agentWith({ role: 'Agency', user_type: '' }))).toBe(true);
    expect(mayInvite(agentWith({ role: 'Agency', user_type: 'agent' }))).toBe(false);
    expect(mayInvite(agentWith({ role: 'AgencyPlus', user_type: 'admin' }))).toBe(true);
    expect(mayInvite(agentWith({ role: 'Superagent' }))).toBe(false);
    expect(mayInvite(null)).toBe(false);
  });

  it("shows the server's remaining seats, which counts pending invitations", () => {
    const admin = agentWith({ role: 'Agency', user_type: 'admin' });
    expect(visibleInvites(admin, seats({ members: 2, pending: 0 }))).toBe(1);
    expect(visibleInvites(admin, seats({ members: 0, pending: 1 }))).toBe(2);
    expect(visibleInvites(agentWith({ role: 'Agency' }), seats({ members: 0, pending: 0 }))).toBe(3);
  });

  it('hides invites when none remain, the count is unknown or the role is not an agency plan', () => {
    const admin = agentWith({ role: 'Agency' });
    // the demo agency: two members and one pending invitation fill the three seats
    expect(visibleInvites(admin, seats({ members: 2, pending: 1 }))).toBeUndefined();
    expect(visibleInvites(admin, seats({ members: 3, pending: 0 }))).toBeUndefined();
    expect(visibleInvites(admin, undefined)).toBeUndefined();
    expect(
      visibleInvites(agentWith({ role: 'Agency', user_type: 'agent' }), seats({ members: 0, pending: 0 })),
    ).toBeUndefined();
    // Agency Plus invites too: the seat cap comes from the server's summary (5 for the plan)
    expect(visibleInvites(agentWith({ role: 'AgencyPlus' }), { remaining: 5 })).toBe(5);
    expect(
      visibleInvites(agentWith({ role: 'Superagent' }), seats({ members: 0, pending: 0 })),
    ).toBeUndefined();
  });

  it('lets only the agency admin edit the agency', () => {
    expect(isAgencyAdmin(agentWith({}), agency)).toBe(true);
    expect(isAgencyAdmin(agentWith({ agent_id: 'agent-2' }), agency)).toBe(false);
    expect(isAgencyAdmin(agentWith({}), null)).toBe(false);
  });
});

describe('app shell', () => {
  it('shows an agency admin the Team item and the invite button, and no Upgrade Now', async () => {
    stubInvitesApi(2);
    renderShellParts(agentWith({ role: 'Agency', user_type: 'admin', agency_id: 'agency-1' }), agency);
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });

    expect(within(sidebar).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/team');
    expect(within(sidebar).queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    const invite = await screen.findAllByRole('link', { name: /Invite agents/ });
    expect(invite[0]!.getAttribute('href')).toBe('/agents/invite');
    expect(invite[0]!.textContent).toContain('1 seat left');
    expect(within(sidebar).getByText('Agency')).toBeTruthy();
  });

  it('counts pending invitations: no invite button when they hold the last seat, as /team says', async () => {
    // agentCount 2 of 3 alone would leave a seat; the pending invitation holds it (the demo agency)
    const fetchMock = stubInvitesApi(2, ['ines@agency.test']);
    const { store } = renderShellParts(
      agentWith({ role: 'Agency', user_type: 'admin', agency_id: 'agency-1' }),
      agency,
    );

    await vi.waitFor(() =>
      expect(teamApi.endpoints.listInvites.select()(store.getState()).data?.seats.remaining).toBe(0),
    );
    expect(screen.queryByRole('link', { name: /Invite agents/ })).toBeNull();
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/team/invites');
  });

  it('updates the seats left at once when an invitation is created or revoked', async () => {
    stubInvitesApi(0);
    const { store } = renderShellParts(
      agentWith({ role: 'Agency', user_type: 'admin', agency_id: 'agency-1' }),
      { ...agency, agentCount: 0 },
    );
    const banner = screen.getByRole('banner');
    await within(banner).findByText('3 seats left');

    const created = await store.dispatch(
      teamApi.endpoints.createInvite.initiate({ email: 'nina@agency.test' }),
    );
    await within(banner).findByText('2 seats left');
    expect(within(banner).getByRole('link', { name: 'Invite agents (2 left)' })).toBeTruthy();

    await store.dispatch(teamApi.endpoints.revokeInvite.initiate(created.data!.invite.id));
    await within(banner).findByText('3 seats left');
  });

  it('asks for no seats when the agent may not invite', async () => {
    const fetchMock = stubInvitesApi(0);
    renderShellParts(agentWith({ role: 'Agency', user_type: 'agent', agency_id: 'agency-1' }), agency);

    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /Invite agents/ })).toBeNull();
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).not.toContain(
      '/api/team/invites',
    );
  });

  it('shows a free agent Upgrade Now, no Team item and no invite button', () => {
    renderShellParts(agentWith({ role: 'Superagent' }));
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });

    expect(within(sidebar).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe(
      '/agents/upgrade',
    );
    expect(within(sidebar).queryByRole('link', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Invite agents/ })).toBeNull();
    expect(within(sidebar).getByText('Free Plan')).toBeTruthy();
  });

  it('lists the menu items in order and the four stats', () => {
    renderShellParts(agentWith({ role: 'Agent' }));
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const nav = within(sidebar).getByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Properties',
      'Agents',
      'Clients',
      'Deals',
      'Agenda',
      'Cloud',
      'Website',
      'Templates',
      'Settings',
      'Upgrade Now',
    ]);
    expect(within(sidebar).getByText('Maya Collins')).toBeTruthy();
    for (const [label, value] of [
      ['Reputation points', '340'],
      ['Properties', '12'],
      ['Verified deals', '7'],
      ['Connections', '18'],
    ] as const) {
      const term = within(sidebar)
        .getAllByText(label)
        .find((node) => node.tagName === 'DT')!;
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
  });

  it('has the header navbar and the mobile bottom bar actions with their spec labels', () => {
    renderShellParts(agentWith({}));
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('button', { name: 'Add Property' })).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Saved' }).getAttribute('href')).toBe('/properties/saved');
    expect(within(main).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Profile menu' })).toBeTruthy();
    const bar = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Add Property', 'Mail']);
    expect(within(bar).getByRole('link', { name: 'Saved' })).toBeTruthy();
  });

  it('shows the default avatar for a missing picture in the header and the sidebar', () => {
    renderShellParts(agentWith({ profile_picture: '/media/agents/agent-1/null' }));
    const pictures = screen.getAllByAltText('Profile picture');
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) expect(picture.getAttribute('src')).toBe(DEFAULT_AVATAR_URL);
  });

  it('shows the header menu triggers at once and opens the profile menu once its code is there', async () => {
    const { user } = renderShellParts(agentWith({}));
    const main = screen.getByRole('navigation', { name: 'Main' });
    await vi.waitFor(() =>
      expect(within(main).getByRole('button', { name: 'Profile menu' }).hasAttribute('disabled')).toBe(false),
    );

    await user.click(within(main).getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('maya@agency.test')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Log out']);
  });

  it('remembers the Live Chat toggle on this device', async () => {
    const { user, unmount } = renderShellParts(agentWith({}));
    const toggle = screen.getByRole('switch', { name: 'Live Chat' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(LIVE_CHAT_KEY)).toBe('on');
    unmount();

    renderShellParts(agentWith({}));
    expect(screen.getByRole('switch', { name: 'Live Chat' }).getAttribute('aria-checked')).toBe('true');
  });

  it('checks the properties limit before Add Property: a 402 stays put and opens the paywall', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        paths.push(path);
        // the shell's own reads (notifications, requests) answer empty; only the limit check is refused
        if (path !== '/api/feature-limits/properties') return json(200, { items: [] });
        return json(402, {
          paywall: true,
          reason: 'subscription_expired',
          message: 'Your subscription has expired.',
          action: 'renew_subscription',
        });
      }),
    );
    const { user, store } = renderShellParts(agentWith({}));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Add Property' }),
    );

    await vi.waitFor(() => expect(store.getState().paywall.open).toBe(true));
    expect(store.getState().paywall.details?.reason).toBe('subscription_expired');
    expect(paths).toContain('/api/feature-limits/properties');
  });
});
