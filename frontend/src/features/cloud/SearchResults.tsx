import { ChevronRight, Search, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { type ItemAction, ItemMenu } from './CloudItems.tsx';
import type { FolderCrumb } from './cloudSlice.ts';
import { formatItemDate, formatSize } from './format.ts';
import { ItemIcon } from './ItemIcon.tsx';
import type { CloudItem, CloudSearchResult, CloudView } from './types.ts';

interface SearchResultsProps {
  /** the text searched for, as typed */
  text: string;
  results: CloudSearchResult[] | undefined;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  view: CloudView;
  ownId: string;
  onLoadMore: () => void;
  onRetry: () => void;
  onOpen: (item: CloudItem) => void;
  /** open a folder a result is in, by its path from the root (empty = the root) */
  onOpenFolder: (path: FolderCrumb[]) => void;
  onAction: (action: ItemAction, item: CloudItem) => void;
}

/**
 * The files of every folder whose name matches the search (the server's search, not the open folder's
 * list), each with where it is: its folders from My files down, each a way to open that folder.
 */
export function SearchResults({ text, results, failed, ...props }: SearchResultsProps) {
  if (failed && !results) {
    return (
      <EmptyState
        icon={<XCircle />}
        title="We couldn't search your files"
        description="Check your connection and try again."
        action={<Button onClick={props.onRetry}>Try again</Button>}
      />
    );
  }
  if (!results) {
    return (
      <div role="status" aria-label="Searching all folders" className="space-y-2">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="h-16 animate-pulse rounded-2xl border border-slate-200 bg-white" />
        ))}
      </div>
    );
  }
  if (results.length === 0 && !props.hasMore) {
    return (
      <EmptyState
        icon={<Search />}
        title={`No files match “${text}”`}
        description="Search looks through the names of your files in every folder. Files in the trash are not searched."
      />
    );
  }
  return (
    <section aria-label="Search results" className="space-y-3">
      {results.length > 0 && (
        <>
          <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
            {results.length === 1 ? '1 file' : `${results.length}${props.hasMore ? '+' : ''} files`} in all
            folders
          </h2>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-xs">
            {results.map((item) => (
              <ResultRow key={item.id} item={item} {...props} />
            ))}
          </ul>
        </>
      )}
      {props.hasMore && (
        <div className="flex flex-col items-center gap-2">
          {results.length === 0 && (
            <p className="text-sm text-slate-600">No matches among your newest files yet.</p>
          )}
          <Button variant="secondary" loading={props.loadingMore} onClick={props.onLoadMore}>
            Search older files
          </Button>
        </div>
      )}
    </section>
  );
}

function ResultRow({
  item,
  view,
  ownId,
  onOpen,
  onOpenFolder,
  onAction,
}: Pick<SearchResultsProps, 'view' | 'ownId' | 'onOpen' | 'onOpenFolder' | 'onAction'> & {
  item: CloudSearchResult;
}) {
  const crumbs = [{ id: '', name: 'My files' }, ...item.folder_path];
  return (
    <li
      aria-label={item.name}
      data-testid="cloud-search-result"
      className="flex items-center gap-3 px-3 py-2.5 sm:px-4"
    >
      <ItemIcon item={item} className="size-9 shrink-0" />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => onOpen(item)}
          className="block max-w-full truncate text-left text-sm font-semibold text-slate-900 hover:underline"
        >
          {item.name}
        </button>
        <nav aria-label={`Where ${item.name} is`} className="mt-0.5 min-w-0">
          <ol className="flex flex-wrap items-center gap-0.5 text-xs text-slate-600">
            {crumbs.map((crumb, index) => (
              <li key={crumb.id || 'root'} className="flex min-w-0 items-center gap-0.5">
                {index > 0 && <ChevronRight className="size-3 shrink-0 text-slate-400" aria-hidden="true" />}
                <button
                  type="button"
                  onClick={() => onOpenFolder(item.folder_path.slice(0, index))}
                  className="max-w-48 truncate rounded px-1 py-0.5 hover:bg-slate-100 hover:text-slate-900"
                >
                  {crumb.name}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </div>
      <span className="hidden w-24 shrink-0 text-right text-sm text-slate-600 sm:block">
        {formatSize(item.size)}
      </span>
      <span className="hidden w-40 shrink-0 truncate text-sm text-slate-600 md:block">
        {formatItemDate(item.created_at)}
      </span>
      <ItemMenu item={item} view={view} ownId={ownId} onAction={onAction} />
    </li>
  );
}
