// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { BillingBanner } from './BillingBanner.tsx';

describe('billing banner', () => {
  it('says a failed payment and an expired subscription, with the way out, on any screen', () => {
    const failed = renderWithProviders(<BillingBanner agent={{ subscription_status: 'payment_failed' }} />, {
      route: '/clients',
    });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't take your last payment");
    expect(screen.getByRole('link', { name: 'Update payment' }).getAttribute('href')).toBe(
      '/payment/update-payment',
    );
    failed.unmount();

    renderWithProviders(<BillingBanner agent={{ subscription_status: 'expired' }} />, { route: '/agenda' });
    expect(screen.getByRole('link', { name: 'Renew subscription' }).getAttribute('href')).toBe(
      '/agents/upgrade?reason=expired',
    );
  });

  it('says nothing for an active plan, or on the page it leads to', () => {
    const active = renderWithProviders(<BillingBanner agent={{ subscription_status: 'active' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    active.unmount();
    renderWithProviders(<BillingBanner agent={{ subscription_status: 'payment_failed' }} />, {
      route: '/payment/update-payment',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
