// @vitest-environment happy-dom

import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH } from '#contracts/route-guard';
import { routes } from '../../app/router.tsx';
import { cognitoResponse, fakeJwt, useTestConfig } from '../../test/fakes.ts';
import { renderRoutes, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { LoginPage } from './LoginPage.tsx';
import { REFRESH_TOKEN_KEY, readSessionTerms } from './session.ts';

const renderLogin = () => renderWithProviders(<LoginPage />, { route: LOGIN_PATH });

function stubCognito(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => cognitoResponse(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  useTestConfig();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LoginPage', () => {
  it('renders labelled fields, the sign-in buttons and the account links', () => {
    renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('type', 'submit');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
  });

  it('shows field errors for an empty submit and focuses the first invalid field', async () => {
    const { user } = renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter your email address',
    );
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter your password',
    );
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects a badly formed email and clears the message once it is fixed', async () => {
    const { user } = renderLogin();
    const email = screen.getByLabelText('Email');

    await user.type(email, 'agent@nowhere');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Enter a valid email address, like name@agency.com')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();

    await user.type(email, '.com');
    expect(screen.queryByText('Enter a valid email address, like name@agency.com')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('submits a valid form and shows a wrong password as an alert', async () => {
    stubCognito(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const { user, store } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect email or password');
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('signs in: stores the token, the sub as agentId and the refresh token', async () => {
    const token = fakeJwt({ sub: 'agent-7', exp: Math.floor(Date.now() / 1000) + 3600 });
    const fetchMock = stubCognito(200, {
      AuthenticationResult: { AccessToken: token, IdToken: 'id', RefreshToken: 'refresh-1', ExpiresIn: 3600 },
    });
    const { user, store } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(store.getState().auth).toMatchObject({ token, agentId: 'agent-7' });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1].body));
    expect(body).toEqual({
      ClientId: 'web-client',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'maria@agency.com', PASSWORD: 'Secret-Password-1' },
    });
  });

  it('offers "Keep me signed in", off by default; ticked, the sign-in goes to the kept client', async () => {
    const token = fakeJwt({ sub: 'agent-7', exp: Math.floor(Date.now() / 1000) + 900 });
    const fetchMock = stubCognito(200, {
      AuthenticationResult: { AccessToken: token, IdToken: 'id', RefreshToken: 'refresh-kept' },
    });
    const { user, store } = renderLogin();
    const keep = screen.getByRole('checkbox', { name: 'Keep me signed in' });
    expect(keep).toHaveProperty('checked', false);
    expect(document.getElementById(keep.getAttribute('aria-describedby')!)?.textContent).toBe(
      'For 30 days on this device. Leave it off on a shared computer.',
    );

    await user.click(keep);
    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-Password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body)).ClientId).toBe('web-client-kept');
    expect(readSessionTerms()).toMatchObject({ clientId: 'web-client-kept', keepSignedIn: true });
  });

  it('keeps focus on the submit button while signing in', async () => {
    stubCognito(400, { __type: 'NotAuthorizedException', message: '' });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('alert');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' }));
  });

  it('offers Google only when the configuration enables it', () => {
    useTestConfig({ googleSignIn: false });
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });

  it('toggles password visibility', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('app routes', () => {
  it('lazy-loads the login page at the login route', async () => {
    renderRoutes(routes, { initialEntries: [LOGIN_PATH] });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('shows Page not found for an unknown path', async () => {
    renderRoutes(routes, { initialEntries: ['/no/such/page'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
