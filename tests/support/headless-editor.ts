import grapesjs, { type Editor } from 'grapesjs';
import parserPostCSS from 'grapesjs-parser-postcss';
import postcss, { type Container } from 'postcss';
import { siteBlocksPlugin } from '../../frontend/src/features/web-builder/blocks.ts';
import {
  collectContent,
  fillGlobalPlaceholders,
  projectDataOf,
  siteStylesPlugin,
  syncEditedGlobals,
} from '../../frontend/src/features/web-builder/editorContent.ts';
import type { GlobalComponent, WebsiteContent } from '../../frontend/src/features/web-builder/types.ts';

/**
 * The website editor as the app builds it (EditorScreen's GrapesJS options and load steps, the save of
 * useWebsiteActions), without a canvas: GrapesJS's headless mode runs the same models in Node.
 */
export interface OpenEditor {
  editor: Editor;
  globals: GlobalComponent[];
  baselines: Map<string, string>;
  pageOrder: string[];
}

export function openEditor(content: WebsiteContent): OpenEditor {
  const editor = grapesjs.init({
    headless: true,
    storageManager: false,
    selectorManager: { componentFirst: true },
    plugins: [parserPostCSS, siteBlocksPlugin, siteStylesPlugin(content)],
    projectData: projectDataOf(content),
  });
  const globals = [...((content.globalComponents ?? []) as GlobalComponent[])];
  const baselines = fillGlobalPlaceholders(editor, globals);
  return { editor, globals, baselines, pageOrder: editor.Pages.getAll().map((page) => page.getId()) };
}

/** What a save sends, as the server stores it (plain JSON). */
export function saveEditor(open: OpenEditor, previous: WebsiteContent): WebsiteContent {
  const globals = syncEditedGlobals(open.editor, open.globals, open.baselines);
  open.globals = globals;
  const content = collectContent(open.editor, open.pageOrder, globals, previous, previous.metadata?.theme);
  return JSON.parse(JSON.stringify(content)) as WebsiteContent;
}

/** Opens saved content, saves it without an edit, closes the editor. */
export function reopenAndSave(content: WebsiteContent): WebsiteContent {
  const open = openEditor(content);
  try {
    return saveEditor(open, content);
  } finally {
    open.editor.destroy();
  }
}

/** Content without the save's timestamps, to compare two saves byte for byte. */
export function comparable(content: WebsiteContent): string {
  const {
    lastModified: _modified,
    lastGlobalSync: _synced,
    ...metadata
  } = (content.metadata ?? {}) as Record<string, unknown>;
  return JSON.stringify({ ...content, metadata });
}

/**
 * Every declaration of a style sheet as `context | selector | property: value`, one selector at a time
 * (GrapesJS keeps `a, b {}` as two rules): what a round trip must keep.
 */
export function declarationsOf(css: string): string[] {
  const found: string[] = [];
  postcss.parse(css).walkDecls((declaration) => {
    const rule = declaration.parent as Container & { selector?: string };
    const contexts: string[] = [];
    for (let node = rule.parent; node && node.type === 'atrule'; node = node.parent as Container) {
      const atRule = node as unknown as { name: string; params: string };
      contexts.unshift(`@${atRule.name} ${atRule.params.replace(/\s+/g, '')}`);
    }
    for (const selector of (rule.selector ?? '').split(',')) {
      found.push(`${contexts.join(' ')}|${selector.trim()}|${declaration.prop}:${declaration.value.trim()}`);
    }
  });
  return found;
}

/** The rules of a style sheet that appear more than once in the same place (none after a good save). */
export function repeatedRulesOf(css: string): string[] {
  const repeated: string[] = [];
  const visit = (container: Container) => {
    const seen = new Set<string>();
    for (const node of container.nodes ?? []) {
      const text = node.toString().replace(/\s+/g, ' ');
      if (seen.has(text)) repeated.push(text);
      seen.add(text);
      if ('nodes' in node && node.type === 'atrule') visit(node as Container);
    }
  };
  visit(postcss.parse(css));
  return repeated;
}
