import type { ContentPage } from './types.ts';

/** What the conflict dialog compares: the editor's unsaved version and the one saved elsewhere. */
export interface ComparedVersion {
  title?: string | null;
  settings?: unknown;
  content?: { pages?: unknown } | null;
}

export interface VersionDifference {
  /** what differs, as the agent knows it: the site title, the settings, a page by its name */
  subject: string;
  detail: string;
}

/** JSON with every object's keys in order, so two equal values written in another order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function pagesOf(version: ComparedVersion): ContentPage[] {
  const pages = version.content?.pages;
  return Array.isArray(pages) ? (pages as ContentPage[]) : [];
}

/**
 * How the editor's version and the latest saved one differ — site title, settings, and page by page
 * (matched by page id: a renamed page is the same page). Only what differs is listed, in the editor's page
 * order, then the pages only the other version has.
 */
export function compareVersions(mine: ComparedVersion, theirs: ComparedVersion): VersionDifference[] {
  const differences: VersionDifference[] = [];
  if ((mine.title ?? '') !== (theirs.title ?? ''))
    differences.push({
      subject: 'Site title',
      detail: `“${mine.title || 'No title'}” in yours, “${theirs.title || 'No title'}” in the other version`,
    });
  if (canonical(mine.settings ?? {}) !== canonical(theirs.settings ?? {}))
    differences.push({ subject: 'Settings', detail: 'Theme, SEO or other settings differ' });
  const theirPages = new Map(pagesOf(theirs).map((page) => [page.id, page]));
  for (const page of pagesOf(mine)) {
    const other = theirPages.get(page.id);
    theirPages.delete(page.id);
    if (!other) {
      differences.push({ subject: page.name, detail: 'Only in your version' });
    } else if (other.name !== page.name) {
      differences.push({ subject: page.name, detail: `Named “${other.name}” in the other version` });
    } else if (canonical(page.components) !== canonical(other.components) || page.styles !== other.styles) {
      differences.push({ subject: page.name, detail: 'Content differs' });
    }
  }
  for (const page of theirPages.values())
    differences.push({ subject: page.name, detail: 'Only in the other version' });
  return differences;
}
