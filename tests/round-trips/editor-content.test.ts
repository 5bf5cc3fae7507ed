import * as fc from 'fast-check';
import type { Component, Editor } from 'grapesjs';
import { describe, expect, it } from 'vitest';
import { cssRepetition, flatDeclarations } from '#contracts/website-css';
import { applyTheme, collectContent } from '../../frontend/src/features/web-builder/editorContent.ts';
import type { WebsiteContent } from '../../frontend/src/features/web-builder/types.ts';
import { BUILT_IN_TEMPLATE_IDS, builtInTemplate } from '../../functions/websites/templates/index.ts';
import {
  comparable,
  type OpenEditor,
  openEditor,
  reopenAndSave,
  saveEditor,
} from '../support/headless-editor.ts';

/**
 * What an agent does every day: open the editor, edit, save, reopen, save again. After the first save
 * the content is a fixed point (byte-identical however often it is reopened and saved), no rule is
 * repeated and none of the template's CSS is lost (docs/website-builder.md, "Content").
 */

const templateContent = (id: string) => builtInTemplate(id)!.content as WebsiteContent;

/** A blank site as the server makes one (functions/websites/websites.ts blankContent). */
const blankSite: WebsiteContent = {
  components: { type: 'wrapper' },
  styles: '',
  pages: [{ id: 'home', name: 'Home', order: 0, slug: '', components: { type: 'wrapper' }, styles: '' }],
  globalComponents: [],
  metadata: { theme: { primary: '#007bff', secondary: '#6c757d', text: '#212529', background: '#ffffff' } },
};

/** CSS written by hand that the round trip must keep as written. */
const HAND_WRITTEN_CSS =
  ':root{--accent:#0f766e;--radius:12px}' +
  'body{margin:0;font-family:Georgia, serif}' +
  '.card{border-radius:var(--radius);background:var(--accent) url("/media/x.png") no-repeat;box-shadow:0 1px 2px rgba(0,0,0,.2)}' +
  '.card:hover{transform:translateY(-2px)}' +
  '.card::after{content:"→";margin-left:4px}' +
  '@keyframes rise{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}' +
  '.card{animation:rise .4s ease-out}' +
  '@media (max-width:640px){.card{border-radius:0}}';

/** A site with custom pages, a header and footer used on them, and hand-written CSS. */
const customSite: WebsiteContent = {
  components: {},
  styles: HAND_WRITTEN_CSS,
  pages: ['Home', 'Services', 'Évora listings'].map((name, order) => ({
    id: `page-${order}`,
    name,
    order,
    slug: '',
    styles: HAND_WRITTEN_CSS,
    components: {
      type: 'wrapper',
      components: [
        { type: 'global-component', attributes: { 'data-global-id': 'hdr' } },
        {
          tagName: 'section',
          classes: ['card'],
          components: [{ tagName: 'h2', components: [{ type: 'textnode', content: name }] }],
        },
        { type: 'property-grid', attributes: { 'data-limit': '6' } },
        { type: 'global-component', attributes: { 'data-global-id': 'ftr' } },
      ],
    },
  })),
  globalComponents: [
    {
      global_component_id: 'hdr',
      component_type: 'header',
      component_name: 'Header',
      component_data: { tagName: 'header', components: [{ type: 'textnode', content: 'Casa Alentejo' }] },
      version: 1,
      is_active: true,
    },
    {
      global_component_id: 'ftr',
      component_type: 'footer',
      component_name: 'Footer',
      component_data: {
        tagName: 'footer',
        classes: ['card'],
        components: [{ type: 'textnode', content: '©' }],
      },
      version: 3,
      is_active: true,
    },
  ],
  metadata: {},
};

const SITES: [string, WebsiteContent][] = [
  ...BUILT_IN_TEMPLATE_IDS.map(
    (id) => [`the ${id} template`, templateContent(id)] as [string, WebsiteContent],
  ),
  ['a blank site', blankSite],
  ['a site with custom pages, global components and hand-written CSS', customSite],
];

/** The components of the open page's body, deepest first, that an edit can touch. */
function editableComponents(editor: Editor): Component[] {
  const found: Component[] = [];
  const visit = (component: Component) => {
    if (component.get('type') === 'global-component') return;
    for (const child of component.components().models) visit(child);
    found.push(component);
  };
  for (const page of editor.Pages.getAll()) visit(page.getMainComponent());
  return found.filter((component) => component.get('type') !== 'wrapper');
}

