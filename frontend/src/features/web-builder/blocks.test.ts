// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { builtInTemplate } from '../../../../functions/websites/templates/index.ts';
import { type OpenEditor, openEditor } from '../../../../tests/support/headless-editor.ts';
import { addBlock, blockInsertionPoint, keepInPageBody } from './blocks.ts';
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

/** A dropped section, as JSON (happy-dom's parser loses attributes of HTML strings). */
const section = (name: string, text: string) => ({
  tagName: 'section',
  classes: [name],
  components: [{ type: 'textnode', content: text }],
});

describe('a dropped block stays in the page body', () => {
  let open: OpenEditor | undefined;
  afterEach(() => open?.editor.destroy());

  it('moves one dropped below the footer, beside <main> or into the header into the page body', () => {
    open = openEditor(builtInTemplate('coastal')!.content as WebsiteContent);
    const { editor } = open;
    const wrapper = editor.getWrapper()!;
    const main = wrapper.components().at(1);

    const [belowFooter] = wrapper.append(section('dropped-1', 'Below'));
    keepInPageBody(editor, belowFooter!);
    expect(wrapper.components().map(describeComponent)).toEqual(['div', 'main.site-main', 'div']);
    expect(describeComponent(main.components().at(main.components().length - 1))).toBe('section.dropped-1');

    const [aboveMain] = wrapper.append(section('dropped-2', 'Top'), { at: 1 });
    keepInPageBody(editor, aboveMain!);
    expect(describeComponent(main.components().at(0))).toBe('section.dropped-2');

    const header = wrapper.components().at(0).components().at(0);
    const [inHeader] = header.append(section('dropped-3', 'Header'));
    keepInPageBody(editor, inHeader!);
    expect(header.find('.dropped-3')).toHaveLength(0);
    expect(describeComponent(main.components().at(main.components().length - 1))).toBe('section.dropped-3');
  });

  it('leaves one dropped inside the page body where it was dropped', () => {
    open = openEditor(builtInTemplate('coastal')!.content as WebsiteContent);
    const { editor } = open;
    const main = editor.getWrapper()!.components().at(1);
    const [dropped] = main.append(section('dropped', 'Here'), { at: 1 });
    keepInPageBody(editor, dropped!);
    expect(dropped!.parent()).toBe(main);
    expect(dropped!.index()).toBe(1);
  });
});
