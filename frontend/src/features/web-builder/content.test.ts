import { describe, expect, it } from 'vitest';
import {
  cleanSeo,
  globalComponentSummary,
  isValidEditorState,
  liveSiteUrl,
  orderedPages,
  sitePath,
  themeOf,
  websiteUpdateBody,
  withNewVersion,
  withPageNames,
} from './content.ts';

describe('website content helpers', () => {
  it("links a published site's own address on the app's scheme and port", () => {
    expect(liveSiteUrl('harbor-pine-a1b2c3.localhost', { protocol: 'http:', port: '3000' })).toBe(
      'http://harbor-pine-a1b2c3.localhost:3000/',
    );
    expect(liveSiteUrl('www.harborpine.com', { protocol: 'https:', port: '' })).toBe(
      'https://www.harborpine.com/',
    );
  });

  it('sends only the fields an update may carry (spec §5)', () => {
    expect(
      websiteUpdateBody({
        title: 'T',
        name: 'N',
        status: 'draft',
        agent_id: 'x',
        settings: {},
        content: undefined,
      }),
    ).toEqual({ title: 'T', status: 'draft', settings: {} });
  });

  it('names empty pages "Page N"', () => {
    expect(
      withPageNames([{ name: 'Home' }, { name: '' }, { name: '  ' }, {}]).map((page) => page.name),
    ).toEqual(['Home', 'Page 2', 'Page 3', 'Page 4']);
  });

  it('accepts editor state with a components object, a styles string and a pages array only', () => {
    expect(isValidEditorState({ components: {}, styles: '', pages: [] })).toBe(true);
    expect(isValidEditorState({ components: [], styles: 'a{}', pages: [] })).toBe(true);
    expect(isValidEditorState({ components: null, styles: '', pages: [] })).toBe(false);
    expect(isValidEditorState({ components: {}, styles: 1, pages: [] })).toBe(false);
    expect(isValidEditorState({ components: {}, styles: '', pages: {} })).toBe(false);
    expect(isValidEditorState(undefined)).toBe(false);
  });

  it('orders pages and gives them slugs (Home is the empty slug)', () => {
    const pages = orderedPages({
      components: {},
      styles: '',
      pages: [
        { id: 'b', name: 'About Us!', order: 1 },
        { id: 'a', name: 'Home', order: 0 },
        { id: 'c', name: '', order: 2 },
      ],
    });
    expect(pages.map(({ id, name, slug, order }) => ({ id, name, slug, order }))).toEqual([
      { id: 'a', name: 'Home', slug: '', order: 0 },
      { id: 'b', name: 'About Us!', slug: 'about-us', order: 1 },
      { id: 'c', name: 'Page 3', slug: 'page-3', order: 2 },
    ]);
    expect(sitePath('w1', 'about-us')).toBe('/sites/w1/about-us');
  });

  it('fills the theme with the spec §9 defaults', () => {
    expect(themeOf({ theme: { primary: '#111111' } })).toEqual({
      primary: '#111111',
      secondary: '#6c757d',
      text: '#212529',
      background: '#ffffff',
      font: 'Inter, sans-serif',
    });
  });

  it('counts global components and takes the highest version, at least 1', () => {
    const base = { component_type: 'header', component_name: 'H', component_data: {} };
    expect(
      globalComponentSummary([
        { ...base, global_component_id: 'a', version: 4, is_active: true },
        { ...base, global_component_id: 'b', version: 2, is_active: false },
      ]),
    ).toEqual({ stats: { total: 2, active: 1, lastUpdated: null }, version: 4 });
    expect(globalComponentSummary([]).version).toBe(1);
    const bumped = withNewVersion(
      { ...base, global_component_id: 'a', version: 4, is_active: true },
      { is_active: false },
      '2026-05-01T00:00:00.000Z',
    );
    expect(bumped).toMatchObject({ version: 5, is_active: false, updated_at: '2026-05-01T00:00:00.000Z' });
  });

  it('drops empty SEO fields', () => {
    expect(cleanSeo({ title: ' Home ', description: '', robots: '  ' })).toEqual({ title: 'Home' });
  });
});
