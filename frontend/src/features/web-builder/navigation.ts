import type { Component, Editor } from 'grapesjs';
import { slugOf } from './content.ts';
import { fillPlaceholdersIn, globalPlaceholders, placeholderContent } from './editorContent.ts';
import type { GlobalComponent } from './types.ts';

/**
 * The site's navigation follows its pages: the `<nav>` elements of the header and footer global components
 * hold one link per page (href `/slug`, `/` for Home). When pages are added, renamed, reordered or removed,
 * their links follow; a link the agent removed stays removed, and links to anything else stay where they are.
 */

type Json = Record<string, unknown>;

/** A page as the navigation sees it. */
export interface NavPage {
  id: string;
  name: string;
}

export const pageHref = (name: string) => {
  const slug = slugOf(name);
  return slug ? `/${slug}` : '/';
};

const children = (node: Json): Json[] => (Array.isArray(node.components) ? (node.components as Json[]) : []);

function textOf(node: Json): string {
  if (node.type === 'textnode') return String(node.content ?? '');
  return String(node.content ?? '') + children(node).map(textOf).join('');
}

const hrefOf = (node: Json) => (node.attributes as Json | undefined)?.href;

const isLink = (node: Json) => node.type === 'link' || node.tagName === 'a';

/** A link to `page`, shaped like `model` (the nav's other page links) when there is one. */
function linkTo(page: NavPage, model: Json | undefined): Json {
  const { content: _content, components: _components, ...shape } = model ?? { type: 'link' };
  return {
    ...shape,
    attributes: { ...((shape.attributes as Json | undefined) ?? {}), href: pageHref(page.name) },
    components: [{ type: 'textnode', content: page.name }],
  };
}

/** One nav's links after the page change from `before` to `after`. */
function syncNav(nav: Json, before: readonly NavPage[], after: readonly NavPage[]): Json {
  const pageByHref = new Map(before.map((page) => [pageHref(page.name), page]));
  const items = children(nav);
  const linked = new Map<string, Json>();
  for (const item of items) {
    const page = isLink(item) ? pageByHref.get(String(hrefOf(item))) : undefined;
    if (page && !linked.has(page.id)) linked.set(page.id, item);
  }
  const model = [...linked.values()][0];
  const beforeIds = new Set(before.map((page) => page.id));
  // the pages the nav links to now, in page order: those it linked before (still there) and the new ones
  const wanted = after.filter((page) => linked.has(page.id) || !beforeIds.has(page.id));
  const updated = wanted.map((page) => {
    const link = linked.get(page.id);
    if (!link) return linkTo(page, model);
    const old = before.find((item) => item.id === page.id)!;
    if (old.name === page.name) return link;
    // a label the agent wrote themselves stays; one that was the page's name follows the new name
    const ownLabel = textOf(link).trim().toLowerCase() !== old.name.trim().toLowerCase();
    const renamed = linkTo(page, link);
    return ownLabel
      ? { ...renamed, components: link.components, ...(link.content ? { content: link.content } : {}) }
      : renamed;
  });
  const next: Json[] = [];
  let slot = 0;
  for (const item of items) {
    const page = isLink(item) ? pageByHref.get(String(hrefOf(item))) : undefined;
    if (!page || linked.get(page.id) !== item) next.push(item);
    // a page link's place holds the next page link in page order (none when fewer pages are linked now)
    else if (slot < updated.length) next.push(updated[slot++]!);
  }
  next.push(...updated.slice(slot));
  return { ...nav, components: next };
}

/** Component JSON (one component or an array) with every `<nav>` in it following the page change. */
export function syncNavigation<T>(json: T, before: readonly NavPage[], after: readonly NavPage[]): T {
  if (Array.isArray(json)) return json.map((item) => syncNavigation(item, before, after)) as T;
  if (!json || typeof json !== 'object') return json;
  const node = json as Json;
  if (node.tagName === 'nav') return syncNav(node, before, after) as T;
  if (!Array.isArray(node.components)) return json;
  return { ...node, components: children(node).map((child) => syncNavigation(child, before, after)) } as T;
}

/** Whether a nav in the component JSON links to `page`. */
export function linksTo(json: unknown, page: NavPage): boolean {
  if (Array.isArray(json)) return json.some((item) => linksTo(item, page));
  if (!json || typeof json !== 'object') return false;
  const node = json as Json;
  if (node.tagName === 'nav')
    return children(node).some((item) => isLink(item) && hrefOf(item) === pageHref(page.name));
  return children(node).some((child) => linksTo(child, page));
}

