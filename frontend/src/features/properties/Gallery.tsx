import clsx from 'clsx';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import type { MediaItem } from './types.ts';

/**
 * The property's photos: one large, thumbnails below. Arrow keys (and Home/End) move through them when
 * the gallery has the focus; Previous/Next buttons and the thumbnails do the same by pointer.
 */
export function Gallery({ media, title }: { media: MediaItem[]; title: string }) {
  const [index, setIndex] = useState(0);
  const count = media.length;
  useEffect(() => {
    if (index >= count) setIndex(Math.max(0, count - 1));
  }, [count, index]);

  if (count === 0) {
    return (
      <div className="flex aspect-[16/9] items-center justify-center rounded-2xl bg-slate-100 text-slate-400">
        <div className="flex flex-col items-center gap-2 text-sm">
          <ImageOff className="size-8" aria-hidden="true" />
          No photos yet
        </div>
      </div>
    );
  }

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = index + 1;
        break;
      case 'ArrowLeft':
        next = index - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    show(next);
  };
  const current = media[Math.min(index, count - 1)]!;

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="space-y-3">
      {/* biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern, a focusable group taking the arrow keys */}
      <div
        role="group"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer takes the focus for its arrow keys
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Photo viewer: the arrow keys change the photo"
        className="group relative overflow-hidden rounded-2xl bg-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-1"
      >
        <img
          src={current.url}
          alt={`${title}, view ${index + 1} of ${count}`}
          className="aspect-[16/9] w-full object-contain"
          data-testid="gallery-photo"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label="Previous photo"
              className="absolute top-1/2 left-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-900/10 hover:bg-white"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label="Next photo"
              className="absolute top-1/2 right-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-900/10 hover:bg-white"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
        <p
          className="absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-0.5 text-xs font-semibold text-white tabular-nums"
          aria-live="polite"
        >
          {index + 1} / {count}
        </p>
      </div>
      {count > 1 && (
        <ol className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {media.map((item, position) => (
            <li key={item.url} className="shrink-0">
              <button
                type="button"
                onClick={() => show(position)}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                className={clsx(
                  'block overflow-hidden rounded-lg ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1',
                  position === index ? 'ring-brand-2' : 'ring-transparent opacity-75 hover:opacity-100',
                )}
              >
                <img src={item.url} alt="" className="h-16 w-24 object-cover" loading="lazy" />
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
