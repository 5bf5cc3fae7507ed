import { cssRepetition, isImplausiblyRepetitive } from '#contracts/website-css';
import { badRequest } from '#platform/errors';
import type { WebsiteContent } from './websites.ts';

/**
 * What a content save must not hold, refused with a message an agent can act on (nothing is stored, the
 * editor keeps its state): scripts, links and images to `javascript:`/`data:` addresses, and style sheets
 * multiplied by the old editor's load (docs/website-builder.md, "Content"). Publishing sanitises pages
 * too (functions/websites/site-render.ts); refusing at save time tells the agent instead of dropping silently.
 */

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'data',
  'xlink:href',
  'srcset',
]);
/** Pictures the editor itself uses (GrapesJS's image placeholder is an SVG data address) may stay inline. */
const INLINE_PICTURE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;

/** The scheme of an address as a browser reads it (spaces and control characters inside are ignored). */
const schemeOf = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip control characters in schemes
  /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();

type Json = Record<string, unknown>;

function problemIn(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const problem = problemIn(child);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const component = node as Json;
  const tag = String(component.tagName ?? '').toLowerCase();
  if (tag === 'script' || component.type === 'script' || typeof component.script === 'string')
    return 'holds a script; scripts cannot run on a website';
  const attributes = (component.attributes ?? {}) as Json;
  for (const [name, value] of Object.entries(attributes)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('on')) return `has an "${name}" attribute; scripts cannot run on a website`;
    if (!URL_ATTRIBUTES.has(lower) || typeof value !== 'string') continue;
    const scheme = schemeOf(value);
    if (scheme === 'javascript' || scheme === 'vbscript')
      return `has a ${scheme}: address in "${name}"; use a web address`;
    if (scheme === 'data' && !(lower === 'src' && INLINE_PICTURE.test(value.trim())))
      return `has a data: address in "${name}"; upload the file to Assets and use its address`;
  }
  return problemIn(component.components);
}

/** Refuses content a website must not publish; the message names the page or global component. */
export function assertPublishableContent(content: WebsiteContent): void {
  for (const page of content.pages) {
    const problem = problemIn(page.components);
    if (problem) throw badRequest(`Page "${page.name ?? page.id}" ${problem}`, { content: 'is not allowed' });
  }
  for (const global of content.globalComponents ?? []) {
    const problem = problemIn(global.component_data);
    if (problem)
      throw badRequest(
        `Global component "${global.component_name ?? global.global_component_id}" ${problem}`,
        {
          content: 'is not allowed',
        },
      );
  }
  const sheets = [content.styles, ...content.pages.map((page) => page.styles ?? '')];
  const multiplied = sheets.find((css) => isImplausiblyRepetitive(css));
  if (multiplied !== undefined) {
    const { repeated } = cssRepetition(multiplied);
    throw badRequest(
      `The website's styles repeat the same CSS rules ${repeated} times; reload the editor and save again`,
      { styles: 'repeat the same rules' },
    );
  }
}
