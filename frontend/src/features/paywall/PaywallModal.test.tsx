// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders.tsx';
import { PaywallModal } from './PaywallModal.tsx';
import { openPaywall, type PaywallDetails } from './paywallSlice.ts';

function renderPaywall(details: Partial<PaywallDetails>) {
  const view = renderRoutes(
    [
      { path: '/properties/add-property', element: <PaywallModal /> },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { initialEntries: ['/properties/add-property'] },
  );
  view.store.dispatch(openPaywall({ reason: '', message: '', action: '', ...details }));
  return view;
}

describe('PaywallModal', () => {
  it.each([
    {
      reason: 'payment_failed',
      action: 'update_payment_method',
      title: 'Payment Failed',
      primary: 'Update Payment',
      target: '/payment/update-payment',
    },
    {
      reason: 'subscription_expired',
      action: 'renew_subscription',
      title: 'Subscription Expired',
      primary: 'Renew Subscription',
      target: '/agents/upgrade?reason=expired',
    },
    {
      reason: 'usage_limit_reached',
      action: 'upgrade',
      title: 'Limit Reached',
      primary: 'Upgrade Now',
      target: '/agents/upgrade?reason=limit',
    },
    {
      reason: 'premium_feature',
      action: 'upgrade',
      title: 'Premium Feature',
      primary: 'Upgrade Now',
      target: '/agents/upgrade?reason=feature',
    },
    {
      reason: 'something_new',
      action: '',
      title: 'Premium Feature',
      primary: 'Upgrade Now',
      target: '/agents/upgrade?reason=feature',
    },
  ])('$reason shows $title with $primary to $target', async ({ reason, action, title, primary, target }) => {
    const { user, router, store } = renderPaywall({ reason, action, message: 'Server says why.' });

    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText('Server says why.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: primary }));

    expect(router.state.location.pathname + router.state.location.search).toBe(target);
    expect(store.getState().paywall.open).toBe(false);
  });

  it('routes by the action field when it names update_payment_method or renew_subscription', async () => {
    const { user, router } = renderPaywall({ reason: 'premium_feature', action: 'renew_subscription' });
    await user.click(await screen.findByRole('button', { name: 'Renew Subscription' }));
    expect(router.state.location.search).toBe('?reason=expired');
  });

  it('shows the current/maximum usage bar when a limit is reached', async () => {
    renderPaywall({
      reason: 'usage_limit_reached',
      message: 'You have reached the clients limit of your plan.',
      feature: 'clients',
      current: 25,
      maximum: 25,
    });

    const bar = await screen.findByRole('progressbar', { name: 'Clients used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuemax')).toBe('25');
    expect(screen.getByText('25 / 25')).toBeTruthy();
  });

  it('shows storage usage in readable sizes, not byte counts', async () => {
    renderPaywall({
      reason: 'usage_limit_reached',
      message: 'Storage limit exceeded. Please free up space or upgrade your plan.',
      feature: 'storage',
      current: 990_000_000,
      maximum: 1_073_741_824,
    });

    const bar = await screen.findByRole('progressbar', { name: 'Storage used' });
    expect(screen.getByText('944.14 MB / 1 GB')).toBeTruthy();
    expect(bar.getAttribute('aria-valuetext')).toBe('944.14 MB of 1 GB');
    expect(screen.queryByText(/990,000,000/)).toBeNull();
  });

  it('falls back to a default message when the body has none', async () => {
    renderPaywall({ reason: 'payment_failed' });
    const dialog = await screen.findByRole('dialog', { name: 'Payment Failed' });
    expect(within(dialog).getByText(/couldn't process your last payment/)).toBeTruthy();
  });

  it('Maybe Later closes the modal and stays on the page', async () => {
    const { user, router, store } = renderPaywall({ reason: 'premium_feature' });
    await user.click(await screen.findByRole('button', { name: 'Maybe Later' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().paywall.open).toBe(false);
    expect(router.state.location.pathname).toBe('/properties/add-property');
  });
});
