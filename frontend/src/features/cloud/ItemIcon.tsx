import clsx from 'clsx';
import {
  File,
  FileArchive,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Folder,
} from 'lucide-react';
import type { CloudItem } from './types.ts';

const KINDS = [
  { test: /^image\//, icon: FileImage, tone: 'bg-violet-50 text-violet-600 ring-violet-100' },
  { test: /^video\//, icon: FileVideo, tone: 'bg-rose-50 text-rose-600 ring-rose-100' },
  { test: /^audio\//, icon: FileAudio, tone: 'bg-amber-50 text-amber-600 ring-amber-100' },
  { test: /pdf/, icon: FileText, tone: 'bg-red-50 text-red-600 ring-red-100' },
  {
    test: /csv|spreadsheet|excel/,
    icon: FileSpreadsheet,
    tone: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  },
  { test: /zip|compressed|tar/, icon: FileArchive, tone: 'bg-slate-100 text-slate-600 ring-slate-200' },
  { test: /^text\//, icon: FileText, tone: 'bg-sky-50 text-sky-600 ring-sky-100' },
];

/** A file's or folder's icon, tinted by kind. */
export function ItemIcon({ item, className }: { item: CloudItem; className?: string }) {
  if (item.is_folder) {
    return (
      <span
        className={clsx(
          'inline-flex items-center justify-center rounded-xl bg-brand-50 text-brand-2 ring-1 ring-brand-100',
          className,
        )}
      >
        <Folder className="size-1/2" aria-hidden="true" fill="currentColor" fillOpacity={0.15} />
      </span>
    );
  }
  const kind = KINDS.find((candidate) => candidate.test.test(item.mime_type ?? ''));
  const Icon = kind?.icon ?? File;
  return (
    <span
      className={clsx(
        'inline-flex items-center justify-center rounded-xl ring-1',
        kind?.tone ?? 'bg-slate-100 text-slate-500 ring-slate-200',
        className,
      )}
    >
      <Icon className="size-1/2" aria-hidden="true" />
    </span>
  );
}
