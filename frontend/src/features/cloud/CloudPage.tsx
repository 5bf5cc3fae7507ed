import clsx from 'clsx';
import {
  ArrowUp,
  ChevronRight,
  Clock,
  CloudUpload,
  Download,
  FolderInput,
  FolderPlus,
  FolderX,
  HardDrive,
  LayoutGrid,
  List,
  RotateCcw,
  Search,
  Share2,
  Trash2,
  X,
  XCircle,
} from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { STORAGE_WARNING_PERCENT } from '#contracts/plans';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { selectAgentData } from '../agents/selectors.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import { readApiError } from '../errors/apiError.ts';
import { planName } from '../shell/roles.ts';
import {
  useCloudDownloadLinkMutation,
  useCloudFilesInfiniteQuery,
  useCloudSearchInfiniteQuery,
  useCloudSharedInfiniteQuery,
  useCloudTrashInfiniteQuery,
  useCreateFolderMutation,
  useDeleteCloudItemPermanentlyMutation,
  useDuplicateCloudItemMutation,
  useEmptyTrashMutation,
  useRestoreCloudItemMutation,
  useShareCloudItemMutation,
  useStorageSummaryQuery,
  useTrashCloudItemMutation,
  useUpdateCloudItemMutation,
} from './api.ts';
import { CloudItems, ITEM_DRAG_TYPE, type ItemAction } from './CloudItems.tsx';
import {
  CLOUD_FALLBACKS,
  type CloudOperation,
  COPY_WARNING,
  cloudActions,
  type FolderCrumb,
  restoreWarning,
  selectCloud,
  WARNING_MS,
  type WarningKind,
} from './cloudSlice.ts';
import { ConfirmDialog, MoveDialog, NameDialog, ShareDialog } from './dialogs.tsx';
import { formatSize, type Group, groupByDate, groupShared, TRASH_GROUP } from './format.ts';
import { cloudLocationSearch, parseCloudLocation } from './location.ts';
import { PreviewModal } from './PreviewModal.tsx';
import { SearchResults } from './SearchResults.tsx';
import { StorageMeter } from './StorageMeter.tsx';
import type { CloudItem, CloudView, StorageSummary } from './types.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { uploadFiles } from './uploads.ts';

const VIEWS: Array<{ view: CloudView; label: string; icon: typeof Clock }> = [
  { view: 'recent', label: 'Recents', icon: Clock },
  { view: 'folder', label: 'My files', icon: HardDrive },
  { view: 'shared', label: 'Shared', icon: Share2 },
  { view: 'trash', label: 'Trash', icon: Trash2 },
];

