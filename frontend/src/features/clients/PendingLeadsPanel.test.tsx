// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingLeadView } from '#contracts/schemas/pending-leads';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders.tsx';
import type { Agent } from '../agents/types.ts';
import { PendingLeadsPanel } from './PendingLeadsPanel.tsx';

afterEach(() => vi.unstubAllGlobals());

const lead = (name: string, overrides: Partial<PendingLeadView> = {}): PendingLeadView => ({
  lead_id: `lead-${name}`,
  website_id: 'w-1',
  website_name: 'Harbor Homes',
  full_name: name,
  email: `${name.toLowerCase()}@example.com`,
  message: 'Is it still available?',
  page: '/contact',
  reason: 'clients_limit',
  received_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2027-01-19T10:00:00.000Z',
  ...overrides,
});

/** The API as the panel reads it: the waiting leads and the clients usage. */
function stubApi(leads: PendingLeadView[] | 'error', usage: { current: number; maximum: number | null }) {
  const fetchMock = vi.fn(async (request: Request) => {
    const { pathname } = new URL(request.url);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (pathname === '/api/pending-leads') {
      return leads === 'error' ? json(500, { error: 'Internal error' }) : json(200, { items: leads });
    }
    if (pathname === '/api/feature-limits/clients') {
      return json(200, { feature: 'clients', isAtLimit: usage.current === usage.maximum, ...usage });
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel(role: 'Superagent' | 'Agent') {
  return renderWithProviders(<PendingLeadsPanel />, {
    store: signedInStore({ agent_id: 'a1', role, full_name: 'Fiona Free' } as Agent),
  });
}

describe('PendingLeadsPanel', () => {
  it('says the leads wait because of the plan’s limit, offers the upgrade, and keeps Add off', async () => {
    stubApi([lead('Paulo'), lead('Ines', { reason: 'queued' })], { current: 25, maximum: 25 });
    renderPanel('Superagent');

    expect(
      await screen.findByRole('heading', { name: "2 leads waiting — you're at your plan's client limit" }),
    ).toBeDefined();
    expect(
      screen.getByText(/become clients while you're under your plan's limit of 25 clients/),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe(
      '/agents/upgrade?reason=limit',
    );
    expect((screen.getByRole('button', { name: 'Add Paulo to clients' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: /Add all/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss all' })).toBeDefined();
  });

  it('offers to add as many as there is room for when the book has room', async () => {
    stubApi([lead('Paulo'), lead('Ines'), lead('Rui')], { current: 23, maximum: 25 });
    renderPanel('Superagent');

    expect(await screen.findByRole('heading', { name: '3 leads from your website waiting' })).toBeDefined();
    expect(await screen.findByText(/You have room for 2 more clients\./)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add 2 leads to clients' })).toBeDefined();
    expect((screen.getByRole('button', { name: 'Add Paulo to clients' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows nothing without waiting leads, and a way to try again when they cannot be loaded', async () => {
    const fetchMock = stubApi([], { current: 3, maximum: 25 });
    const { container, unmount } = renderPanel('Superagent');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    unmount();

    stubApi('error', { current: 3, maximum: 25 });
    renderPanel('Superagent');
    expect(await screen.findByText('The leads waiting from your website could not be loaded.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
