import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { WebsiteContent } from '../../frontend/src/features/web-builder/types.ts';
import { BUILT_IN_TEMPLATE_IDS, builtInTemplate } from '../../functions/websites/templates/index.ts';
import { openEditor, saveEditor } from '../support/headless-editor.ts';

/**
 * The editor's load → save cycle over time (issue 16): for each built-in template, ten sessions of
 * opening the saved content and saving it again, in GrapesJS headless (the models, parser and save code
 * the browser runs; no canvas). Figures: the open time of the tenth session and the save's size (JSON and
 * gzip as the editor sends it) after the first and the tenth. Budgets: the tenth save is within 1% of
 * the first (it used to grow about fourfold per session) and the tenth open within EDITOR_OPEN_BUDGET_MS.
 */
export const EDITOR_ROUNDS = 10;
export const SAVE_GROWTH_BUDGET = 1.01;
export const EDITOR_OPEN_BUDGET_MS = 1_000;

export interface EditorContentFigure {
  template: string;
  firstSaveBytes: number;
  lastSaveBytes: number;
  lastSaveGzipBytes: number;
  firstOpenMs: number;
  lastOpenMs: number;
  withinBudget: boolean;
}

function session(content: WebsiteContent): { saved: WebsiteContent; openMs: number } {
  const started = performance.now();
  const open = openEditor(content);
  const openMs = performance.now() - started;
  try {
    return { saved: saveEditor(open, content), openMs };
  } finally {
    open.editor.destroy();
  }
}

export function measureEditorContent(): { templates: EditorContentFigure[]; largest: EditorContentFigure } {
  const templates = BUILT_IN_TEMPLATE_IDS.map((template) => {
    let content = builtInTemplate(template)!.content as WebsiteContent;
    const sizes: number[] = [];
    const opens: number[] = [];
    for (let round = 0; round < EDITOR_ROUNDS; round += 1) {
      const { saved, openMs } = session(content);
      content = saved;
      sizes.push(Buffer.byteLength(JSON.stringify(saved)));
      opens.push(openMs);
    }
    const lastSaveBytes = sizes.at(-1)!;
    const lastOpenMs = opens.at(-1)!;
    return {
      template,
      firstSaveBytes: sizes[0]!,
      lastSaveBytes,
      lastSaveGzipBytes: gzipSync(JSON.stringify(content)).length,
      firstOpenMs: opens[0]!,
      lastOpenMs,
      withinBudget: lastSaveBytes <= sizes[0]! * SAVE_GROWTH_BUDGET && lastOpenMs <= EDITOR_OPEN_BUDGET_MS,
    };
  });
  const largest = templates.reduce((a, b) => (b.lastSaveBytes > a.lastSaveBytes ? b : a));
  return { templates, largest };
}