/** The component JSON with `page`'s link added to (at its place in page order) or removed from every nav. */
export function withNavLink<T>(json: T, pages: readonly NavPage[], page: NavPage, shown: boolean): T {
  if (shown) {
    if (linksTo(json, page)) return json;
    // as if the page were new: it gets its link at its place
    return syncNavigation(
      json,
      pages.filter((item) => item.id !== page.id),
      pages,
    );
  }
  const drop = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(drop);
    if (!node || typeof node !== 'object') return node;
    const item = node as Json;
    if (!Array.isArray(item.components)) return node;
    const kept = children(item).filter(
      (child) => !(item.tagName === 'nav' && isLink(child) && hrefOf(child) === pageHref(page.name)),
    );
    return { ...item, components: kept.map(drop) };
  };
  return drop(json) as T;
}

/**
 * The global components whose content holds a nav (the templates' headers and footers), each with its
 * content as the canvas has it now (the placeholder edited since the last save, if one was).
 */
function navGlobals(editor: Editor, globals: readonly GlobalComponent[], baselines?: Map<string, string>) {
  return globals.flatMap((global) => {
    const placeholders = globalPlaceholders(editor, global.global_component_id);
    const baseline = baselines?.get(global.global_component_id);
    const current =
      placeholders.find(
        (placeholder) => baseline !== undefined && placeholderContent(placeholder) !== baseline,
      ) ?? placeholders[0];
    if (!current) return [];
    // plain JSON: a component's toJSON() keeps its children as a collection
    const json = JSON.parse(JSON.stringify(current.components().toJSON())) as Json[];
    const content: unknown = json.length === 1 ? json[0] : json;
    return JSON.stringify(content).includes('"tagName":"nav"') ? [{ global, content }] : [];
  });
}

/** New content in every placeholder of a global component (a save then takes it, with a new version). */
function replaceContent(editor: Editor, global: GlobalComponent, content: unknown) {
  const next = { ...global, component_data: content };
  for (const page of editor.Pages.getAll()) fillPlaceholdersIn(page.getMainComponent(), [next]);
}

/** After a page change in the editor: the navs of the global components on the canvas follow it. */
export function syncEditorNavigation(
  editor: Editor,
  globals: readonly GlobalComponent[],
  before: readonly NavPage[],
  after: readonly NavPage[],
  baselines?: Map<string, string>,
): void {
  for (const { global, content } of navGlobals(editor, globals, baselines)) {
    const next = syncNavigation(content, before, after);
    if (JSON.stringify(next) !== JSON.stringify(content)) replaceContent(editor, global, next);
  }
}

/** Whether the header's navigation (or any nav) links to the page. */
export function editorLinksTo(
  editor: Editor,
  globals: readonly GlobalComponent[],
  page: NavPage,
  baselines?: Map<string, string>,
): boolean {
  return navGlobals(editor, globals, baselines).some(({ content }) => linksTo(content, page));
}

/** Whether the site has a navigation at all (a template's header). */
export function hasNavigation(editor: Editor, globals: readonly GlobalComponent[]): boolean {
  return navGlobals(editor, globals).length > 0;
}

/** Shows or hides a page's link in the navs of the global components. */
export function setEditorNavLink(
  editor: Editor,
  globals: readonly GlobalComponent[],
  pages: readonly NavPage[],
  page: NavPage,
  shown: boolean,
  baselines?: Map<string, string>,
): void {
  for (const { global, content } of navGlobals(editor, globals, baselines)) {
    const next = withNavLink(content, pages, page, shown);
    if (JSON.stringify(next) !== JSON.stringify(content)) replaceContent(editor, global, next);
  }
}

/**
 * A renamed page's old address in the site's own links (a hero's "View listings" button, a footer link):
 * every link on every page, headers and footers included, that pointed at `from` points at `to`.
 */
export function retargetLinks(editor: Editor, from: string, to: string): number {
  let changed = 0;
  const visit = (component: Component) => {
    if (component.get('tagName') === 'a' && component.getAttributes().href === from) {
      component.addAttributes({ href: to });
      changed++;
    }
    for (const child of component.components().models) visit(child);
  };
  for (const page of editor.Pages.getAll()) visit(page.getMainComponent());
  return changed;
}
