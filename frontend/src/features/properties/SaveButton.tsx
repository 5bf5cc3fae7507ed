import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { SAVED_PROPERTIES_PROBE } from '../../app/apiPaths.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useSavedPropertiesQuery, useSavePropertyMutation, useUnsavePropertyMutation } from './api.ts';
import { selectSavedIds } from './savedSelectors.ts';

/** Save / Saved toggle for one property (spec §4: saving adds the id only if absent; unsaving removes it). */
export function SaveButton({
  propertyId,
  title,
  variant = 'icon',
}: {
  propertyId: string;
  title: string;
  variant?: 'icon' | 'full';
}) {
  // every button shares this one request: it fills the saved state (the ids) once per screen
  useSavedPropertiesQuery(SAVED_PROPERTIES_PROBE);
  const saved = useAppSelector(selectSavedIds).includes(propertyId);
  const [save, saving] = useSavePropertyMutation();
  const [unsave, unsaving] = useUnsavePropertyMutation();
  const busy = saving.isLoading || unsaving.isLoading;

  const toggle = async () => {
    if (busy) return;
    const result = saved ? await unsave(propertyId) : await save(propertyId);
    if ('error' in result) {
      showToast('error', apiErrorMessage(result.error, 'The saved properties could not be changed.'));
    }
  };

  const label = saved ? `Unsave ${title}` : `Save ${title}`;
  if (variant === 'full') {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-pressed={saved}
        aria-label={label}
        aria-busy={busy || undefined}
        className={clsx(
          'inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1',
          saved
            ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        )}
      >
        <Heart className={clsx('size-4', saved && 'fill-current')} aria-hidden="true" />
        {saved ? 'Saved' : 'Save'}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={label}
      title={saved ? 'Saved' : 'Save'}
      aria-busy={busy || undefined}
      className={clsx(
        'inline-flex size-9 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-slate-900/10 transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1',
        saved ? 'text-rose-600' : 'text-slate-600 hover:text-rose-600',
      )}
    >
      <Heart className={clsx('size-4.5', saved && 'fill-current')} aria-hidden="true" />
    </button>
  );
}
