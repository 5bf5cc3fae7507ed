// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';
import type { Agent } from './types.ts';

const agent: Agent = {
  agent_id: 'agent-1',
  full_name: 'Amir Haddad',
  email: 'amir@estatenet.local',
  role: 'Superagent',
  city: 'Faro',
  reputation_points: 0,
  property_count: 0,
  verified_deals: 0,
  connections: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('profile details limits', () => {
  it('keeps a pasted bio whole, says it is too long with the count, and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfileDetailsForm agent={agent} />);
    const bio = screen.getByLabelText('Bio') as HTMLTextAreaElement;
    expect(screen.getByText('0 / 2,000')).toBeTruthy();

    fireEvent.change(bio, { target: { value: 'a'.repeat(2001) } });

    expect(bio.value).toHaveLength(2001);
    expect(screen.getByText('2,001 / 2,000')).toBeTruthy();
    expect(screen.getByText('Bio must be at most 2,000 characters (it has 2,001)')).toBeTruthy();
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the name only near its limit', () => {
    renderWithProviders(<ProfileDetailsForm agent={agent} />);
    expect(screen.queryByText(/ \/ 120$/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'n'.repeat(121) } });
    expect(screen.getByText('121 / 120')).toBeTruthy();
    expect(screen.getByText('Full name must be at most 120 characters (it has 121)')).toBeTruthy();
  });
});
