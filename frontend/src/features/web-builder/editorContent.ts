import type { Component, Editor, Plugin, ProjectData } from 'grapesjs';
import { WEBSITE_CONTENT_MODEL } from '#contracts/schemas/websites';
import { SITE_BLOCK_ATTRIBUTES, SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import {
  globalComponentSummary,
  newId,
  orderedPages,
  slugOf,
  themeRules,
  withNewVersion,
} from './content.ts';
import type { ContentPage, GlobalComponent, ThemeSettings, WebsiteContent } from './types.ts';

/** Moving content between the saved format (docs/website-builder.md) and the GrapesJS editor. */

const GLOBAL_ID = SITE_BLOCK_ATTRIBUTES.globalId;

/**
 * Saved JSON may leave out GrapesJS's `text` type (docs/website-builder.md: `type` is optional): an element
 * holding only text gets it back, so its words can be edited in the canvas.
 */
export function withTextTypes<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withTextTypes) as T;
  if (!node || typeof node !== 'object') return node;
  const component = node as Record<string, unknown>;
  const children = component.components;
  if (!Array.isArray(children)) return node;
  const onlyText =
    children.length > 0 &&
    children.every((child) => (child as Record<string, unknown> | null)?.type === 'textnode');
  return {
    ...component,
    ...(onlyText && component.type === undefined ? { type: 'text' } : {}),
    components: children.map(withTextTypes),
  } as T;
}

/** GrapesJS's toJSON is shallow (children stay live collections): the plain data, as it will be stored. */
const plainJson = (model: { toJSON(): unknown }): unknown => JSON.parse(JSON.stringify(model));

/** A global component's content as it compares: ids GrapesJS adds while rendering do not count as edits. */
function comparable(json: unknown): string {
  return JSON.stringify(json, (key, value) =>
    key === 'attributes' && value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).filter(([name]) => name !== 'id'))
      : value,
  );
}

/**
 * The editor's project from saved content: its pages. GrapesJS keeps one set of CSS rules for the whole
 * project and adds any `styles` given to a page to that set, so pages are given no styles here; the saved
 * project CSS goes in once, by `siteStylesPlugin` (docs/website-builder.md, "Content").
 */
export function projectDataOf(content: WebsiteContent | null | undefined): ProjectData {
  const pages = orderedPages(content);
  return {
    pages: (pages.length > 0 ? pages : [{ id: newId('page'), name: 'Home', components: {} }]).map((page) => ({
      id: page.id,
      name: page.name,
      component: withTextTypes(page.components) as Record<string, unknown>,
    })),
  } as ProjectData;
}

/**
 * A GrapesJS plugin that puts the website's CSS into the editor once, as soon as its pages are loaded
 * (`project:load`: in a browser GrapesJS loads the project after init, and a load resets the rules), through
 * the CSS parser the editor was given — PostCSS: the browser's own parser drops shorthands written with
 * `var(--…)`. Each rule is kept as written and in order (`Css.addRules` would merge rules of one selector,
 * keeping only the last).
 */
export function siteStylesPlugin(content: WebsiteContent | null | undefined): Plugin {
  return (editor) => {
    editor.once('project:load', () => {
      if (content?.styles) editor.Css.getAll().add(content.styles);
    });
  };
}

/** The placeholders under `root`, walking the model tree (GrapesJS's find() sees rendered pages only). */
function placeholdersUnder(root: Component, id?: string): Component[] {
  const found: Component[] = [];
  const visit = (component: Component) => {
    if (component.get('type') === SITE_BLOCK_TYPES.globalComponent) {
      if (!id || component.getAttributes()[GLOBAL_ID] === id) found.push(component);
      return;
    }
    for (const child of component.components().models) visit(child);
  };
  visit(root);
  return found;
}

/** Every global-component placeholder on every page (or those of one global component). */
export function globalPlaceholders(editor: Editor, id?: string): Component[] {
  return editor.Pages.getAll().flatMap((page) => placeholdersUnder(page.getMainComponent(), id));
}

/** A fresh copy of a global component's content for GrapesJS, which keeps (and changes) what it is given. */
function dataAsComponents(data: unknown): Record<string, unknown>[] {
  const copy = withTextTypes(JSON.parse(JSON.stringify(data ?? null)) as unknown);
  if (Array.isArray(copy)) return copy as Record<string, unknown>[];
  return copy && typeof copy === 'object' ? [copy as Record<string, unknown>] : [];
}

export const placeholderContent = (placeholder: Component) => comparable(placeholder.components().toJSON());

