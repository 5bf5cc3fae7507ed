import clsx from 'clsx';
import type { Asset, Editor } from 'grapesjs';
import { Check, ImageIcon, ImagePlus, Link as LinkIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  useAddAssetsMutation,
  useCreateAssetUploadUrlMutation,
  useDeleteAssetMutation,
  useLazyListAssetsQuery,
} from './api.ts';
import type { WebsiteAsset } from './types.ts';
import { postToS3 } from './uploads.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';
import { assetDeleted, assetsFetched, assetsUploaded } from './websiteSlice.ts';

/**
 * The website's image library (spec §4 "Website assets": a fetch replaces the list, uploads append, deletes
 * remove by id), shared by the Assets panel, the style panel's background image and GrapesJS's asset
 * manager, which here is this app's own picker (`assetManager.custom`).
 */
export function useAssetLibrary(editor: Editor, websiteId: string) {
  const { state, dispatch } = useWebsiteState();
  const [listAssets, listing] = useLazyListAssetsQuery();
  const [createUploadUrl] = useCreateAssetUploadUrlMutation();
  const [addAssets] = useAddAssetsMutation();
  const [deleteAsset] = useDeleteAssetMutation();
  const [uploading, setUploading] = useState(false);

  const load = useCallback(() => {
    listAssets(websiteId, true)
      .unwrap()
      .then((result) => {
        dispatch(assetsFetched(result.items));
        editor.Assets.add(result.items.map((asset) => ({ src: asset.url, name: asset.name })));
      })
      .catch(() => showToast('error', 'The assets could not be loaded'));
  }, [listAssets, websiteId, dispatch, editor]);

  /** Uploads the files and returns the new assets (none when the upload failed). */
  async function upload(files: File[]): Promise<WebsiteAsset[]> {
    if (files.length === 0) return [];
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
      return result.items;
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The files could not be uploaded'));
      return [];
    } finally {
      setUploading(false);
    }
  }

  async function remove(asset: WebsiteAsset) {
    try {
      await deleteAsset({ id: websiteId, assetId: asset.id }).unwrap();
      dispatch(assetDeleted(asset.id));
      editor.Assets.remove(asset.url);
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The asset could not be deleted'));
    }
  }

  return { assets: state.assets, load, loading: listing.isFetching, uploading, upload, remove };
}

