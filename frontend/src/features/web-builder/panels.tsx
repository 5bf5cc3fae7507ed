import type { Block, Component, Editor } from 'grapesjs';
import {
  House,
  ImageIcon,
  ImagePlus,
  Images,
  LayoutGrid,
  type LucideIcon,
  Mail,
  MapPin,
  PanelBottom,
  PanelTop,
  Quote,
  Trash2,
  Type,
  UserRound,
} from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useAssetLibrary } from './AssetPicker.tsx';
import { useCreateBackupMutation, useListBackupsQuery, useRestoreBackupMutation } from './api.ts';
import { addBlock, BLOCK_ORDER } from './blocks.ts';
import { formatDate } from './content.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';

export const panelHeading = 'mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase';

const BLOCK_ICONS: Record<string, LucideIcon> = {
  hero: PanelTop,
  'property-grid': LayoutGrid,
  'property-card': House,
  'agent-card': UserRound,
  'contact-form': Mail,
  testimonial: Quote,
  text: Type,
  image: ImageIcon,
  gallery: Images,
  'map-placeholder': MapPin,
  footer: PanelBottom,
};

/**
 * The blocks: drag one onto the page, or click it to add it where the agent is working (after the selected
 * section, else at the end of the page body, above the footer).
 */
export function BlocksPanel({ editor, onAdded }: { editor: Editor; onAdded?: (added: Component) => void }) {
  const blocks = [...editor.Blocks.getAll()].sort(
    (a, b) => BLOCK_ORDER.indexOf(a.getId()) - BLOCK_ORDER.indexOf(b.getId()),
  );
  const categories = [...new Set(blocks.map(categoryOf))];
  function add(block: Block) {
    const added = addBlock(editor, block);
    if (!added) return;
    onAdded?.(added);
    editor.select(added);
    added.getEl()?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // an image block asks for its picture at once, as when dropped
    if (added.get('type') === 'image') added.trigger('active');
  }
  return (
    <div className="space-y-4">
      {categories.map((category) => (
        <section key={category} aria-label={category}>
          <h2 className={panelHeading}>{category}</h2>
          <ul className="grid grid-cols-2 gap-2" aria-label={`${category} blocks`}>
            {blocks
              .filter((block) => categoryOf(block) === category)
              .map((block) => {
                const Icon = BLOCK_ICONS[block.getId()] ?? LayoutGrid;
                return (
                  <li key={block.getId()}>
                    <button
                      type="button"
                      draggable
                      onDragStart={(event) => editor.Blocks.startDrag(block, event.nativeEvent)}
                      onDragEnd={() => editor.Blocks.endDrag(false)}
                      onClick={() => add(block)}
                      className="flex w-full cursor-grab flex-col items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-2 py-3 text-xs font-medium text-slate-700 shadow-xs transition hover:-translate-y-px hover:border-brand-2 hover:text-slate-900 hover:shadow-sm active:cursor-grabbing"
                      aria-label={`Add ${block.getLabel()}`}
                    >
                      <Icon className="size-5 text-brand-2" aria-hidden="true" />
                      {block.getLabel()}
                    </button>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
      <p className="text-xs text-slate-500">
        Drag a block onto the page, or click it to add it after the selected section.
      </p>
    </div>
  );
}

function categoryOf(block: Block): string {
  const category = block.getCategoryLabel?.() ?? block.get('category');
  return typeof category === 'string' && category ? category : 'Blocks';
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

/** The website's images (uploads, deletes); the image blocks and the style panel pick from them. */
export function AssetsPanel({ editor, websiteId }: { editor: Editor; websiteId: string }) {
  const library = useAssetLibrary(editor, websiteId);
  const { load } = library;
  useEffect(() => load(), [load]);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    await library.upload(files);
  }

  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>Assets</h2>
      <label className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-3 py-4 text-sm font-medium text-slate-700 hover:border-brand-2">
        {library.uploading ? (
          <Spinner className="size-4" />
        ) : (
          <ImagePlus className="size-4" aria-hidden="true" />
        )}
        {library.uploading ? 'Uploading…' : 'Upload images'}
        <input
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={upload}
          aria-label="Upload images"
        />
      </label>
      {library.loading && library.assets.length === 0 && (
        <Spinner label="Loading assets" className="mx-auto size-5" />
      )}
      {!library.loading && library.assets.length === 0 && (
        <p className="text-sm text-slate-600">No assets yet. Uploaded images can be used in image blocks.</p>
      )}
      <ul className="grid grid-cols-2 gap-2" aria-label="Assets">
        {library.assets.map((asset) => (
          <li
            key={asset.id}
            className="group relative overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            <img src={asset.url} alt={asset.name} className="aspect-square w-full object-cover" />
            <button
              type="button"
              onClick={() => void library.remove(asset)}
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
    // unsaved changes are saved first; a save that failed (or was refused as stale) stops the restore
    if (beforeRestore && !(await beforeRestore())) return;
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
