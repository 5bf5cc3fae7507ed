// @vitest-environment happy-dom

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '#contracts/route-guard';
import { routes } from '../../app/router.tsx';
import { renderRoutes, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SIGN_IN_PENDING_MESSAGE } from './authApi.ts';
import { LoginPage } from './LoginPage.tsx';

const renderLogin = () => renderWithProviders(<LoginPage />, { route: LOGIN_PATH });

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

  it('submits a valid form and shows the sign-in error in an alert', async () => {
    const { user, store } = renderLogin();

    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_PENDING_MESSAGE);
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('keeps focus on the submit button while signing in', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'maria@agency.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('alert');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' }));
  });

  it('shows the error of the Google sign-in too', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_PENDING_MESSAGE);
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
