import type { Block, Component, Editor } from 'grapesjs';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../templates/api.ts';
import {
  useAddAssetsMutation,
  useCreateAssetUploadUrlMutation,
  useCreateBackupMutation,
  useDeleteAssetMutation,
  useLazyListAssetsQuery,
  useListBackupsQuery,
  useRestoreBackupMutation,
} from './api.ts';
import { BLOCK_ORDER } from './blocks.ts';
import { formatDate } from './content.ts';
import { postToS3 } from './uploads.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';
import { assetDeleted, assetsFetched, assetsUploaded } from './websiteSlice.ts';

export const panelHeading = 'mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** The blocks: drag one onto the canvas, or click to add it at the end of the page. */
export function BlocksPanel({ editor }: { editor: Editor }) {
  const blocks = [...editor.Blocks.getAll()].sort(
    (a, b) => BLOCK_ORDER.indexOf(a.getId()) - BLOCK_ORDER.indexOf(b.getId()),
  );
  function add(block: Block) {
    const [added] = editor.getWrapper()!.append(block.getContent() as string);
    if (added) editor.select(added);
  }
  return (
    <div>
      <h2 className={panelHeading}>Blocks</h2>
      <ul className="grid grid-cols-2 gap-2" aria-label="Blocks">
        {blocks.map((block) => (
          <li key={block.getId()}>
            <button
              type="button"
              draggable
              onDragStart={(event) => editor.Blocks.startDrag(block, event.nativeEvent)}
              onDragEnd={() => editor.Blocks.endDrag(false)}
              onClick={() => add(block)}
              className="w-full cursor-grab rounded-lg border border-slate-200 bg-white px-2 py-3 text-xs font-medium text-slate-800 shadow-xs hover:border-brand-2"
              aria-label={`Add ${block.getLabel()}`}
            >
              {block.getLabel()}
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">
        Drag a block onto the page, or click it to add it at the end.
      </p>
    </div>
  );
}

/** The selected component's settings (its traits: listing count, city, address…). */
export function SelectedPanel({ editor, selected }: { editor: Editor; selected: Component | null }) {
  const [, refresh] = useState(0);
  if (!selected)
    return <p className="text-sm text-slate-600">Select something on the page to change its settings.</p>;
  const traits = selected.getTraits();
  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>{selected.getName()}</h2>
      {traits.length === 0 && <p className="text-sm text-slate-600">This element has no settings.</p>}
      {traits.map((trait) => {
        const id = `trait-${trait.getName()}`;
        const options = trait.getOptions?.() ?? [];
        return (
          <div key={trait.getName()} className="space-y-1">
            <label htmlFor={id} className="block text-xs font-medium text-slate-700">
              {trait.getLabel()}
            </label>
            {trait.getType() === 'select' ? (
              <select
                id={id}
                className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                value={String(trait.getValue() ?? '')}
                onChange={(event) => {
                  trait.setValue(event.target.value);
                  refresh((value) => value + 1);
                }}
              >
                {options.map((option) => (
                  <option key={trait.getOptionId(option)} value={trait.getOptionId(option)}>
                    {trait.getOptionLabel(option)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                type={trait.getType() === 'number' ? 'number' : 'text'}
                className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                value={String(trait.getValue() ?? '')}
                onChange={(event) => {
                  trait.setValue(event.target.value);
                  refresh((value) => value + 1);
                }}
              />
            )}
          </div>
        );
      })}
      <Button variant="ghost" size="sm" onClick={() => editor.runCommand('core:component-delete')}>
        <Trash2 className="size-4" aria-hidden="true" />
        Remove element
      </Button>
    </div>
  );
}

/**
 * The website's assets (spec §4: a fetch replaces the list, uploads append, deletes remove by id). They feed
 * GrapesJS's asset manager, which the image block opens.
 */
export function AssetsPanel({ editor, websiteId }: { editor: Editor; websiteId: string }) {
  const { state, dispatch } = useWebsiteState();
  const [listAssets, listing] = useLazyListAssetsQuery();
  const [createUploadUrl] = useCreateAssetUploadUrlMutation();
  const [addAssets] = useAddAssetsMutation();
  const [deleteAsset] = useDeleteAssetMutation();
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    listAssets(websiteId)
      .unwrap()
      .then((result) => {
        dispatch(assetsFetched(result.items));
        editor.Assets.add(result.items.map((asset) => ({ src: asset.url, name: asset.name })));
      })
      .catch(() => showToast('error', 'The assets could not be loaded'));
  }, [listAssets, websiteId, dispatch, editor]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    try {
      const keys: string[] = [];
      for (const file of files) {
        const ticket = await createUploadUrl({
          purpose: 'website-asset',
          name: file.name,
          size: file.size,
          mime_type: file.type || 'application/octet-stream',
        }).unwrap();
        await postToS3(ticket, file);
        keys.push(ticket.key);
      }
      const body = new FormData();
      body.append('type', 'website-asset');
      body.append('fileKeys', JSON.stringify(keys));
      const result = await addAssets({ id: websiteId, body }).unwrap();
      dispatch(assetsUploaded(result.items));
      editor.Assets.add(result.items.map((asset) => ({ src: asset.url, name: asset.name })));
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The files could not be uploaded'));
    }
    setUploading(false);
  }

  async function remove(id: string, url: string) {
    try {
      await deleteAsset({ id: websiteId, assetId: id }).unwrap();
      dispatch(assetDeleted(id));
      editor.Assets.remove(url);
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The asset could not be deleted'));
    }
  }

  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>Assets</h2>
      <label className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-3 py-4 text-sm font-medium text-slate-700 hover:border-brand-2">
        {uploading ? <Spinner className="size-4" /> : <ImagePlus className="size-4" aria-hidden="true" />}
        {uploading ? 'Uploading…' : 'Upload images'}
        <input
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={upload}
          aria-label="Upload images"
        />
      </label>
      {listing.isLoading && <Spinner label="Loading assets" className="mx-auto size-5" />}
      {!listing.isLoading && state.assets.length === 0 && (
        <p className="text-sm text-slate-600">No assets yet. Uploaded images can be used in image blocks.</p>
      )}
      <ul className="grid grid-cols-2 gap-2" aria-label="Assets">
        {state.assets.map((asset) => (
          <li
            key={asset.id}
            className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            <img src={asset.url} alt={asset.name} className="aspect-square w-full object-cover" />
            <button
              type="button"
              onClick={() => void remove(asset.id, asset.url)}
              aria-label={`Delete ${asset.name}`}
              className="absolute top-1 right-1 rounded-md bg-white/90 p-1 text-red-600 shadow"
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Server backups (newest first, at most 5) and the editor's own snapshots of this visit. */
export function BackupsPanel({
  websiteId,
  beforeRestore,
  onRestored,
}: {
  websiteId: string;
  beforeRestore?: (() => Promise<unknown>) | undefined;
  onRestored: () => Promise<void>;
}) {
  const { state } = useWebsiteState();
  const backups = useListBackupsQuery(websiteId);
  const [createBackup, creating] = useCreateBackupMutation();
  const [restoreBackup, restoring] = useRestoreBackupMutation();

  async function backUp() {
    try {
      await createBackup(websiteId).unwrap();
      showToast('success', 'Backup created');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The backup could not be created'));
    }
  }

  async function restore(backupId: string) {
    if (beforeRestore) await beforeRestore();
    try {
      await restoreBackup({ id: websiteId, backupId }).unwrap();
      showToast('success', 'Backup restored');
      await onRestored();
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The backup could not be restored'));
    }
  }

  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>Backups</h2>
      <Button variant="secondary" size="sm" loading={creating.isLoading} onClick={() => void backUp()}>
        Back up now
      </Button>
      {backups.isLoading && <Spinner label="Loading backups" className="mx-auto size-5" />}
      {backups.isError && <p className="text-sm text-red-700">The backups could not be loaded.</p>}
      {backups.data && backups.data.items.length === 0 && (
        <p className="text-sm text-slate-600">No backups yet: each save keeps the previous version.</p>
      )}
      <ul className="space-y-2" aria-label="Backups">
        {backups.data?.items.map((backup) => (
          <li
            key={backup.id}
            className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
          >
            <span>
              <span className="block font-medium text-slate-900">
                {new Date(backup.created_at).toLocaleString('en-US', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
              </span>
              <span className="text-xs text-slate-500">
                {backup.reason === 'manual' ? 'Manual' : 'Automatic'}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={restoring.isLoading}
              onClick={() => void restore(backup.id)}
              aria-label={`Restore backup of ${formatDate(backup.created_at)}`}
            >
              Restore
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        This visit: {state.backups.length} local snapshot{state.backups.length === 1 ? '' : 's'} (last 5
        kept).
      </p>
    </div>
  );
}
