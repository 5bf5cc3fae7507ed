// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { builtInTemplate } from '../../../../functions/websites/templates/index.ts';
import { type OpenEditor, openEditor } from '../../../../tests/support/headless-editor.ts';
import { addBlock, blockInsertionPoint } from './blocks.ts';
import type { WebsiteContent } from './types.ts';

const describeComponent = (component: { get: (key: string) => unknown; getClasses: () => unknown[] }) =>
  `${component.get('tagName')}${component
    .getClasses()
    .map((name) => `.${name}`)
    .join('')}`;

describe('a clicked block lands where the agent is working', () => {
  let open: OpenEditor | undefined;
  afterEach(() => open?.editor.destroy());

  function templateEditor() {
    open = openEditor(builtInTemplate('coastal')!.content as WebsiteContent);
    return open.editor;
  }

  it('goes at the end of the page body, inside <main>, above the footer, when nothing is selected', () => {
    const editor = templateEditor();
    const added = addBlock(editor, editor.Blocks.get('testimonial')!)!;
    const main = added.parent()!;
    expect(describeComponent(main)).toBe('main.site-main');
    expect(main.components().at(main.components().length - 1)).toBe(added);
    const page = editor.getWrapper()!.components();
    expect(page.indexOf(main)).toBeLessThan(page.length - 1);
    expect(page.at(page.length - 1).getAttributes()['data-global-id']).toBe('site-footer');
  });

  it('goes right after the section holding the selected element', () => {
    const editor = templateEditor();
    const main = editor.getWrapper()!.components().at(1);
    const second = main.components().at(1);
    editor.select(second.components().at(0));
    const added = addBlock(editor, editor.Blocks.get('text')!)!;
    expect(added.parent()).toBe(main);
    expect(added.index()).toBe(second.index() + 1);
  });

  it('stays out of the header and footer when one of them is selected', () => {
    const editor = templateEditor();
    const footer = editor.getWrapper()!.components().at(2);
    editor.select(footer.components().at(0).components().at(0));
    const point = blockInsertionPoint(editor)!;
    expect(describeComponent(point.parent)).toBe('main.site-main');
    expect(point.at).toBe(point.parent.components().length);
  });

  it('goes above a footer at the end of a page without <main>', () => {
    open = openEditor({
      components: {},
      styles: '',
      pages: [
        {
          id: 'home',
          name: 'Home',
          order: 0,
          slug: '',
          styles: '',
          components: {
            type: 'wrapper',
            components: [
              { tagName: 'section', components: [{ type: 'textnode', content: 'Hello' }] },
              { tagName: 'footer', components: [{ type: 'textnode', content: '© Us' }] },
            ],
          },
        },
      ],
    } as WebsiteContent);
    const { editor } = open;
    const added = addBlock(editor, editor.Blocks.get('hero')!)!;
    expect(editor.getWrapper()!.components().map(describeComponent)).toEqual([
      'section',
      'section',
      'footer',
    ]);
    expect(added.index()).toBe(1);
  });
});
