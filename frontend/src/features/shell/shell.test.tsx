// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#contracts/plans';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { initialAgencyState } from '../agencies/agencySlice.ts';
import { agentLoaded, agentSlice, initialAgentState } from '../agents/agentSlice.ts';
import { DEFAULT_AVATAR_URL } from '../agents/profilePicture.ts';
import type { Agency, Agent } from '../agents/types.ts';
import { Header } from './Header.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { isAgencyAdmin, planLabel, showsTeamItem, showsUpgradeNow, visibleInvites } from './roles.ts';
import { Sidebar } from './Sidebar.tsx';
import { LIVE_CHAT_KEY } from './useLiveChat.ts';

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

function renderShellParts(agent: Agent, agencyData: Agency | null = null) {
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
      preloadedState: {
        agent: agentSlice.reducer(initialAgentState, agentLoaded(agent)),
        agency: { ...initialAgencyState, agencyData: agencyData },
      },
    },
  );
}

afterEach(() => localStorage.clear());

describe('role rules (spec §6)', () => {
  it.each<[Role, boolean, boolean, string]>([
    ['Superagent', false, true, 'Free Plan'],
    ['Essential', false, true, 'Essential'],
    ['Agent', false, true, 'Solo Agent'],
    ['Agency', true, false, 'Agency'],
    ['AgencyPlus', false, true, 'Agency Plus'],
  ])('%s: Team %s, Upgrade Now %s, label %s', (role, team, upgrade, label) => {
    expect(showsTeamItem(role)).toBe(team);
    expect(showsUpgradeNow(role)).toBe(upgrade);
    expect(planLabel(role)).toBe(label);
  });

  it('shows invites to Agency admins (user_type admin or unset) with seats left', () => {
    expect(visibleInvites(agentWith({ role: 'Agency', user_type: 'admin' }), agency)).toBe(1);
    expect(visibleInvites(agentWith({ role: 'Agency' }), agency)).toBe(1);
    expect(visibleInvites(agentWith({ role: 'Agency', user_type: '' }), { agentCount: 0 })).toBe(3);
  });

  it('hides invites when none remain, the count is unknown or the role is not Agency', () => {
    expect(visibleInvites(agentWith({ role: 'Agency' }), { agentCount: 3 })).toBeUndefined();
    expect(visibleInvites(agentWith({ role: 'Agency' }), { agentCount: 7 })).toBeUndefined();
    expect(visibleInvites(agentWith({ role: 'Agency' }), null)).toBeUndefined();
    expect(visibleInvites(agentWith({ role: 'AgencyPlus' }), { agentCount: 0 })).toBeUndefined();
    expect(visibleInvites(agentWith({ role: 'Superagent' }), { agentCount: 0 })).toBeUndefined();
  });

  it('lets only the agency admin edit the agency', () => {
    expect(isAgencyAdmin(agentWith({}), agency)).toBe(true);
    expect(isAgencyAdmin(agentWith({ agent_id: 'agent-2' }), agency)).toBe(false);
    expect(isAgencyAdmin(agentWith({}), null)).toBe(false);
  });
});

describe('app shell', () => {
  it('shows an agency admin the Team item and the invite button, and no Upgrade Now', () => {
    renderShellParts(agentWith({ role: 'Agency', user_type: 'admin', agency_id: 'agency-1' }), agency);
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });

    expect(within(sidebar).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/team');
    expect(within(sidebar).queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    const invite = screen.getAllByRole('link', { name: /Invite agents/ });
    expect(invite[0]!.getAttribute('href')).toBe('/agents/invite');
    expect(within(sidebar).getByText('Agency')).toBeTruthy();
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
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              paywall: true,
              reason: 'subscription_expired',
              message: 'Your subscription has expired.',
              action: 'renew_subscription',
            }),
            { status: 402, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const { user, store } = renderShellParts(agentWith({}));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Add Property' }),
    );

    await vi.waitFor(() => expect(store.getState().paywall.open).toBe(true));
    expect(store.getState().paywall.details?.reason).toBe('subscription_expired');
    const request = (vi.mocked(fetch).mock.calls[0]![0] as Request).url;
    expect(new URL(request).pathname).toBe('/api/feature-limits/properties');
    vi.unstubAllGlobals();
  });
});
