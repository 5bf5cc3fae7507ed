import { describe, expect, it } from 'vitest';
import { projectDataOf, withTextTypes } from './editorContent.ts';

describe('editor content', () => {
  it('gives elements holding only text the text type, so the canvas can edit them', () => {
    expect(
      withTextTypes({
        tagName: 'section',
        components: [
          { tagName: 'h1', components: [{ type: 'textnode', content: 'Welcome' }] },
          { type: 'property-grid', attributes: { 'data-limit': '6' } },
          { type: 'link', components: [{ type: 'textnode', content: 'Call' }] },
        ],
      }),
    ).toEqual({
      tagName: 'section',
      components: [
        { tagName: 'h1', type: 'text', components: [{ type: 'textnode', content: 'Welcome' }] },
        { type: 'property-grid', attributes: { 'data-limit': '6' } },
        { type: 'link', components: [{ type: 'textnode', content: 'Call' }] },
      ],
    });
  });

  it('loads pages in their order, and an empty website as one Home page', () => {
    const project = projectDataOf({
      components: {},
      styles: '',
      pages: [
        { id: 'b', name: 'About', order: 1, components: { type: 'wrapper' }, styles: 'p{}' },
        { id: 'a', name: 'Home', order: 0, components: { type: 'wrapper' }, styles: '' },
      ],
    });
    expect(project.pages.map((page: { id: string; name: string }) => [page.id, page.name])).toEqual([
      ['a', 'Home'],
      ['b', 'About'],
    ]);
    const empty = projectDataOf(undefined);
    expect(empty.pages).toHaveLength(1);
    expect(empty.pages[0].name).toBe('Home');
  });
});