/** Puts the global components' content inside the placeholders under `root` (one page, or any part). */
export function fillPlaceholdersIn(root: Component, globals: readonly GlobalComponent[]): void {
  for (const placeholder of placeholdersUnder(root)) {
    const global = globals.find(
      (item) => item.global_component_id === placeholder.getAttributes()[GLOBAL_ID],
    );
    if (!global) continue;
    placeholder.components(dataAsComponents(global.component_data));
    placeholder.addAttributes({ 'data-global-active': String(global.is_active) });
  }
}

/**
 * Puts each global component's content inside its placeholders (so it shows and can be edited in place)
 * and returns what each one looks like now, to tell later whether it was edited.
 */
export function fillGlobalPlaceholders(
  editor: Editor,
  globals: readonly GlobalComponent[],
): Map<string, string> {
  for (const page of editor.Pages.getAll()) fillPlaceholdersIn(page.getMainComponent(), globals);
  const baselines = new Map<string, string>();
  for (const global of globals) {
    const [first] = globalPlaceholders(editor, global.global_component_id);
    if (first) baselines.set(global.global_component_id, placeholderContent(first));
  }
  return baselines;
}

/**
 * The global components after in-place edits: one whose placeholder content differs from its baseline
 * takes that content with a new version, and its other placeholders follow.
 */
export function syncEditedGlobals(
  editor: Editor,
  globals: readonly GlobalComponent[],
  baselines: Map<string, string>,
): GlobalComponent[] {
  return globals.map((global) => {
    const placeholders = globalPlaceholders(editor, global.global_component_id);
    const baseline = baselines.get(global.global_component_id);
    const edited = placeholders.find((placeholder) => placeholderContent(placeholder) !== baseline);
    if (!edited) return global;
    const json = plainJson(edited.components()) as Record<string, unknown>[];
    const updated = withNewVersion(global, { component_data: json.length === 1 ? json[0] : json });
    for (const other of placeholders) if (other !== edited) other.components(dataAsComponents(json));
    baselines.set(global.global_component_id, placeholderContent(edited));
    return updated;
  });
}

/** Replaces the selected component by a placeholder of a new global component made from it. */
export function makeGlobal(component: Component, type: string, name: string): GlobalComponent {
  const id = newId(type);
  const data = plainJson(component);
  const global: GlobalComponent = {
    global_component_id: id,
    component_type: type,
    component_name: name,
    component_data: data,
    version: 1,
    is_active: true,
    updated_at: new Date().toISOString(),
  };
  const parent = component.parent();
  if (parent) {
    const [placeholder] = parent
      .components()
      .add(
        { type: SITE_BLOCK_TYPES.globalComponent, attributes: { [GLOBAL_ID]: id } },
        { at: component.index() },
      ) as unknown as Component[];
    component.remove();
    placeholder?.components(dataAsComponents(data));
  }
  return global;
}

/** The content to save: pages in the panel's order with their wrapper JSON and CSS (spec §3). */
export function collectContent(
  editor: Editor,
  pageOrder: readonly string[],
  globals: readonly GlobalComponent[],
  previous: WebsiteContent | null | undefined,
  theme: unknown,
): WebsiteContent {
  const all = editor.Pages.getAll();
  const byId = new Map(all.map((page) => [page.getId(), page]));
  const ordered = [
    ...pageOrder.map((id) => byId.get(id)).filter((page) => page !== undefined),
    ...all.filter((page) => !pageOrder.includes(page.getId())),
  ];
  const pages: ContentPage[] = ordered.map((page, index) => {
    const name = page.getName()?.trim() || `Page ${index + 1}`;
    const wrapper = page.getMainComponent();
    return {
      id: page.getId(),
      name,
      order: index,
      slug: slugOf(name),
      components: plainJson(wrapper) as Record<string, unknown>,
      styles: editor.getCss({ component: wrapper }) ?? '',
    };
  });
  const summary = globalComponentSummary(globals);
  const now = new Date().toISOString();
  return {
    ...(previous ?? {}),
    components: pages[0]?.components ?? {},
    // every rule of the project, also those no page uses now (getCss() alone keeps only the open page's)
    styles: editor.getCss({ keepUnusedStyles: true, avoidProtected: true }) ?? '',
    pages,
    globalComponents: [...globals],
    metadata: {
      ...(previous?.metadata ?? {}),
      contentModel: WEBSITE_CONTENT_MODEL,
      lastModified: now,
      defaultPage: pages[0]?.id,
      theme,
      globalComponentsVersion: summary.version,
      lastGlobalSync: now,
    },
  };
}

/** The theme onto the page CSS, merged into the :root and body rules a template may already have. */
export function applyTheme(editor: Editor, theme: ThemeSettings): void {
  const { root, body } = themeRules(theme);
  editor.Css.setRule(':root', root, { addStyles: true });
  editor.Css.setRule('body', body, { addStyles: true });
}