/** The search asks the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

const sameCrumbs = (a: readonly FolderCrumb[], b: readonly FolderCrumb[]) =>
  a.length === b.length &&
  a.every((crumb, index) => crumb.id === b[index]!.id && crumb.name === b[index]!.name);

const serverMessage = (error: unknown): string | undefined => readApiError(error).message;

/** The cloud file store (spec §2 /cloud): recents, folders, shared, trash, uploads and storage. */
export function CloudPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const cloud = useAppSelector(selectCloud);
  const storageWarned = cloud.storageWarned;
  const ownId = useAppSelector(selectAgentId) ?? '';
  const role = useAppSelector(selectAgentData)?.role;
  const store = useAppStore();
  const storage = useStorageSummaryQuery();

  // the address says which view and folder are open (reload, back/forward, shared links); the slice follows
  const [params, setParams] = useSearchParams();
  const { view, folderId: currentFolder } = parseCloudLocation(params);
  const { folderPath } = cloud;
  useEffect(() => {
    const state = selectCloud(store.getState());
    if (state.currentView !== view || state.currentFolder !== currentFolder)
      dispatch(cloudActions.locationChanged({ view, folderId: currentFolder }));
  }, [view, currentFolder, dispatch, store]);
  /** A navigation (spec §4's rules, in the slice), then where it led into the address: a new history entry. */
  const go = (action: Parameters<typeof dispatch>[0]) => {
    dispatch(action);
    const next = selectCloud(store.getState());
    const search = cloudLocationSearch({ view: next.currentView, folderId: next.currentFolder });
    if (search !== params.toString()) setParams(search);
  };

  // the listing of what is on screen: one query per kind, the others skipped
  const inFolder = currentFolder !== null;
  const filesQuery = useCloudFilesInfiniteQuery(
    inFolder
      ? { view: 'folder', folderId: currentFolder }
      : { view: view === 'recent' ? 'recent' : 'folder', folderId: null },
    { skip: !inFolder && (view === 'shared' || view === 'trash') },
  );
  const sharedQuery = useCloudSharedInfiniteQuery(undefined, { skip: inFolder || view !== 'shared' });
  const trashQuery = useCloudTrashInfiniteQuery(undefined, { skip: view !== 'trash' });
  const listing = view === 'trash' ? trashQuery : !inFolder && view === 'shared' ? sharedQuery : filesQuery;
  const items = useMemo(() => listing.data?.pages.flatMap((page) => page.items) ?? [], [listing.data]);
  // an unknown folder, another agent's, or one deleted meanwhile: said plainly, with a way back
  const folderMissing = inFolder && filesQuery.isError && statusOf(filesQuery.error) === 404;

  // after a reload or a jump the screen knows the folder, not its path: the server's page brings it
  const serverPath = inFolder ? filesQuery.currentData?.pages[0]?.path : undefined;
  useEffect(() => {
    if (!serverPath || serverPath.at(-1)?.id !== currentFolder) return;
    const known = folderPath.at(-1)?.id === currentFolder;
    const renamed =
      known &&
      serverPath.length === folderPath.length &&
      serverPath.every((crumb, index) => crumb.id === folderPath[index]!.id) &&
      !sameCrumbs(serverPath, folderPath);
    if (!known || renamed) dispatch(cloudActions.folderPathLoaded(serverPath));
  }, [serverPath, currentFolder, folderPath, dispatch]);

  // search: My files and Recents ask the server for files in every folder; Shared and Trash filter their list
  const searchesEverywhere = view === 'recent' || view === 'folder';
  const typed = cloud.searchQuery.trim();
  const [searchText, setSearchText] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSearchText(typed), typed ? SEARCH_PAUSE_MS : 0);
    return () => clearTimeout(timer);
  }, [typed]);
  const searching = searchesEverywhere && typed !== '' && searchText !== '';
  const search = useCloudSearchInfiniteQuery(searchText, { skip: !searching });
  const results = useMemo(
    () => search.currentData?.pages.flatMap((page) => page.items),
    [search.currentData],
  );

  const [createFolder, creating] = useCreateFolderMutation();
  const [updateItem, updating] = useUpdateCloudItemMutation();
  const [trashItem, trashing] = useTrashCloudItemMutation();
  const [restoreItem, restoring] = useRestoreCloudItemMutation();
  const [deleteForever, deletingForever] = useDeleteCloudItemPermanentlyMutation();
  const [emptyTrash, emptying] = useEmptyTrashMutation();
  const [duplicateItem] = useDuplicateCloudItemMutation();
  const [shareItem, sharing] = useShareCloudItemMutation();
  const [downloadLink] = useCloudDownloadLinkMutation();

  const [naming, setNaming] = useState<{ kind: 'create' } | { kind: 'rename'; item: CloudItem } | null>(null);
  const [moving, setMoving] = useState<CloudItem[]>([]);
  const [shareTarget, setShareTarget] = useState<CloudItem | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'empty' } | { kind: 'forever'; items: CloudItem[] } | null>(
    null,
  );
  const [draggingFiles, setDraggingFiles] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const fail = (operation: CloudOperation, message: string) =>
    dispatch(cloudActions.errorSet({ operation, message }));

  // listing failures go to their operation's error slot (spec §8)
  const listingFailed = listing.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reports each failure once
  useEffect(() => {
    if (!listingFailed || folderMissing) return;
    if (view === 'trash') fail('trash', CLOUD_FALLBACKS.deleted);
    else if (view === 'shared' && !inFolder) fail('share', CLOUD_FALLBACKS.shared);
    else if (inFolder) fail('folderContents', CLOUD_FALLBACKS.folderContents);
    else fail('files', CLOUD_FALLBACKS.files);
  }, [listingFailed, folderMissing, view, inFolder]);

  // warnings clear themselves after their time (spec §9: restore 5 s, copy 3 s)
  useEffect(() => {
    const timers = (Object.keys(cloud.warnings) as WarningKind[]).map((kind) =>
      setTimeout(() => dispatch(cloudActions.warningCleared(kind)), WARNING_MS[kind]),
    );
    return () => timers.forEach(clearTimeout);
  }, [cloud.warnings, dispatch]);

  const percentUsed = storage.data?.percentUsed ?? 0;
  useEffect(() => {
    // spec §4: the storage-limit modal opens at 80 %, once per visit (so dismissing it sticks)
    if (percentUsed >= STORAGE_WARNING_PERCENT && !storageWarned)
      dispatch(cloudActions.storageModalChanged(true));
  }, [percentUsed, storageWarned, dispatch]);

  // what the screen shows: local copies of the current folder, filtered by name in Shared and Trash, then
  // the spec's groups
  const query = searchesEverywhere ? '' : typed.toLowerCase();
  const shown = useMemo(() => {
    const local =
      view === 'trash' || view === 'shared'
        ? []
        : cloud.localCopies.filter((copy) => copy.parent_folder_id === currentFolder);
    const all = [...local, ...items].filter((item) => !query || item.name.toLowerCase().includes(query));
    return all.sort((a, b) => Number(b.is_folder) - Number(a.is_folder));
  }, [items, cloud.localCopies, currentFolder, view, query]);
  const groups: Group<CloudItem>[] =
    view === 'trash'
      ? shown.length
        ? [{ label: TRASH_GROUP, items: shown }]
        : []
      : view === 'shared' && !inFolder
        ? groupShared(shown, ownId)
        : groupByDate(shown);

  const selected = new Set(cloud.selectedFiles);
  const selectedItems = searching ? [] : shown.filter((item) => selected.has(item.id));
  const canWrite =
    view !== 'trash' && (view !== 'shared' || (inFolder && items.every((item) => item.agent_id === ownId)));
  const uploadTarget = view === 'recent' || view === 'folder' ? currentFolder : null;
  const canUpload = view === 'recent' || view === 'folder';

  const startUploads = (files: File[]) => {
    if (files.length === 0) return;
    dispatch(cloudActions.errorCleared('upload'));
    void uploadFiles(dispatch, files, uploadTarget);
  };

  const open = (item: CloudItem) => {
    if (item.is_folder) go(cloudActions.folderOpened({ id: item.id, name: item.name }));
    else dispatch(cloudActions.previewOpened(item));
  };

  const download = async (item: CloudItem) => {
    dispatch(cloudActions.errorCleared('download'));
    const result = await downloadLink(item.id);
    if ('error' in result) {
      const reason = serverMessage(result.error) ?? CLOUD_FALLBACKS.download;
      return fail('download', `Error downloading file: ${reason}`);
    }
    const anchor = document.createElement('a');
    anchor.href = result.data.url;
    anchor.download = result.data.name;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  };

  const duplicate = async (item: CloudItem) => {
    const result = await duplicateItem(item.id);
    if ('error' in result) {
      // spec §4: a failed server copy falls back to a local copy, with the copy warning for 3 s
      const now = new Date().toISOString();
      dispatch(
        cloudActions.localCopyAdded({
          ...item,
          id: `local-${item.id}-${Date.now()}`,
          file_id: undefined,
          name: `Copy of ${item.name}`,
          created_at: now,
          updated_at: now,
          shared_with: [],
          metadata: { local: true },
          agent_id: ownId,
        }),
      );
      dispatch(cloudActions.warningShown({ kind: 'copy', message: COPY_WARNING }));
    }
  };

  const moveTo = async (targets: CloudItem[], folderId: string | null) => {
    dispatch(cloudActions.errorCleared('move'));
    const results = await Promise.all(
      targets
        .filter((item) => item.id !== folderId)
        .map((item) => updateItem({ id: item.id, parent_folder_id: folderId })),
    );
    if (results.some((result) => 'error' in result)) fail('move', CLOUD_FALLBACKS.move);
    dispatch(cloudActions.selectionSet([]));
    setMoving([]);
  };

  const remove = async (targets: CloudItem[]) => {
    dispatch(cloudActions.errorCleared('delete'));
    const results = await Promise.all(
      targets.map((item) => trashItem({ id: item.id, metadata: { from: view } })),
    );
    if (results.some((result) => 'error' in result)) fail('delete', CLOUD_FALLBACKS.delete);
    dispatch(cloudActions.selectionSet([]));
  };

  const restore = async (targets: CloudItem[]) => {
    dispatch(cloudActions.errorCleared('restore'));
    let restored = 0;
    let failed = 0;
    let errored = false;
    for (const item of targets) {
      const result = await restoreItem(item.id);
      if ('error' in result) {
        errored = true;
        failed += 1;
      } else {
        restored += result.data.restored;
        failed += result.data.failed;
      }
    }
    if (failed > 0 && restored > 0) {
      dispatch(cloudActions.warningShown({ kind: 'restore', message: restoreWarning(restored, failed) }));
    } else if (errored) fail('restore', CLOUD_FALLBACKS.restore);
    dispatch(cloudActions.selectionSet([]));
  };

  const onAction = (action: ItemAction, item: CloudItem) => {
    switch (action) {
      case 'open':
        return open(item);
      case 'download':
        return void download(item);
      case 'rename':
        return setNaming({ kind: 'rename', item });
      case 'move':
        return setMoving([item]);
      case 'duplicate':
        return void duplicate(item);
      case 'share':
        return setShareTarget(item);
      case 'delete':
        return void remove([item]);
      case 'restore':
        return void restore([item]);
      case 'deleteForever':
        return setConfirm({ kind: 'forever', items: [item] });
    }
  };

  const onDropFiles = (event: DragEvent) => {
    if (!canUpload || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDraggingFiles(false);
    startUploads([...event.dataTransfer.files]);
  };

  const errorEntries = Object.entries(cloud.errors) as Array<[CloudOperation, string]>;
  const warningEntries = Object.entries(cloud.warnings) as Array<[WarningKind, string]>;
  const rootLabel = view === 'shared' ? 'Shared' : 'My files';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole screen is a drop zone for files from the desktop (Upload is the keyboard path)
    <div
      className="relative mx-auto max-w-7xl"
      onDragOver={(event) => {
        if (
          canUpload &&
          event.dataTransfer.types.includes('Files') &&
          !event.dataTransfer.types.includes(ITEM_DRAG_TYPE)
        ) {
          event.preventDefault();
          setDraggingFiles(true);
        }
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDraggingFiles(false);
      }}
      onDrop={onDropFiles}
    >
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Cloud</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your documents, photos and media — organised, shared and backed up.
          </p>
        </div>
        <StorageMeter summary={storage.data} loading={storage.isLoading} />
      </header>

      <nav
        aria-label="Cloud views"
        className="mt-6 grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-grid sm:grid-flow-col sm:grid-cols-none"
      >
        {VIEWS.map(({ view: option, label, icon: Icon }) => (
          <button
            key={option}
            type="button"
            aria-current={view === option ? 'page' : undefined}
            onClick={() => go(cloudActions.viewChanged(option))}
            className={clsx(
              'inline-flex min-w-0 flex-col items-center justify-center gap-1 rounded-lg px-2 py-1.5 text-xs font-semibold transition-colors sm:flex-row sm:gap-2 sm:px-3.5 sm:py-2 sm:text-sm',
              view === option ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </button>
        ))}
      </nav>

      <div className="mt-5 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <Breadcrumb
          view={view}
          rootLabel={rootLabel}
          path={folderPath}
          pathPending={inFolder && !folderMissing && folderPath.at(-1)?.id !== currentFolder}
          onRoot={() => go(cloudActions.wentToRoot())}
          onCrumb={(crumb) => go(cloudActions.folderOpened(crumb))}
          onUp={() => go(cloudActions.wentUp())}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Input
            aria-label={searchesEverywhere ? 'Search all your files' : 'Search by name'}
            placeholder={searchesEverywhere ? 'Search all your files' : 'Search by name'}
            leading={<Search className="size-4" />}
            value={cloud.searchQuery}
            onChange={(event) => dispatch(cloudActions.searchChanged(event.target.value))}
            className="min-w-0 flex-1 basis-full sm:w-56 sm:flex-none sm:basis-auto"
          />
          {/* biome-ignore lint/a11y/useSemanticElements: a toolbar toggle pair, not a form fieldset */}
          <div
            role="group"
            aria-label="Layout"
            className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
          >
            {(['grid', 'list'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-label={mode === 'grid' ? 'Grid view' : 'List view'}
                aria-pressed={cloud.viewMode === mode}
                onClick={() => dispatch(cloudActions.viewModeChanged(mode))}
                className={clsx(
                  'inline-flex size-9 items-center justify-center rounded-md',
                  cloud.viewMode === mode ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
                )}
              >
                {mode === 'grid' ? (
                  <LayoutGrid className="size-4" aria-hidden="true" />
                ) : (
                  <List className="size-4" aria-hidden="true" />
                )}
              </button>
            ))}
          </div>
          {canUpload && (
            <>
              <Button variant="secondary" onClick={() => setNaming({ kind: 'create' })}>
                <FolderPlus className="size-4" aria-hidden="true" />
                New folder
              </Button>
              <Button onClick={() => fileInput.current?.click()}>
                <CloudUpload className="size-4" aria-hidden="true" />
                Upload
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                aria-label="Choose files to upload"
                onChange={(event) => {
                  startUploads([...(event.target.files ?? [])]);
                  event.target.value = '';
                }}
              />
            </>
          )}
          {view === 'trash' && (
            <Button
              variant="danger"
              disabled={items.length === 0}
              onClick={() => setConfirm({ kind: 'empty' })}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Empty trash
            </Button>
          )}
        </div>
      </div>

      <div className="mt-4 space-y-2">
        {errorEntries.map(([operation, message]) => (
          <Alert key={operation}>
            <div className="flex items-start justify-between gap-3">
              <span data-testid={`cloud-error-${operation}`}>{message}</span>
              <button
                type="button"
                aria-label="Dismiss"
                className="-m-1 rounded p-1 text-red-700 hover:bg-red-100"
                onClick={() => dispatch(cloudActions.errorCleared(operation))}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          </Alert>
        ))}
        {warningEntries.map(([kind, message]) => (
          <div
            key={kind}
            role="status"
            className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            {message}
          </div>
        ))}
      </div>

      {selectedItems.length > 0 && (
        <div className="sticky top-18 z-20 mt-4 flex flex-wrap items-center gap-2 rounded-2xl border border-brand-200 bg-white/95 px-4 py-2.5 shadow-lg shadow-slate-900/5 backdrop-blur">
          <p className="mr-auto text-sm font-semibold text-slate-900">{selectedItems.length} selected</p>
          {view === 'trash' ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                loading={restoring.isLoading}
                onClick={() => void restore(selectedItems)}
              >
                <RotateCcw className="size-4" aria-hidden="true" />
                Restore
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => setConfirm({ kind: 'forever', items: selectedItems })}
              >
                <XCircle className="size-4" aria-hidden="true" />
                Delete forever
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => selectedItems.forEach((item) => void download(item))}
              >
                <Download className="size-4" aria-hidden="true" />
                Download
              </Button>
              {canWrite && (
                <>
                  <Button size="sm" variant="secondary" onClick={() => setMoving(selectedItems)}>
                    <FolderInput className="size-4" aria-hidden="true" />
                    Move
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    loading={trashing.isLoading}
                    onClick={() => void remove(selectedItems)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </>
              )}
            </>
          )}
          <Button size="sm" variant="ghost" onClick={() => dispatch(cloudActions.selectionSet([]))}>
            Clear selection
          </Button>
        </div>
      )}

      <section
        aria-label="Files"
        aria-busy={(searching ? search.isFetching : listing.isFetching) || undefined}
        className={clsx(
          'mt-5 min-h-64 rounded-3xl transition-colors',
          draggingFiles && 'bg-brand-50 ring-2 ring-brand-1/40 ring-dashed',
        )}
      >
        {searching ? (
          <SearchResults
            text={searchText}
            results={results}
            failed={search.isError}
            hasMore={Boolean(search.hasNextPage)}
            loadingMore={search.isFetchingNextPage}
            view={view}
            ownId={ownId}
            onLoadMore={() => void search.fetchNextPage()}
            onRetry={() => void search.refetch()}
            onOpen={open}
            onOpenFolder={(path) => go(cloudActions.pathOpened(path))}
            onAction={onAction}
          />
        ) : folderMissing ? (
          <EmptyState
            icon={<FolderX />}
            title="This folder can’t be opened"
            description="It doesn’t exist, it was deleted, or it is no longer shared with you."
            action={
              <Button onClick={() => go(cloudActions.wentToRoot())}>
                {view === 'shared' ? 'Back to Shared' : 'Go to My files'}
              </Button>
            }
          />
        ) : listing.isLoading ? (
          <LoadingGrid />
        ) : listing.isError && items.length === 0 ? (
          <EmptyState
            icon={<XCircle />}
            title="We couldn't load your files"
            description="Check your connection and try again."
            action={<Button onClick={() => void listing.refetch()}>Try again</Button>}
          />
        ) : groups.length === 0 ? (
          <EmptyView
            view={view}
            search={query && typed}
            inFolder={inFolder}
            onUpload={() => fileInput.current?.click()}
          />
        ) : (
          <div className="space-y-7">
            {shown.length > 1 && (
              <label className="flex w-fit items-center gap-2 text-sm text-slate-600">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-2"
                  checked={selectedItems.length === shown.length}
                  onChange={(event) =>
                    dispatch(
                      cloudActions.selectionSet(
                        event.target.checked
                          ? shown.filter((item) => !item.metadata.local).map((item) => item.id)
                          : [],
                      ),
                    )
                  }
                />
                Select all
              </label>
            )}
            {groups.map((group) => (
              <section key={group.label} aria-label={group.label}>
                <h2 className="mb-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                  {group.label}
                </h2>
                <CloudItems
                  items={group.items}
                  view={view}
                  mode={cloud.viewMode}
                  ownId={ownId}
                  selected={selected}
                  onToggle={(item) => dispatch(cloudActions.selectionToggled(item.id))}
                  onOpen={open}
                  onAction={onAction}
                  onDropOnFolder={(ids, folder) =>
                    void moveTo(
                      ids
                        .map((id) => shown.find((item) => item.id === id))
                        .filter((item): item is CloudItem => Boolean(item)),
                      folder.id,
                    )
                  }
                />
              </section>
            ))}
            {listing.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="secondary"
                  loading={listing.isFetchingNextPage}
                  onClick={() => void listing.fetchNextPage()}
                >
                  Load more
                </Button>
              </div>
            )}
          </div>
        )}
        {draggingFiles && (
          <div className="pointer-events-none absolute inset-x-0 bottom-8 flex justify-center">
            <p className="rounded-full bg-brand-2 px-4 py-2 text-sm font-semibold text-white shadow-lg">
              Drop files to upload them here
            </p>
          </div>
        )}
      </section>

      <UploadPanel />
      <PreviewModal
        item={cloud.preview.item}
        onClose={() => dispatch(cloudActions.previewClosed())}
        onDownload={(item) => void download(item)}
      />
      <NameDialog
        open={naming !== null}
        title={naming?.kind === 'rename' ? 'Rename' : 'New folder'}
        action={naming?.kind === 'rename' ? 'Rename' : 'Create folder'}
        initial={naming?.kind === 'rename' ? naming.item.name : ''}
        busy={creating.isLoading || updating.isLoading}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (naming?.kind === 'rename') {
            dispatch(cloudActions.errorCleared('folders'));
            const result = await updateItem({ id: naming.item.id, name });
            if ('error' in result) fail('folders', CLOUD_FALLBACKS.rename);
          } else {
            dispatch(cloudActions.errorCleared('folders'));
            const result = await createFolder({ name, parent_folder_id: uploadTarget });
            if ('error' in result) fail('folders', CLOUD_FALLBACKS.createFolder);
            // Recents lists files only: show the new folder where it is
            else if (view === 'recent') go(cloudActions.viewChanged('folder'));
          }
          setNaming(null);
        }}
      />
      <MoveDialog
        items={moving}
        busy={updating.isLoading}
        onClose={() => setMoving([])}
        onMove={(folderId) => void moveTo(moving, folderId)}
      />
      <ShareDialog
        item={shareTarget}
        ownId={ownId}
        busy={sharing.isLoading}
        onClose={() => setShareTarget(null)}
        onSave={async (agentIds) => {
          dispatch(cloudActions.errorCleared('share'));
          const result = await shareItem({ id: shareTarget!.id, agentIds });
          if ('error' in result) fail('share', serverMessage(result.error) ?? 'Failed to update sharing');
          setShareTarget(null);
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'empty' ? 'Empty the trash?' : 'Delete forever?'}
        description={
          confirm?.kind === 'empty'
            ? 'Everything in the trash is deleted for good and its storage is freed. This cannot be undone.'
            : 'The selected items are deleted for good and their storage is freed. This cannot be undone.'
        }
        action={confirm?.kind === 'empty' ? 'Empty trash' : 'Delete forever'}
        busy={emptying.isLoading || deletingForever.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          if (confirm?.kind === 'empty') {
            dispatch(cloudActions.errorCleared('trash'));
            if ('error' in (await emptyTrash())) fail('trash', CLOUD_FALLBACKS.emptyTrash);
          } else if (confirm) {
            dispatch(cloudActions.errorCleared('delete'));
            const results = await Promise.all(confirm.items.map((item) => deleteForever(item.id)));
            if (results.some((result) => 'error' in result))
              fail('delete', CLOUD_FALLBACKS.deletePermanently);
            dispatch(cloudActions.selectionSet([]));
          }
          setConfirm(null);
        }}
      />
      <StorageLimitModal
        open={cloud.storageModalOpen}
        percent={percentUsed}
        summary={storage.data}
        plan={planName(role)}
        onClose={() => dispatch(cloudActions.storageModalChanged(false))}
        onUpgrade={() => {
          dispatch(cloudActions.storageModalChanged(false));
          navigate(`${paths.upgrade}?reason=limit`);
        }}
      />
    </div>
  );
}

