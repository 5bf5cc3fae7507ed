// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders.tsx';
import { NOT_AN_IMAGE_MESSAGE, outputSize } from './cropImage.ts';
import { ProfilePage } from './ProfilePage.tsx';
import type { Agent } from './types.ts';

const agent: Agent = {
  agent_id: 'agent-1',
  full_name: 'Amir Haddad',
  email: 'amir@estatenet.local',
  role: 'Superagent',
  city: 'Faro',
  reputation_points: 45,
  property_count: 3,
  verified_deals: 0,
  connections: 4,
  created_at: '2026-01-01T00:00:00.000Z',
};

const renderProfile = () =>
  renderWithProviders(<ProfilePage />, {
    route: '/agents/profile',
    store: signedInStore(agent, { token: null }),
  });

describe('own profile', () => {
  it('refuses a file that is not an image before any upload', () => {
    renderProfile();
    const picker = screen.getByLabelText('Choose a profile picture') as HTMLInputElement;
    expect(picker.accept).toBe('image/jpeg,image/png,image/webp');

    fireEvent.change(picker, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });

    expect(screen.getByRole('alert').textContent).toBe(NOT_AN_IMAGE_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the editable details and no agency card for an agent without an agency', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Amir Haddad' })).toBeTruthy();
    // the details form loads after the profile header (outside the first page load)
    expect(((await screen.findByLabelText('City')) as HTMLInputElement).value).toBe('Faro');
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Your agency')).toBeNull();
  });

  it('exports a square at most 512 px wide', () => {
    expect(outputSize({ x: 0, y: 0, width: 1200, height: 1200 })).toBe(512);
    expect(outputSize({ x: 10, y: 10, width: 300.4, height: 300.4 })).toBe(300);
  });
});