const color = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`);
const words = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9 ,.'!?-]{1,40}$/);

/** The edits an agent makes, applied the way the editor's panels apply them. */
type Edit = (open: OpenEditor) => void;
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ at: fc.nat(), text: words }).map(({ at, text }) => (open: OpenEditor) => {
    const body = open.editor.Pages.getSelected()?.getMainComponent();
    body?.components().add(
      {
        tagName: 'section',
        classes: ['section'],
        components: [{ tagName: 'h2', type: 'text', content: text }],
      },
      { at: at % (body.components().length + 1) },
    );
  }),
  fc.record({ pick: fc.nat(), text: words }).map(({ pick, text }) => (open: OpenEditor) => {
    const texts = editableComponents(open.editor).filter((component) => component.get('type') === 'text');
    texts[pick % Math.max(texts.length, 1)]?.components({ type: 'textnode', content: text });
  }),
  fc
    .record({
      pick: fc.nat(),
      value: color,
      property: fc.constantFrom('color', 'background-color', 'border-color'),
    })
    .map(({ pick, value, property }) => (open: OpenEditor) => {
      const all = editableComponents(open.editor);
      all[pick % Math.max(all.length, 1)]?.addStyle({ [property]: value });
    }),
  fc
    .record({
      selector: fc.constantFrom('.section', '.button', '.hero-title', '.card', 'h2'),
      value: fc.constantFrom('var(--primary)', 'var(--secondary)', '#222', 'linear-gradient(#fff, #eee)'),
    })
    .map(({ selector, value }) => (open: OpenEditor) => {
      open.editor.Css.setRule(selector, { background: value }, { addStyles: true });
    }),
  fc.record({ size: fc.integer({ min: 12, max: 48 }) }).map(({ size }) => (open: OpenEditor) => {
    open.editor.Css.setRule(
      '.section-title',
      { 'font-size': `${size}px` },
      { atRuleType: 'media', atRuleParams: '(max-width: 480px)', addStyles: true },
    );
  }),
  fc.record({ name: words }).map(({ name }) => (open: OpenEditor) => {
    const page = open.editor.Pages.add({
      name,
      component: { type: 'wrapper', components: [{ tagName: 'section', classes: ['section'] }] },
    });
    if (page) open.pageOrder.push(page.getId());
  }),
  fc.nat().map((pick) => (open: OpenEditor) => {
    const all = editableComponents(open.editor);
    all[pick % Math.max(all.length, 1)]?.remove();
  }),
  fc.record({ text: words }).map(({ text }) => (open: OpenEditor) => {
    // an in-place edit of a global component: the header's first placeholder gets new words
    const [header] = open.editor.Pages.getAll()
      .flatMap((page) => page.getMainComponent().find('[data-global-id]'))
      .filter(Boolean);
    header?.components().add({ tagName: 'p', type: 'text', content: text });
  }),
  fc.record({ primary: color, secondary: color }).map(({ primary, secondary }) => (open: OpenEditor) => {
    applyTheme(open.editor, {
      primary,
      secondary,
      text: '#111111',
      background: '#ffffff',
      font: 'Inter, sans-serif',
    });
  }),
);

/** Opens `content`, applies the edits, saves: the first save of an editing session. */
function editAndSave(content: WebsiteContent, edits: readonly Edit[]): WebsiteContent {
  const open = openEditor(content);
  try {
    for (const apply of edits) apply(open);
    return saveEditor(open, content);
  } finally {
    open.editor.destroy();
  }
}

describe('editor content round trips', () => {
  it.each(SITES)(
    '%s: reopened and saved ten times, stays byte-identical to its first save',
    { timeout: 60_000 },
    (_name, site) => {
      const first = reopenAndSave(site);
      let current = first;
      for (let round = 0; round < 10; round += 1) {
        current = reopenAndSave(current);
        expect(comparable(current)).toBe(comparable(first));
      }
      expect(cssRepetition(first.styles).repeated).toBe(0);
    },
  );

  it.each(SITES)('%s: keeps every declaration of its CSS, var() shorthands included', (_name, site) => {
    const saved = reopenAndSave(site);
    const kept = new Set(flatDeclarations(saved.styles));
    const lost = flatDeclarations(site.styles).filter((declaration) => !kept.has(declaration));
    expect(lost).toEqual([]);
  });

  it('keeps the Urban footer dark and the Coastal button coloured (the var() shorthands of the report)', () => {
    expect(reopenAndSave(templateContent('urban')).styles).toMatch(
      /\.site-footer\{[^}]*background:var\(--secondary\)/,
    );
    expect(reopenAndSave(templateContent('coastal')).styles).toMatch(
      /\.button\{[^}]*background:var\(--primary-fill,var\(--primary\)\)/,
    );
  });

  it('after any edits on any site, the content is stable from its first save: nothing repeated, nothing lost', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SITES.map(([name]) => name)),
        fc.array(edit, { maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        (name, edits, cycles) => {
          const site = SITES.find(([candidate]) => candidate === name)![1];
          const first = editAndSave(site, edits);
          let current = first;
          for (let cycle = 0; cycle < cycles; cycle += 1) current = reopenAndSave(current);
          expect(comparable(current)).toBe(comparable(first));
          expect(cssRepetition(first.styles).repeated).toBe(0);
          // and no page's own style sheet repeats a rule either
          for (const page of first.pages) expect(cssRepetition(page.styles ?? '').repeated).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);

  it('collects plain data: no live editor collections in what is dispatched and sent', () => {
    const site = templateContent('coastal');
    const open = openEditor(site);
    try {
      const content = collectContent(open.editor, open.pageOrder, open.globals, site, site.metadata?.theme);
      const children = (content.pages[0]!.components as { components?: unknown }).components;
      expect(Array.isArray(children)).toBe(true);
      expect(structuredClone(content)).toEqual(content);
    } finally {
      open.editor.destroy();
    }
  });
});
