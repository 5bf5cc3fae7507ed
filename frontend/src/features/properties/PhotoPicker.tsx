import clsx from 'clsx';
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { MAX_PHOTOS, PHOTO_TYPES } from './labels.ts';
import { moveItem, type PhotoDraft, photoDrafts } from './photoUploads.ts';

/**
 * Photos before saving (issue: drag-and-drop, previews, reorder before save): drop files on the zone or
 * choose them, see each preview, drag a preview onto another place (or use its arrow buttons) to change
 * the order, remove one. The first photo is the cover.
 */
export function PhotoPicker({
  photos,
  onChange,
  error,
  disabled,
}: {
  photos: PhotoDraft[];
  onChange: (photos: PhotoDraft[], removed?: PhotoDraft) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [refused, setRefused] = useState<string[]>([]);

  const add = (files: File[]) => {
    const { drafts, errors } = photoDrafts(files, photos.length);
    setRefused(errors);
    if (drafts.length) onChange([...photos, ...drafts]);
  };

  const onDropFiles = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDropping(false);
    if (disabled || dragged !== null) return;
    add([...event.dataTransfer.files]);
  };

  const move = (from: number, to: number) => onChange(moveItem(photos, from, to));

  return (
    <div className="space-y-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a drop zone for files from the desktop ("choose photos" is the keyboard path) */}
      <div
        role="region"
        aria-label="Drop photos here"
        onDragOver={(event) => {
          if (dragged !== null) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDropFiles}
        className={clsx(
          'flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          dropping ? 'border-brand-2 bg-brand-50' : 'border-slate-300 bg-slate-50',
          error && 'border-red-400',
        )}
        data-testid="photo-drop-zone"
      >
        <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
        <p className="text-sm text-slate-700">
          Drag photos here, or{' '}
          <button
            type="button"
            disabled={disabled}
            onClick={() => input.current?.click()}
            className="font-semibold text-brand-2 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-1"
          >
            choose photos
          </button>
        </p>
        <p className="text-xs text-slate-500">
          JPEG, PNG or WebP, up to 20 MB each, {MAX_PHOTOS} at most. The first photo is the cover.
        </p>
        <label htmlFor={inputId} className="sr-only">
          Add photos
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {(error || refused.length > 0) && (
        <div id={`${inputId}-error`} className="space-y-1 text-sm font-medium text-red-600" role="alert">
          {error && <p>{error}</p>}
          {refused.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {photos.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              draggable={!disabled}
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', photo.id);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
              }}
              onDrop={(event) => {
                event.preventDefault();
                event.stopPropagation();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              className={clsx(
                'group relative overflow-hidden rounded-xl border bg-white shadow-xs',
                dragged === index ? 'border-brand-2 opacity-60' : 'border-slate-200',
                !disabled && 'cursor-grab active:cursor-grabbing',
              )}
              data-testid="photo-preview"
            >
              <img
                src={photo.preview}
                alt={`${photo.file.name} (${index + 1} of ${photos.length})`}
                className="aspect-[4/3] w-full object-cover"
                draggable={false}
              />
              {index === 0 && (
                <span className="absolute top-2 left-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white">
                  Cover
                </span>
              )}
              <div className="flex items-center justify-between gap-1 px-2 py-1.5">
                <span className="truncate text-xs text-slate-600">{photo.file.name}</span>
                <div className="flex shrink-0 items-center">
                  <IconButton
                    label={`Move photo ${index + 1} earlier`}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowLeft className="size-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Move photo ${index + 1} later`}
                    disabled={disabled || index === photos.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Remove photo ${index + 1}`}
                    disabled={disabled}
                    onClick={() =>
                      onChange(
                        photos.filter((other) => other.id !== photo.id),
                        photo,
                      )
                    }
                  >
                    <X className="size-4" aria-hidden="true" />
                  </IconButton>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean | undefined;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-1 disabled:opacity-30"
    >
      {children}
    </button>
  );
}
