import clsx from 'clsx';
import { ExternalLink, Globe, MonitorSmartphone, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useDeleteWebsiteMutation, useListWebsitesQuery, useRecoverWebsiteMutation } from './api.ts';
import { CreateWebsiteDialog } from './CreateWebsiteDialog.tsx';
import { formatDate, liveSiteUrl, sitePath } from './content.ts';
import type { Website } from './types.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';
import { websiteFailed, websitesLoaded, websitesLoading } from './websiteSlice.ts';

export const editorPath = (id: string) => `${paths.webBuilder}?id=${encodeURIComponent(id)}`;

/** The list's error: the spec's own messages (token / agent id missing) or the API's. */
const listError = (error: unknown) => apiErrorMessage(error, 'Your websites could not be loaded.');

export function StatusBadge({ status }: { status: Website['status'] }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1',
        status === 'published'
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
          : 'bg-slate-100 text-slate-700 ring-slate-200',
      )}
    >
      {status}
    </span>
  );
}

/** /web-builder without ?id=: the agent's websites, the ones deleted recently, and a new one. */
export function WebsiteList() {
  const { state, dispatch } = useWebsiteState();
  const query = useListWebsitesQuery();
  const [deleteWebsite, deleting] = useDeleteWebsiteMutation();
  const [recoverWebsite] = useRecoverWebsiteMutation();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<Website | null>(null);
  const [recovering, setRecovering] = useState<string | null>(null);
  // deleted in this visit, in case the list leaves deleted websites out
  const [deletedHere, setDeletedHere] = useState<Website[]>([]);

  useEffect(() => {
    if (query.isFetching && !query.data) dispatch(websitesLoading());
    else if (query.data) dispatch(websitesLoaded(query.data.items ?? []));
    else if (query.isError) dispatch(websiteFailed(listError(query.error)));
  }, [query.data, query.isError, query.error, query.isFetching, dispatch]);

  const active = state.websites.filter((site) => !site.deleted_at);
  const deleted = [
    ...state.websites.filter((site) => site.deleted_at),
    ...deletedHere.filter((gone) => !state.websites.some((site) => site.id === gone.id)),
  ];

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const result = await deleteWebsite(toDelete.id).unwrap();
      setDeletedHere((list) => [
        { ...toDelete, ...result, deleted_at: result?.deleted_at ?? new Date().toISOString() },
        ...list,
      ]);
      showToast('success', 'Website deleted successfully');
    } catch {
      showToast('error', 'Failed to delete website');
    }
    setToDelete(null);
  }

  async function recover(site: Website) {
    setRecovering(site.id);
    try {
      await recoverWebsite(site.id).unwrap();
      setDeletedHere((list) => list.filter((item) => item.id !== site.id));
      showToast('success', 'Website recovered successfully');
    } catch {
      showToast('error', 'Failed to recover website');
    }
    setRecovering(null);
  }

  const loading = state.loading || (query.isLoading && state.websites.length === 0);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Website</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {loading
              ? 'Loading…'
              : state.error
                ? 'Your websites'
                : `${active.length} website${active.length === 1 ? '' : 's'}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.templates} className={buttonClassName({ variant: 'secondary' })}>
            Browse templates
          </Link>
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New website
          </Button>
        </div>
      </header>

      {state.error && (
        <Alert>
          {state.error}{' '}
          <button type="button" className="font-semibold underline" onClick={() => query.refetch()}>
            Try again
          </button>
        </Alert>
      )}

      {loading ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading websites">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-44 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </ul>
      ) : active.length === 0 && !state.error ? (
        <Card>
          <EmptyState
            icon={<MonitorSmartphone />}
            title="No websites yet"
            description="Build a site for your listings: start blank or from a template, then publish it on your own domain."
            action={<Button onClick={() => setCreating(true)}>Create your first website</Button>}
          />
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your websites">
          {active.map((site) => (
            <li key={site.id} aria-label={site.name}>
              <WebsiteCard site={site} onDelete={() => setToDelete(site)} />
            </li>
          ))}
        </ul>
      )}

      {deleted.length > 0 && (
        <section aria-labelledby="recently-deleted" className="space-y-3">
          <h2 id="recently-deleted" className="text-lg font-semibold text-slate-900">
            Recently deleted
          </h2>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {deleted.map((site) => (
              <li
                key={site.id}
                aria-label={site.name}
                className="flex items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{site.name}</p>
                  <p className="text-xs text-slate-500">Deleted {formatDate(site.deleted_at)}</p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={recovering === site.id}
                  onClick={() => recover(site)}
                  aria-label={`Recover ${site.name}`}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Recover
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <CreateWebsiteDialog open={creating} onOpenChange={setCreating} />
      <Modal
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this website?"
        description={
          toDelete
            ? `${toDelete.name} goes to Recently deleted${toDelete.status === 'published' ? ' and is taken offline' : ''}. You can recover it later.`
            : undefined
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" loading={deleting.isLoading} onClick={confirmDelete}>
              Delete website
            </Button>
          </>
        }
      />
    </div>
  );
}

function WebsiteCard({ site, onDelete }: { site: Website; onDelete: () => void }) {
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{site.name}</h2>
          <p className="truncate text-sm text-slate-600">{site.title || 'No title yet'}</p>
        </div>
        <StatusBadge status={site.status} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Last published</dt>
        <dd className="truncate text-slate-800">{formatDate(site.last_published)}</dd>
        <dt className="text-slate-500">Domain</dt>
        <dd className="truncate text-slate-800" title={site.domain}>
          {site.domain || 'Not set'}
        </dd>
        <dt className="text-slate-500">Global components</dt>
        <dd className="text-slate-800">
          {site.globalComponentStats.active} active of {site.globalComponentStats.total}
        </dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <Link
          to={editorPath(site.id)}
          className={buttonClassName({ size: 'sm' })}
          aria-label={`Edit ${site.name}`}
        >
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Link>
        {site.status === 'published' && site.domain && (
          <a
            href={liveSiteUrl(site.domain)}
            target="_blank"
            rel="noreferrer"
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={`Visit site ${site.name}`}
          >
            <Globe className="size-4" aria-hidden="true" />
            Visit site
          </a>
        )}
        {site.status === 'published' && (
          <a
            href={sitePath(site.id)}
            target="_blank"
            rel="noreferrer"
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={`Preview ${site.name}`}
            title="Contact forms are off in the preview: visitors' messages reach you from the site's own address."
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Preview
          </a>
        )}
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${site.name}`}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
      {site.status === 'published' && !site.domain && (
        <p className="mt-3 text-xs text-slate-500">
          The preview's contact form is off. Give the site a domain in the editor's Domain dialog to receive
          visitors' messages.
        </p>
      )}
    </Card>
  );
}
