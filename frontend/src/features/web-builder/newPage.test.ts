import { afterEach, describe, expect, it } from 'vitest';
import { builtInTemplate } from '../../../../functions/websites/templates/index.ts';
import { type OpenEditor, openEditor } from '../../../../tests/support/headless-editor.ts';
import { hasTemplateClasses, newPageComponents } from './newPage.ts';
import type { WebsiteContent } from './types.ts';

const global = (id: string, component_type: string, is_active: boolean) => ({
  global_component_id: id,
  component_type,
  component_name: id,
  component_data: {},
  version: 1,
  is_active,
});

const texts = (json: unknown): string[] =>
  JSON.stringify(json)
    .match(/"content":"[^"]*"/g)!
    .map((match) => match.slice(11, -1));

describe('a new page', () => {
  let open: OpenEditor | undefined;
  afterEach(() => open?.editor.destroy());

  it('has the active header and footer global components around its content', () => {
    const components = newPageComponents(
      [
        global('footer-1', 'footer', true),
        global('header-1', 'header', true),
        global('header-old', 'header', false),
      ],
      { name: 'Services', templateClasses: false },
    );
    expect(components[0]).toEqual({ type: 'global-component', attributes: { 'data-global-id': 'header-1' } });
    expect(components.at(-1)).toEqual({
      type: 'global-component',
      attributes: { 'data-global-id': 'footer-1' },
    });
    expect(components).toHaveLength(3);
  });

  it("starts with a section in the template's own classes, headed by the page's name, not a placeholder", () => {
    open = openEditor(builtInTemplate('coastal')!.content as WebsiteContent);
    expect(hasTemplateClasses(open.editor)).toBe(true);
    const [body] = newPageComponents([], {
      name: 'Services',
      templateClasses: true,
      contactHref: '/contact',
      buttonClass: true,
    }) as [Record<string, unknown>];
    const json = JSON.stringify(body);
    for (const name of ['site-main', 'section', 'section-title', 'section-lead', 'button'])
      expect(json).toContain(`"${name}"`);
    expect(json).toContain('"tagName":"h1"');
    expect(texts(body)[0]).toBe('Services');
    expect(texts(body)).not.toContain('New page');
    expect(json).not.toContain('style');
  });

  it('uses inline styles on a site without the template classes', () => {
    open = openEditor({ components: {}, styles: '', pages: [] } as unknown as WebsiteContent);
    expect(hasTemplateClasses(open.editor)).toBe(false);
    const [body] = newPageComponents([], { name: 'About us', templateClasses: false });
    expect(texts(body)[0]).toBe('About us');
    expect(JSON.stringify(body)).toContain('"style"');
  });
});
