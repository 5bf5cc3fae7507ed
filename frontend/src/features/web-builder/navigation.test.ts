import { afterEach, describe, expect, it } from 'vitest';
import { builtInTemplate } from '../../../../functions/websites/templates/index.ts';
import { type OpenEditor, openEditor, saveEditor } from '../../../../tests/support/headless-editor.ts';
import {
  editorLinksTo,
  type NavPage,
  retargetLinks,
  setEditorNavLink,
  syncEditorNavigation,
  syncNavigation,
  withNavLink,
} from './navigation.ts';
import type { WebsiteContent } from './types.ts';

type Json = Record<string, unknown>;

const link = (href: string, label: string, classes = ['site-nav-link']): Json => ({
  type: 'link',
  classes,
  attributes: { href },
  components: [{ type: 'textnode', content: label }],
});

const header = (links: Json[]): Json => ({
  tagName: 'header',
  classes: ['site-header'],
  components: [
    link('/', 'Seaside Homes', ['site-brand']),
    { tagName: 'nav', classes: ['site-nav'], components: links },
  ],
});

/** The nav's links as `label → href`. */
function navOf(json: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const item = node as Json;
    if (item.tagName === 'nav') {
      for (const child of item.components as Json[]) {
        const text = (child.components as Json[]).map((part) => part.content).join('');
        found.push(`${text} → ${(child.attributes as Json).href}`);
      }
      return;
    }
    if (Array.isArray(item.components)) item.components.forEach(visit);
  };
  visit(json);
  return found;
}

const PAGES: NavPage[] = [
  { id: 'home', name: 'Home' },
  { id: 'listings', name: 'Listings' },
  { id: 'about', name: 'About' },
];
const HEADER = header([link('/', 'Home'), link('/listings', 'Listings'), link('/about', 'About')]);

describe('site navigation following the pages', () => {
  it('gives a new page a link shaped like the others, at its place in the page order', () => {
    const next = syncNavigation(HEADER, PAGES, [...PAGES, { id: 'p1', name: 'Sell with us' }]);
    expect(navOf(next)).toEqual([
      'Home → /',
      'Listings → /listings',
      'About → /about',
      'Sell with us → /sell-with-us',
    ]);
    const added = ((next.components as Json[])[1]!.components as Json[])[3]!;
    expect(added.classes).toEqual(['site-nav-link']);
    expect(added.type).toBe('link');
  });

  it('follows a rename (address and label), but keeps a label the agent wrote', () => {
    const renamed = syncNavigation(HEADER, PAGES, [PAGES[0]!, { id: 'listings', name: 'Homes' }, PAGES[2]!]);
    expect(navOf(renamed)).toEqual(['Home → /', 'Homes → /homes', 'About → /about']);

    const ownLabel = header([link('/', 'Home'), link('/listings', 'Our homes'), link('/about', 'About')]);
    const kept = syncNavigation(ownLabel, PAGES, [PAGES[0]!, { id: 'listings', name: 'Homes' }, PAGES[2]!]);
    expect(navOf(kept)).toEqual(['Home → /', 'Our homes → /homes', 'About → /about']);
  });

  it('keeps the links in page order and drops a deleted page', () => {
    expect(navOf(syncNavigation(HEADER, PAGES, [PAGES[2]!, PAGES[0]!, PAGES[1]!]))).toEqual([
      'About → /about',
      'Home → /',
      'Listings → /listings',
    ]);
    expect(navOf(syncNavigation(HEADER, PAGES, [PAGES[0]!, PAGES[2]!]))).toEqual([
      'Home → /',
      'About → /about',
    ]);
  });

  it('leaves out a page the agent took out of the menu, and keeps links to elsewhere', () => {
    const custom = header([
      link('/', 'Home'),
      link('https://blog.example.com', 'Blog'),
      link('/about', 'About'),
    ]);
    const next = syncNavigation(custom, PAGES, [PAGES[2]!, PAGES[1]!, PAGES[0]!]);
    expect(navOf(next)).toEqual(['About → /about', 'Blog → https://blog.example.com', 'Home → /']);
  });

  it('shows and hides one page in the menu', () => {
    const hidden = withNavLink(HEADER, PAGES, PAGES[1]!, false);
    expect(navOf(hidden)).toEqual(['Home → /', 'About → /about']);
    expect(navOf(withNavLink(hidden, PAGES, PAGES[1]!, true))).toEqual([
      'Home → /',
      'Listings → /listings',
      'About → /about',
    ]);
  });
});

describe('site navigation in the editor', () => {
  let open: OpenEditor | undefined;
  afterEach(() => open?.editor.destroy());

  const pagesOf = (editor: OpenEditor['editor'], order: string[]): NavPage[] =>
    order.map((id) => ({ id, name: editor.Pages.get(id)!.getName()! }));

  it('puts the change in the header on every page, and the save gives the header a new version', () => {
    const content = builtInTemplate('coastal')!.content as WebsiteContent;
    open = openEditor(content);
    const { editor, globals, baselines } = open;
    const before = pagesOf(editor, open.pageOrder);
    editor.Pages.add({ id: 'services', name: 'Services', component: { type: 'wrapper' } });
    open.pageOrder = [...open.pageOrder, 'services'];
    syncEditorNavigation(editor, globals, before, pagesOf(editor, open.pageOrder), baselines);

    const saved = saveEditor(open, content);
    const savedHeader = saved.globalComponents!.find((global) => global.component_type === 'header')!;
    expect(navOf(savedHeader.component_data)).toEqual([
      'Home → /',
      'Listings → /listings',
      'About → /about',
      'Contact → /contact',
      'Services → /services',
    ]);
    expect(savedHeader.version).toBe(2);
    // the footer's nav follows too
    const footer = saved.globalComponents!.find((global) => global.component_type === 'footer')!;
    expect(navOf(footer.component_data).at(-1)).toBe('Services → /services');

    // out of the menu, then the page renamed: the menu does not bring it back
    const all = pagesOf(editor, open.pageOrder);
    setEditorNavLink(editor, open.globals, all, all[4]!, false, baselines);
    expect(editorLinksTo(editor, open.globals, all[4]!, baselines)).toBe(false);
    editor.Pages.get('services')!.set('name', 'Our services');
    syncEditorNavigation(editor, open.globals, all, pagesOf(editor, open.pageOrder), baselines);
    expect(editorLinksTo(editor, open.globals, { id: 'services', name: 'Our services' }, baselines)).toBe(
      false,
    );
  });

  it("points the site's own links at a renamed page's new address", () => {
    const content = builtInTemplate('coastal')!.content as WebsiteContent;
    open = openEditor(content);
    const { editor } = open;
    const before = pagesOf(editor, open.pageOrder);
    editor.Pages.get('listings')!.set('name', 'Homes for sale');
    syncEditorNavigation(editor, open.globals, before, pagesOf(editor, open.pageOrder), open.baselines);
    // the home hero's button, the footer's link
    expect(retargetLinks(editor, '/listings', '/homes-for-sale')).toBeGreaterThan(0);

    const saved = saveEditor(open, content);
    const json = JSON.stringify(saved.pages) + JSON.stringify(saved.globalComponents);
    expect(json).not.toContain('"href":"/listings"');
    expect(json).toContain('"href":"/homes-for-sale"');
  });
});
