// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cognitoResponse, useTestConfig } from '../../test/fakes.ts';
import { renderRoutes } from '../../test/renderWithProviders.tsx';
import { takePendingSignIn } from './authApi.ts';
import { PASSWORD_POLICY_MESSAGE } from './passwordPolicy.ts';
import { SignUpPage } from './SignUpPage.tsx';

const renderSignUp = () =>
  renderRoutes(
    [
      { path: '/authentication/register', element: <SignUpPage /> },
      { path: '/authentication/confirm', element: <p>Confirm screen</p> },
    ],
    { initialEntries: ['/authentication/register'] },
  );

beforeEach(() => {
  useTestConfig();
});

afterEach(() => vi.unstubAllGlobals());

describe('SignUpPage', () => {
  it('checks every field, including the password policy and the agency name of an agency', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderSignUp();

    await user.click(screen.getByRole('radio', { name: 'Agency' }));
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByText('Enter your full name')).toBeTruthy();
    expect(screen.getByText("Enter your agency's name")).toBeTruthy();
    expect(screen.getByText('Enter your email address')).toBeTruthy();
    expect(screen.getByText(PASSWORD_POLICY_MESSAGE)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up with the account type and goes to the confirmation screen', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      cognitoResponse(200, { UserConfirmed: false, UserSub: 'sub-1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = renderSignUp();

    await user.click(screen.getByRole('radio', { name: 'Agency' }));
    await user.type(screen.getByLabelText('Full name'), 'Maria Rossi');
    await user.type(screen.getByLabelText('Agency name'), 'Rossi Homes');
    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Confirm screen')).toBeTruthy();
    expect(router.state.location.search).toBe('?email=maria%40agency.com');
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body));
    expect(body.UserAttributes).toContainEqual({ Name: 'custom:account_type', Value: 'agency' });
    expect(body.UserAttributes).toContainEqual({ Name: 'custom:agency_name', Value: 'Rossi Homes' });
    // confirming signs the new agent in with the password kept in memory
    expect(takePendingSignIn('maria@agency.com')).toBe('Secret-Password-1');
  });

  it('tells an existing account apart and links to sign in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        cognitoResponse(400, { __type: 'UsernameExistsException', message: 'User already exists' }),
      ),
    );
    const { user } = renderSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Maria Rossi');
    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'An account with this email already exists',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });
});
