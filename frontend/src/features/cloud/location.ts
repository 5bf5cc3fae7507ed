import type { CloudView } from './types.ts';

/**
 * Where the cloud screen is, as its address says (`/cloud?view=shared&folder=<id>`), so a reload, the
 * browser's back and forward buttons and a shared link open the same view and folder. Recents at the root
 * is the bare `/cloud`; a folder of My files needs only `folder`.
 */
export interface CloudLocation {
  view: CloudView;
  /** null = the view's root */
  folderId: string | null;
}

/** The address's names for the views (My files reads "files"). */
const VIEW_PARAMS: Record<CloudView, string> = {
  recent: 'recent',
  folder: 'files',
  shared: 'shared',
  trash: 'trash',
};

export function parseCloudLocation(params: URLSearchParams): CloudLocation {
  const named = params.get('view');
  const folderId = params.get('folder')?.trim() || null;
  const view = (Object.keys(VIEW_PARAMS) as CloudView[]).find((key) => VIEW_PARAMS[key] === named);
  // the trash has no folders; Recents holds none either: a folder there is one of My files
  if (view === 'trash') return { view, folderId: null };
  if (view === 'shared') return { view, folderId };
  if (folderId) return { view: 'folder', folderId };
  return { view: view ?? 'recent', folderId: null };
}

/** The query string of a location (without `?`; empty for Recents at the root). */
export function cloudLocationSearch({ view, folderId }: CloudLocation): string {
  const params = new URLSearchParams();
  if (view === 'shared' || view === 'trash' || (view === 'folder' && !folderId))
    params.set('view', VIEW_PARAMS[view]);
  if (folderId && view !== 'trash') params.set('folder', folderId);
  return params.toString();
}
