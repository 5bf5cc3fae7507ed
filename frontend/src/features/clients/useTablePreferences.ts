import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type ColumnPreference, normalizeColumnPreferences } from '#contracts/client-values';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import { useGetClientTablePreferencesQuery, useUpdateClientTablePreferencesMutation } from './api.ts';
import { tablePreferencesChanged } from './clientsSlice.ts';
import { selectClientTablePreferences } from './selectors.ts';

/** How long the table waits after the last column change before saving (dragging a width is many changes). */
export const SAVE_DELAY_MS = 600;

const DEFAULT_COLUMNS = normalizeColumnPreferences(undefined);

/**
 * The agent's client-table columns: read from GET /api/client-table-preferences/{id} (the API cache),
 * changed in the clients slice at once, and saved with PUT /api/update-client-table-preferences/{id} a
 * moment after the last change (and right away when the page is left or hidden, so a reload never loses
 * a change).
 */
export function useTablePreferences() {
  const agentId = useAppSelector(selectAgentId) ?? '';
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const query = useGetClientTablePreferencesQuery(agentId, { skip: !agentId });
  const saved = useAppSelector(selectClientTablePreferences);
  const [save] = useUpdateClientTablePreferencesMutation();
  const pending = useRef<ColumnPreference[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(
    (options: { keepalive?: boolean } = {}) => {
      clearTimeout(timer.current);
      const columnPreferences = pending.current;
      pending.current = null;
      if (!columnPreferences || !agentId) return;
      if (options.keepalive) {
        // the page is going away: a keepalive request outlives it (RTK Query's would be cancelled)
        const token = store.getState().auth.token;
        void fetch(`/api/update-client-table-preferences/${encodeURIComponent(agentId)}`, {
          method: 'PUT',
          keepalive: true,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ columnPreferences }),
        }).catch(() => undefined);
        return;
      }
      void save({ agentId, columnPreferences })
        .unwrap()
        .catch(() =>
          showToast('error', 'Your column settings could not be saved. They apply until you reload.'),
        );
    },
    [agentId, save, store],
  );

  useEffect(() => {
    const onHide = () => flush({ keepalive: true });
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);

  const columns = saved ?? DEFAULT_COLUMNS;

  const setColumns = useCallback(
    (next: ColumnPreference[]) => {
      const normalized = normalizeColumnPreferences(next);
      dispatch(tablePreferencesChanged(normalized));
      pending.current = normalized;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(), SAVE_DELAY_MS);
    },
    [dispatch, flush],
  );

  return useMemo(
    () => ({
      columns,
      setColumns,
      resetColumns: () => setColumns(DEFAULT_COLUMNS),
      // the table waits for the saved columns (or their failure) so it never jumps after the first paint
      ready: saved !== null || query.isError || !agentId,
    }),
    [columns, setColumns, saved, query.isError, agentId],
  );
}
