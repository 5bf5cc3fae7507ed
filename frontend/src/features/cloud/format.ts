/** Spec §9: sizes in Bytes, KB, MB, GB, TB, base 1024. */
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const rounded = (unit: number) => (unit === 0 ? bytes : Math.round((bytes / 1024 ** unit) * 100) / 100);
  // 1073741724 bytes read 1 GB, not 1024 MB
  if (rounded(exponent) >= 1024 && exponent < UNITS.length - 1) exponent += 1;
  return `${rounded(exponent)} ${UNITS[exponent]}`;
}

const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
const DAY = 24 * 60 * 60 * 1000;

const time = (date: Date) => date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec §4: recent dates read Today or Yesterday with a time, others a short month, day and year. */
export function formatItemDate(iso: string | undefined, now = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.round((dayStart(now) - dayStart(date)) / DAY);
  if (days === 0) return `Today, ${time(date)}`;
  if (days === 1) return `Yesterday, ${time(date)}`;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export const DATE_GROUPS = ['Today', 'Yesterday', 'Previous 7 Days', 'Older'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

/** The spec §4 group of a date, relative to `now` (by calendar day). */
export function dateGroupOf(iso: string | undefined, now = new Date()): DateGroup {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return 'Older';
  const days = Math.round((dayStart(now) - dayStart(date)) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return 'Previous 7 Days';
  return 'Older';
}

export interface Group<T> {
  label: string;
  items: T[];
}

/** Today / Yesterday / Previous 7 Days / Older, in that order; empty groups are dropped (spec §4). */
export function groupByDate<T extends { created_at: string }>(
  items: readonly T[],
  now = new Date(),
): Group<T>[] {
  const groups = new Map<DateGroup, T[]>(DATE_GROUPS.map((label) => [label, []]));
  for (const item of items) groups.get(dateGroupOf(item.created_at, now))!.push(item);
  return DATE_GROUPS.map((label) => ({ label, items: groups.get(label)! })).filter(
    (group) => group.items.length > 0,
  );
}

/** Spec §4: shared items split into Shared with you (the caller in shared_with) and Shared by you (owner). */
export function groupShared<T extends { agent_id: string; shared_with: Array<{ agent_id: string }> }>(
  items: readonly T[],
  agentId: string,
): Group<T>[] {
  const withYou = items.filter((item) => item.shared_with.some((entry) => entry.agent_id === agentId));
  const byYou = items.filter((item) => item.agent_id === agentId);
  return [
    { label: 'Shared with you', items: withYou },
    { label: 'Shared by you', items: byYou },
  ].filter((group) => group.items.length > 0);
}

/** Spec §9: the trash is one group. */
export const TRASH_GROUP = 'Recently Deleted';

export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'text' | 'page' | 'none';

const TEXT_TYPES = new Set(['txt', 'md', 'csv', 'json', 'log', 'xml', 'yml', 'yaml', 'tsv']);
/** Pictures a browser draws in an `<img>` (SVG too: an image element runs none of its script). */
const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/svg+xml',
  'image/x-icon',
]);
/** Documents a browser would run: never opened in the app, only downloaded. */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'application/xml', 'text/xml']);

/**
 * What the preview can show for a file. The server types a file by its bytes when it arrives (a web page
 * named `.pdf` is typed text/html), so the MIME type decides; the extension only when there is no type
 * (`application/octet-stream`: a file whose bytes matched nothing, or one stored before they were read).
 */
export function previewKindOf(file: { mime_type?: string; file_type?: string; name: string }): PreviewKind {
  const mime = (file.mime_type ?? '').split(';')[0]!.trim().toLowerCase();
  if (PAGE_TYPES.has(mime)) return 'page';
  if (mime !== '' && mime !== 'application/octet-stream') {
    if (IMAGE_TYPES.has(mime)) return 'image';
    if (mime === 'application/pdf') return 'pdf';
    if (mime.startsWith('video/')) return 'video';
    if (mime.startsWith('audio/')) return 'audio';
    if (mime.startsWith('text/') || mime === 'application/json') return 'text';
    return 'none';
  }
  const extension = (file.file_type ?? file.name.split('.').pop() ?? '').toLowerCase();
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'].includes(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (['mp4', 'webm', 'mov'].includes(extension)) return 'video';
  if (['mp3', 'wav', 'ogg', 'm4a'].includes(extension)) return 'audio';
  if (['html', 'htm', 'xhtml'].includes(extension)) return 'page';
  if (TEXT_TYPES.has(extension)) return 'text';
  return 'none';
}