function Breadcrumb({
  view,
  rootLabel,
  path,
  pathPending,
  onRoot,
  onCrumb,
  onUp,
}: {
  view: CloudView;
  rootLabel: string;
  path: Array<{ id: string; name: string }>;
  /** a folder is open whose path the server has not sent yet (after a reload) */
  pathPending: boolean;
  onRoot: () => void;
  onCrumb: (crumb: { id: string; name: string }) => void;
  onUp: () => void;
}) {
  if (view === 'trash') return <h2 className="text-lg font-semibold text-slate-900">Trash</h2>;
  if (view === 'recent' && path.length === 0)
    return <h2 className="text-lg font-semibold text-slate-900">Recent files</h2>;
  return (
    <nav aria-label="Folder path" className="flex min-w-0 items-center gap-1">
      {path.length > 0 && (
        <Button size="icon" variant="ghost" aria-label="Up one level" className="size-9" onClick={onUp}>
          <ArrowUp className="size-4" aria-hidden="true" />
        </Button>
      )}
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-lg font-semibold">
        <li>
          <button
            type="button"
            onClick={onRoot}
            className={clsx(
              'rounded-md px-1.5 py-0.5 hover:bg-slate-100',
              path.length ? 'text-slate-500' : 'text-slate-900',
            )}
          >
            {rootLabel}
          </button>
        </li>
        {pathPending && (
          <li className="flex items-center gap-1">
            <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span
              role="status"
              aria-label="Loading the folder path"
              className="h-5 w-28 animate-pulse rounded bg-slate-100"
            />
          </li>
        )}
        {!pathPending &&
          path.map((crumb, index) => (
            <li key={crumb.id} className="flex min-w-0 items-center gap-1">
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <button
                type="button"
                aria-current={index === path.length - 1 ? 'location' : undefined}
                onClick={() => onCrumb(crumb)}
                className={clsx(
                  'truncate rounded-md px-1.5 py-0.5 hover:bg-slate-100',
                  index === path.length - 1 ? 'text-slate-900' : 'text-slate-500',
                )}
              >
                {crumb.name}
              </button>
            </li>
          ))}
      </ol>
    </nav>
  );
}

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function LoadingGrid() {
  return (
    <div
      role="status"
      aria-label="Loading files"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4"
    >
      {SKELETONS.map((key) => (
        <div key={key} className="h-48 animate-pulse rounded-2xl border border-slate-200 bg-white">
          <div className="h-32 rounded-t-2xl bg-slate-100" />
          <div className="m-3 h-3 w-2/3 rounded bg-slate-100" />
          <div className="mx-3 h-2.5 w-1/3 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

function EmptyView({
  view,
  search,
  inFolder,
  onUpload,
}: {
  view: CloudView;
  /** the name filter of Shared and Trash, as typed ('' = none) */
  search: string;
  inFolder: boolean;
  onUpload: () => void;
}) {
  const content: Record<CloudView, { icon: ReactNode; title: string; description: string }> = {
    recent: {
      icon: <Clock />,
      title: 'No files yet',
      description: 'Upload documents, photos or videos — drag them here or use Upload.',
    },
    folder: {
      icon: <HardDrive />,
      title: inFolder ? 'This folder is empty' : 'No files yet',
      description: 'Drag files here or use Upload to add them.',
    },
    shared: {
      icon: <Share2 />,
      title: 'Nothing shared yet',
      description: 'Files other agents share with you, and files you share, appear here.',
    },
    trash: {
      icon: <Trash2 />,
      title: 'The trash is empty',
      description: 'Deleted items stay here for 30 days before they are removed for good.',
    },
  };
  if (search)
    return (
      <EmptyState
        icon={<Search />}
        title={`No files match “${search}”`}
        description={
          view === 'trash' ? 'Nothing in the trash has that name.' : 'Nothing shared has that name.'
        }
      />
    );
  const { icon, title, description } = content[view];
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        (view === 'recent' || view === 'folder') && (
          <Button onClick={onUpload}>
            <CloudUpload className="size-4" aria-hidden="true" />
            Upload files
          </Button>
        )
      }
    />
  );
}

/** The plan is named by its label, as the sidebar names it (not the storage tier, "Superagent"). */
function StorageLimitModal({
  open,
  percent,
  summary,
  plan,
  onClose,
  onUpgrade,
}: {
  open: boolean;
  percent: number;
  summary: Pick<StorageSummary, 'usageBytes' | 'limitBytes'> | undefined;
  plan: string;
  onClose: () => void;
  onUpgrade: () => void;
}) {
  const sizes = summary ? ` (${formatSize(summary.usageBytes)} of ${formatSize(summary.limitBytes)})` : '';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Your storage is almost full"
      description={`You have used ${Math.round(percent)}% of the storage on your ${plan}${sizes}. Free up space or upgrade for more.`}
      icon={
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100">
          <HardDrive className="size-5" aria-hidden="true" />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Maybe Later
          </Button>
          <Button onClick={onUpgrade}>Upgrade Now</Button>
        </>
      }
    />
  );
}
