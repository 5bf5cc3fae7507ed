// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RootLayout } from '../../app/RootLayout.tsx';
import { renderRoutes } from '../../test/renderWithProviders.tsx';
import { showToast } from './toast.ts';

describe('toasts', () => {
  it('loads the toast container with the first toast and shows it', async () => {
    const { user } = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            {
              path: '/',
              element: (
                <button type="button" onClick={() => showToast('success', 'Profile saved')}>
                  Save
                </button>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    expect(document.querySelector('.Toastify')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
  });
});
