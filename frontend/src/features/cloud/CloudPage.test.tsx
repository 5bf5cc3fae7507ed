// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#contracts/plans';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders.tsx';
import { CloudPage } from './CloudPage.tsx';
import type { CloudItem } from './types.ts';

const file = (overrides: Partial<CloudItem> = {}): CloudItem => ({
  id: 'f1',
  name: 'report.pdf',
  type: 'file',
  is_folder: false,
  mime_type: 'application/pdf',
  parent_folder_id: null,
  size: 2048,
  created_at: new Date().toISOString(),
  shared_with: [],
  metadata: {},
  agent_id: 'me',
  upload_status: 'complete',
  ...overrides,
});

type Route = (request: Request) => { status: number; body: unknown } | undefined;

function stubApi(route: Route) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      calls.push(`${input.method} ${url.pathname}${url.search}`);
      const answer =
        route(input) ??
        (url.pathname === '/cloud/storage-summary'
          ? {
              status: 200,
              body: {
                usageBytes: 2048,
                usageGB: 0,
                limitBytes: 1073741824,
                limitGB: 1,
                percentUsed: 0,
                tier: 'Superagent',
              },
            }
          : { status: 200, body: { items: [] } });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const render = (role: Role = 'Superagent', route = '/cloud') =>
  renderWithProviders(<CloudPage />, {
    route,
    store: signedInStore({
      agent_id: 'me',
      full_name: 'Amir Haddad',
      email: 'amir@estatenet.local',
      role,
      reputation_points: 0,
      property_count: 0,
      verified_deals: 0,
      connections: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    }),
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CloudPage', () => {
  it('shows recent files grouped by date, with size and the tier label', async () => {
    stubApi((request) =>
      request.url.includes('/cloud/files') ? { status: 200, body: { items: [file()] } } : undefined,
    );

    render();

    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('listitem', { name: 'report.pdf' })).toBeTruthy();
    expect(within(today).getByText(/2 KB/)).toBeTruthy();
    expect((await screen.findByTestId('storage-tier')).textContent).toBe('Superagent');
  });

  it('names the plan by its label and the storage in readable sizes in the storage-limit modal', async () => {
    stubApi((request) =>
      request.url.includes('/cloud/storage-summary')
        ? {
            status: 200,
            body: {
              usageBytes: 990_000_000,
              usageGB: 0.92,
              limitBytes: 1_073_741_824,
              limitGB: 1,
              percentUsed: 92.2,
              tier: 'Superagent',
            },
          }
        : undefined,
    );

    render('Superagent');

    const modal = await screen.findByRole('dialog', { name: 'Your storage is almost full' });
    expect(
      within(modal).getByText(
        'You have used 92% of the storage on your Free Plan (944.14 MB of 1 GB). Free up space or upgrade for more.',
      ),
    ).toBeTruthy();
    expect(modal.textContent).not.toMatch(/Superagent|990,000,000|1,073,741,824/);
    expect(screen.getByTestId('storage-usage').textContent).toBe('944.14 MB of 1 GB used (92.2%)');
  });

  it('falls back to a local copy with the copy warning when the server copy fails', async () => {
    stubApi((request) => {
      if (request.url.endsWith('/duplicate')) return { status: 500, body: { error: 'Internal error' } };
      if (request.url.includes('/cloud/files')) return { status: 200, body: { items: [file()] } };
      return undefined;
    });
    const { user } = render();

    await user.click(await screen.findByRole('button', { name: 'Actions for report.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make a copy' }));

    expect(await screen.findByText('Server error during copy. Creating a local copy instead.')).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Copy of report.pdf' })).toBeTruthy();
    expect(screen.getByText('Local copy')).toBeTruthy();
  });

  it('warns "Restored N files, but M files failed" after a partial restore', async () => {
    const folder = file({
      id: 't1',
      name: 'Old deals',
      type: 'folder',
      is_folder: true,
      mime_type: undefined,
      deleted_at: new Date().toISOString(),
      expiry_date: new Date().toISOString(),
    });
    stubApi((request) => {
      if (request.url.endsWith('/restore'))
        return { status: 200, body: { restored: 3, failed: 2, items: [] } };
      if (request.url.includes('/cloud/trash')) return { status: 200, body: { items: [folder] } };
      return undefined;
    });
    const { user } = render();
    await user.click(screen.getByRole('button', { name: 'Trash' }));
    const deleted = await screen.findByRole('region', { name: 'Recently Deleted' });
    expect(within(deleted).getByRole('listitem', { name: 'Old deals' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Old deals' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restore' }));

    expect(await screen.findByText('Restored 3 files, but 2 files failed')).toBeTruthy();
  });

  it('fills the listing error slot with the spec fallback, and clears it', async () => {
    stubApi((request) =>
      request.url.includes('/cloud/files') ? { status: 500, body: { error: 'Internal error' } } : undefined,
    );
    const { user } = render();

    expect((await screen.findByTestId('cloud-error-files')).textContent).toBe('Failed to fetch files');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('cloud-error-files')).toBeNull();
  });

  it('searches every folder on the server and opens the folder a result is in', async () => {
    const deed = file({ id: 'd1', name: 'Harbor-deed.pdf', parent_folder_id: 'harbor' });
    const path = [
      { id: 'listings', name: 'Listings' },
      { id: 'harbor', name: 'Harbor' },
    ];
    const calls = stubApi((request) => {
      const url = new URL(request.url);
      if (url.searchParams.get('search') === 'deed')
        return { status: 200, body: { items: [{ ...deed, folder_path: path }] } };
      if (url.searchParams.get('search')) return { status: 200, body: { items: [] } };
      if (url.searchParams.get('folderId') === 'harbor')
        return { status: 200, body: { items: [deed], path } };
      return undefined;
    });
    const { user } = render('Superagent', '/cloud?view=files');

    await user.type(screen.getByRole('textbox', { name: 'Search all your files' }), 'deed');

    const results = await screen.findByRole('region', { name: 'Search results' });
    const result = within(results).getByRole('listitem', { name: 'Harbor-deed.pdf' });
    const where = within(result).getByRole('navigation', { name: 'Where Harbor-deed.pdf is' });
    expect(
      within(where)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['My files', 'Listings', 'Harbor']);
    expect(calls).toContain('GET /cloud/files?search=deed');
    // one request once typing paused, not one per letter
    expect(calls.filter((call) => call.includes('search=')).length).toBe(1);

    await user.click(within(where).getByRole('button', { name: 'Harbor' }));

    const crumbs = await screen.findByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('button', { name: 'Harbor' }).getAttribute('aria-current')).toBe(
      'location',
    );
    expect(within(crumbs).getByRole('button', { name: 'Listings' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Search all your files' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(await screen.findByRole('listitem', { name: 'Harbor-deed.pdf' })).toBeTruthy();
    expect(calls).toContain('GET /cloud/files?folderId=harbor');
  });

  it('says so when no file matches the search', async () => {
    stubApi((request) =>
      new URL(request.url).searchParams.get('search') ? { status: 200, body: { items: [] } } : undefined,
    );
    const { user } = render();

    await user.type(screen.getByRole('textbox', { name: 'Search all your files' }), 'zzz');

    expect(await screen.findByRole('heading', { name: 'No files match “zzz”' })).toBeTruthy();
  });

  it('opens the folder in its address with the breadcrumb the server sends', async () => {
    const calls = stubApi((request) =>
      new URL(request.url).searchParams.get('folderId') === 'c'
        ? {
            status: 200,
            body: {
              items: [file({ parent_folder_id: 'c' })],
              path: [
                { id: 'a', name: 'Listings' },
                { id: 'b', name: 'Harbor View' },
                { id: 'c', name: '2026' },
              ],
            },
          }
        : undefined,
    );
    const { user } = render('Superagent', '/cloud?folder=c');

    const crumbs = await screen.findByRole('navigation', { name: 'Folder path' });
    await within(crumbs).findByRole('button', { name: '2026' });
    expect(
      within(crumbs)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter(Boolean),
    ).toEqual(['My files', 'Listings', 'Harbor View', '2026']);
    expect(calls.filter((call) => call.startsWith('GET /cloud/files'))).toEqual([
      'GET /cloud/files?folderId=c',
    ]);

    await user.click(screen.getByRole('button', { name: 'Up one level' }));

    expect(await within(crumbs).findByRole('button', { name: 'Harbor View' })).toBeTruthy();
    expect(within(crumbs).queryByRole('button', { name: '2026' })).toBeNull();
  });

  it('says plainly that a folder in the address cannot be opened, and leads back to My files', async () => {
    const calls = stubApi((request) =>
      new URL(request.url).searchParams.get('folderId') === 'not-mine'
        ? { status: 404, body: { error: 'Item not found' } }
        : undefined,
    );
    const { user } = render('Superagent', '/cloud?folder=not-mine');

    expect(await screen.findByRole('heading', { name: 'This folder can’t be opened' })).toBeTruthy();
    expect(screen.queryByTestId('cloud-error-folderContents')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to My files' }));

    expect(await screen.findByRole('heading', { name: 'No files yet' })).toBeTruthy();
    expect(calls).toContain('GET /cloud/files');
  });

  it('filters the trash by name in place, without a search across folders', async () => {
    const trashed = (id: string, name: string) =>
      file({ id, name, deleted_at: new Date().toISOString(), expiry_date: new Date().toISOString() });
    const calls = stubApi((request) =>
      request.url.includes('/cloud/trash')
        ? { status: 200, body: { items: [trashed('t1', 'old-lease.pdf'), trashed('t2', 'photo.jpg')] } }
        : undefined,
    );
    const { user } = render('Superagent', '/cloud?view=trash');
    const deleted = await screen.findByRole('region', { name: 'Recently Deleted' });

    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'LEASE');

    expect(within(deleted).getByRole('listitem', { name: 'old-lease.pdf' })).toBeTruthy();
    expect(within(deleted).queryByRole('listitem', { name: 'photo.jpg' })).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Search by name' }));
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No files match “zzz”' })).toBeTruthy();
    expect(calls.some((call) => call.includes('search='))).toBe(false);
  });
});
