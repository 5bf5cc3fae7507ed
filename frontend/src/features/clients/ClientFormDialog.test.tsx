// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ClientFormDialog } from './ClientFormDialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const agents = [{ agent_id: 'a1', full_name: 'Maya Collins' }];

describe('ClientFormDialog', () => {
  it('shows the API’s rules under each field and focuses the first one, without sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { user } = renderWithProviders(
      <ClientFormDialog agents={agents} showAssignee onClose={() => {}} />,
    );

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Budget from'), '500');
    await user.type(screen.getByLabelText('Budget to'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Add client' }));

    expect(await screen.findByText('Full name is required')).toBeDefined();
    expect(screen.getByText('Email must be a valid email address')).toBeDefined();
    expect(screen.getByText('Budget to must be a number')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Full name')));
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});