/** A picture URL the agent may type: http(s) or the site's own paths (no javascript:/data: URLs). */
const SAFE_URL = /^(https?:\/\/|\/)[^\s"'()<>]+$/i;

/** Our own image picker: the website's images, an upload, or a picture's address. */
export function AssetPicker({
  editor,
  websiteId,
  open,
  onOpenChange,
  onPick,
  current,
  title = 'Choose an image',
}: {
  editor: Editor;
  websiteId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (url: string) => void;
  current?: string | undefined;
  title?: string;
}) {
  const library = useAssetLibrary(editor, websiteId);
  const { load } = library;
  const [chosen, setChosen] = useState<string | undefined>(current);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setChosen(current);
    setAddress('');
    setAddressError(undefined);
    load();
  }, [open, current, load]);

  async function uploadFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const added = await library.upload(files);
    if (added[0]) setChosen(added[0].url);
  }

  function submitAddress(event: FormEvent) {
    event.preventDefault();
    const url = address.trim();
    if (!SAFE_URL.test(url)) {
      setAddressError('Enter an address starting with https:// or /');
      return;
    }
    pick(url);
  }

  // the current picture may be one of the template's own, not in the library: only a library image is picked here
  const pickable = Boolean(chosen && library.assets.some((asset) => asset.url === chosen));

  function pick(url: string) {
    onPick(url);
    onOpenChange(false);
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Pick one of this website's images, or upload new ones."
      size="lg"
      className="sm:max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!pickable} onClick={() => pickable && chosen && pick(chosen)}>
            Use image
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            loading={library.uploading}
            onClick={() => fileInput.current?.click()}
          >
            {!library.uploading && <ImagePlus className="size-4" aria-hidden="true" />}
            {library.uploading ? 'Uploading…' : 'Upload images'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Upload images"
            onChange={uploadFiles}
          />
          <span className="text-xs text-slate-500">JPG, PNG, WebP or SVG.</span>
        </div>
        <div className="max-h-[22rem] min-h-40 overflow-y-auto rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          {library.loading && library.assets.length === 0 ? (
            <div className="flex h-36 items-center justify-center">
              <Spinner label="Loading images" className="size-6 text-brand-2" />
            </div>
          ) : library.assets.length === 0 ? (
            <div className="flex h-36 flex-col items-center justify-center gap-2 text-center">
              <ImageIcon className="size-8 text-slate-300" aria-hidden="true" />
              <p className="text-sm text-slate-600">No images yet. Upload one to use it on your pages.</p>
            </div>
          ) : (
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Website images">
              {library.assets.map((asset) => {
                const selected = chosen === asset.url;
                return (
                  <li key={asset.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      aria-label={asset.name}
                      onClick={() => setChosen(asset.url)}
                      onDoubleClick={() => pick(asset.url)}
                      className={clsx(
                        'group relative block w-full overflow-hidden rounded-lg bg-white ring-2 transition',
                        selected ? 'ring-brand-2' : 'ring-transparent hover:ring-slate-300',
                      )}
                    >
                      <img
                        src={asset.url}
                        alt=""
                        loading="lazy"
                        className="aspect-[4/3] w-full object-cover"
                      />
                      <span className="block truncate px-2 py-1.5 text-left text-xs text-slate-700">
                        {asset.name}
                      </span>
                      {selected && (
                        <span className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full bg-brand-2 text-white shadow">
                          <Check className="size-3.5" aria-hidden="true" />
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <form onSubmit={submitAddress} className="space-y-1">
          <label htmlFor="asset-address" className="block text-xs font-medium text-slate-700">
            Or use an image address
          </label>
          <div className="flex gap-2">
            <div className="relative flex-1">
              <LinkIcon
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                id="asset-address"
                className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm focus:border-brand-2 focus:ring-2 focus:ring-brand-100 focus:outline-none"
                placeholder="https://…"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
              />
            </div>
            <Button type="submit" variant="secondary" size="sm" disabled={!address.trim()}>
              Use address
            </Button>
          </div>
          {addressError && (
            <p role="alert" className="text-xs text-red-700">
              {addressError}
            </p>
          )}
        </form>
      </div>
    </Modal>
  );
}

/** What GrapesJS gives its custom asset manager when an image asks for a picture. */
interface AssetRequest {
  select: (asset: Asset, complete?: boolean) => void;
  close: () => void;
}

let showAssetRequest: ((request: AssetRequest | null) => void) | null = null;

/**
 * GrapesJS's asset manager in our look (`assetManager.custom`): instead of its own modal, GrapesJS hands the
 * request (an image double-clicked, a new image block) to these functions, and EditorAssetManager shows it.
 */
export const customAssetManager = {
  open: (request: AssetRequest) => showAssetRequest?.(request),
  close: () => showAssetRequest?.(null),
};

/** The picker GrapesJS's image components open; the pick goes back to GrapesJS's own select(). */
export function EditorAssetManager({ editor, websiteId }: { editor: Editor; websiteId: string }) {
  const [request, setRequest] = useState<AssetRequest | null>(null);

  useEffect(() => {
    showAssetRequest = (next) => setRequest(next ? { select: next.select, close: next.close } : null);
    return () => {
      showAssetRequest = null;
    };
  }, []);

  // a double-clicked image is the selected one: its picture is the current choice
  const image = editor.getSelected();
  const current = image?.get('type') === 'image' ? (image.get('src') as string | undefined) : undefined;
  return (
    <AssetPicker
      editor={editor}
      websiteId={websiteId}
      open={request !== null}
      current={current?.startsWith('data:') ? undefined : current}
      onOpenChange={(open) => {
        if (!open) request?.close();
        if (!open) setRequest(null);
      }}
      onPick={(url) => {
        const asset = editor.Assets.get(url) ?? editor.Assets.add({ src: url });
        request?.select(asset as Asset, true);
      }}
    />
  );
}
