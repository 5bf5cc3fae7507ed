import type { Component, Editor, ProjectData } from 'grapesjs';
import { SITE_BLOCK_ATTRIBUTES, SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import { globalComponentSummary, newId, orderedPages, slugOf, withNewVersion } from './content.ts';
import type { ContentPage, GlobalComponent, WebsiteContent } from './types.ts';

/** Moving content between the saved format (docs/website-builder.md) and the GrapesJS editor. */

const GLOBAL_ID = SITE_BLOCK_ATTRIBUTES.globalId;

/** The editor's project from saved content; a website without pages gets an empty Home page. */
export function projectDataOf(content: WebsiteContent | null | undefined): ProjectData {
  const pages = orderedPages(content);
  return {
    pages: (pages.length > 0 ? pages : [{ id: newId('page'), name: 'Home', components: {}, styles: '' }]).map(
      (page) => ({
        id: page.id,
        name: page.name,
        component: page.components as Record<string, unknown>,
        styles: page.styles,
      }),
    ),
  } as ProjectData;
}

/** Every global-component placeholder on every page. */
export function globalPlaceholders(editor: Editor, id?: string): Component[] {
  const found: Component[] = [];
  for (const page of editor.Pages.getAll()) {
    const wrapper = page.getMainComponent();
    found.push(...wrapper.find(id ? `[${GLOBAL_ID}="${CSS.escape(id)}"]` : `[${GLOBAL_ID}]`));
  }
  return found.filter((component) => component.get('type') === SITE_BLOCK_TYPES.globalComponent);
}

function dataAsComponents(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  return data && typeof data === 'object' ? [data as Record<string, unknown>] : [];
}

const childrenJson = (placeholder: Component) => JSON.stringify(placeholder.components().toJSON());

/** Puts the global components' content inside the placeholders under `root` (one page, or any part). */
export function fillPlaceholdersIn(root: Component, globals: readonly GlobalComponent[]): void {
  for (const placeholder of root.find(`[${GLOBAL_ID}]`)) {
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
    if (first) baselines.set(global.global_component_id, childrenJson(first));
  }
  return baselines;
}

/** A new page's content: the active header and footer global components around an empty section. */
export function newPageComponents(globals: readonly GlobalComponent[]): Record<string, unknown>[] {
  const placeholder = (global: GlobalComponent) => ({
    type: SITE_BLOCK_TYPES.globalComponent,
    attributes: { [GLOBAL_ID]: global.global_component_id },
  });
  const active = globals.filter((global) => global.is_active);
  return [
    ...active.filter((global) => global.component_type === 'header').map(placeholder),
    {
      tagName: 'section',
      attributes: { style: 'padding:48px 24px;min-height:200px' },
      components: [{ tagName: 'h2', components: [{ type: 'textnode', content: 'New page' }] }],
    },
    ...active.filter((global) => global.component_type === 'footer').map(placeholder),
  ];
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
    const edited = placeholders.find((placeholder) => childrenJson(placeholder) !== baseline);
    if (!edited) return global;
    const json = edited.components().toJSON() as Record<string, unknown>[];
    const updated = withNewVersion(global, { component_data: json.length === 1 ? json[0] : json });
    for (const other of placeholders) if (other !== edited) other.components(json);
    baselines.set(global.global_component_id, childrenJson(edited));
    return updated;
  });
}

/** Replaces the selected component by a placeholder of a new global component made from it. */
export function makeGlobal(component: Component, type: string, name: string): GlobalComponent {
  const id = newId(type);
  const data = component.toJSON();
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
    placeholder?.components([data]);
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
      components: wrapper.toJSON() as Record<string, unknown>,
      styles: editor.getCss({ component: wrapper }) ?? '',
    };
  });
  const summary = globalComponentSummary(globals);
  const now = new Date().toISOString();
  return {
    ...(previous ?? {}),
    components: pages[0]?.components ?? {},
    styles: editor.getCss() ?? '',
    pages,
    globalComponents: [...globals],
    metadata: {
      ...(previous?.metadata ?? {}),
      lastModified: now,
      defaultPage: pages[0]?.id,
      theme,
      globalComponentsVersion: summary.version,
      lastGlobalSync: now,
    },
  };
}
