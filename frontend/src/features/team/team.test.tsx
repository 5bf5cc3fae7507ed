// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestConfig } from '../../test/fakes.ts';
import { renderRoutes } from '../../test/renderWithProviders.tsx';
import { SignUpPage } from '../auth/SignUpPage.tsx';
import { forgetPendingInvite, pendingInviteToken, rememberPendingInvite } from './pendingInvite.ts';
import { seatsSentence } from './SeatMeter.tsx';

const TOKEN = 'T'.repeat(43);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderSignUp = (search: string) =>
  renderRoutes([{ path: '/authentication/register', element: <SignUpPage /> }], {
    initialEntries: [`/authentication/register${search}`],
  });

beforeEach(() => {
  useTestConfig();
  forgetPendingInvite();
});

afterEach(() => vi.unstubAllGlobals());

describe('seatsSentence', () => {
  it('says how many seats are taken, invited and left', () => {
    expect(seatsSentence({ seats: 3, members: 1, pending: 1, remaining: 1 })).toBe(
      '1 of 3 seats taken · 1 invitation pending · 1 left',
    );
    expect(seatsSentence({ seats: 1, members: 0, pending: 0, remaining: 1 })).toBe(
      '0 of 1 seat taken · 1 left',
    );
  });
});

describe('pending invite token', () => {
  it('is kept until it is forgotten', () => {
    rememberPendingInvite(TOKEN);
    expect(pendingInviteToken()).toBe(TOKEN);
    forgetPendingInvite();
    expect(pendingInviteToken()).toBeNull();
  });
});

describe('sign-up through an invite link', () => {
  it('shows the agency, prefills the invited email and remembers the link for after sign-in', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, {
        agency_id: 'agency-1',
        agency_name: 'Harbor & Pine Realty',
        invited_by_name: 'Maya Collins',
        email: 'nina@example.com',
        expires_at: '2030-01-01T00:00:00.000Z',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);

    renderSignUp(`?invite=${TOKEN}`);

    await screen.findByRole('heading', { name: 'Join Harbor & Pine Realty' });
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nina@example.com'),
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    expect(pendingInviteToken()).toBe(TOKEN);
    const request = fetchMock.mock.calls[0] as unknown as [Request];
    expect(request[0].url).toContain(`/api/invites/${TOKEN}`);
    expect(request[0].headers.get('authorization')).toBeNull();
  });

  it('says when the link no longer works, and keeps the ordinary sign-up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: 'Invitation not found' })),
    );

    renderSignUp(`?invite=${TOKEN}`);

    expect(
      await screen.findByText('This invitation link is no longer valid. Ask the agency for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Agency' })).toBeTruthy();
    expect(pendingInviteToken()).toBeNull();
  });
});
