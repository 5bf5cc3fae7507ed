import clsx from 'clsx';
import { CheckCircle2, CircleAlert, Loader2, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { cloudActions, selectCloud } from './cloudSlice.ts';
import { formatSize } from './format.ts';
import { cancelUpload } from './uploads.ts';

/** Per-file progress of the uploads, with cancel for each and clear for all (spec §4). */
export function UploadPanel() {
  const dispatch = useAppDispatch();
  const { uploads, uploading } = useAppSelector(selectCloud);
  if (uploads.length === 0) return null;
  const done = uploads.filter((upload) => upload.status === 'completed').length;
  return (
    <section
      aria-label="Uploads"
      aria-busy={uploading || undefined}
      className="fixed right-4 bottom-24 z-30 w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/15 lg:bottom-6"
    >
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">
          {uploading ? 'Uploading…' : 'Uploads'}{' '}
          <span className="font-normal text-slate-500">
            {done} of {uploads.length} done
          </span>
        </p>
        <button
          type="button"
          className="rounded-lg px-2 py-1 text-sm font-semibold text-slate-600 hover:bg-slate-100"
          onClick={() => dispatch(cloudActions.uploadsCleared())}
        >
          Clear
        </button>
      </header>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
        {uploads.map((upload) => (
          <li key={upload.id} aria-label={upload.name} className="px-4 py-3">
            <div className="flex items-center gap-3">
              {upload.status === 'completed' ? (
                <CheckCircle2 className="size-4.5 shrink-0 text-emerald-600" aria-hidden="true" />
              ) : upload.status === 'error' ? (
                <CircleAlert className="size-4.5 shrink-0 text-red-600" aria-hidden="true" />
              ) : (
                <Loader2 className="size-4.5 shrink-0 animate-spin text-brand-2" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-800">{upload.name}</p>
                <p className="text-xs text-slate-500">
                  {formatSize(upload.size)} ·{' '}
                  {upload.status === 'completed'
                    ? 'Uploaded'
                    : upload.status === 'error'
                      ? 'Failed'
                      : `${upload.progress}%`}
                </p>
              </div>
              {(upload.status === 'uploading' || upload.status === 'queued') && (
                <button
                  type="button"
                  aria-label={`Cancel upload of ${upload.name}`}
                  className="inline-flex size-8 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                  onClick={() => cancelUpload(dispatch, upload.id)}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
            </div>
            {upload.status !== 'error' && (
              <div
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
                role="progressbar"
                aria-label={`Upload of ${upload.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.progress}
              >
                <div
                  className={clsx(
                    'h-full rounded-full transition-[width]',
                    upload.status === 'completed' ? 'bg-emerald-500' : 'bg-brand-2',
                  )}
                  style={{ width: `${upload.progress}%` }}
                />
              </div>
            )}
            {upload.error && (
              <p role="alert" className="mt-1.5 text-xs text-red-700">
                {upload.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
