import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from './listing.ts';

/** Page navigation (spec §3 toPage / totalPages): previous, numbered pages around the current one, next. */
export function Pagination({
  page,
  totalPages,
  more = false,
  onPage,
  className,
}: {
  page: number;
  totalPages: number;
  /** the total is a lower bound: more pages may follow the last number shown */
  more?: boolean;
  onPage: (page: number) => void;
  className?: string;
}) {
  const last = Math.max(totalPages, page);
  const button =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1 disabled:pointer-events-none disabled:opacity-40';
  return (
    <nav aria-label="Pages" className={clsx('flex flex-wrap items-center justify-center gap-1', className)}>
      <button
        type="button"
        className={clsx(button, 'text-slate-700 hover:bg-slate-100')}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      {pageWindow(page, last).map((entry, index) =>
        entry === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
          <span key={`gap-${index}`} className="px-1 text-slate-400" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={entry}
            type="button"
            onClick={() => onPage(entry)}
            aria-current={entry === page ? 'page' : undefined}
            aria-label={`Page ${entry}`}
            className={clsx(
              button,
              entry === page ? 'bg-brand-2 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {entry}
          </button>
        ),
      )}
      {more && (
        <span className="px-1 text-slate-400" aria-hidden="true">
          …
        </span>
      )}
      <button
        type="button"
        className={clsx(button, 'text-slate-700 hover:bg-slate-100')}
        onClick={() => onPage(page + 1)}
        disabled={page >= last && !more}
        aria-label="Next page"
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
      <span className="sr-only" aria-live="polite">
        Page {page} of {last}
        {more ? ' or more' : ''}
      </span>
    </nav>
  );
}
