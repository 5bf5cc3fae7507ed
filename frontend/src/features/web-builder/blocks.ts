import type { Block, Component, Editor } from 'grapesjs';
import {
  SITE_BLOCK_ATTRIBUTES as ATTR,
  PROPERTY_GRID_DEFAULT,
  PROPERTY_GRID_MAX,
  SITE_BLOCK_TYPES as TYPES,
} from '#contracts/website-blocks';

/**
 * The editor's real-estate blocks. The data blocks are component types of contracts/website-blocks.ts:
 * they save only their type and attributes (the regenerator renders them from the agent's data), and the
 * canvas shows a representative preview drawn by the view. The other blocks are plain HTML.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A listing as the preview draws it. */
export interface PreviewListing {
  id?: string;
  title: string;
  city: string;
  price: string;
  beds: number;
  image?: string;
  status?: string;
}

const SAMPLE_LISTINGS: PreviewListing[] = [
  { title: 'Sunny family home', city: 'Lisbon', price: '€ 485,000', beds: 4 },
  { title: 'Modern city apartment', city: 'Porto', price: '€ 320,000', beds: 2 },
  { title: 'Villa with garden', city: 'Cascais', price: '€ 1,150,000', beds: 5 },
  { title: 'Riverside loft', city: 'Coimbra', price: '€ 260,000', beds: 1 },
];

/** The agent as the agent card's preview draws it. */
export interface PreviewAgent {
  name: string;
  agency?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  picture?: string | undefined;
}

let previewAgent: PreviewAgent | null = null;

export function setPreviewAgent(agent: PreviewAgent | null) {
  previewAgent = agent;
}

/** The agent's own listings once loaded (the samples until then, or when there are none). */
let previewListings: PreviewListing[] = [];

/** Shows the agent's listings in the property blocks already on the canvas. */
export function setPreviewListings(editor: Editor, listings: PreviewListing[]) {
  previewListings = listings;
  const refresh = (component: Component) => {
    if (component.get('type') === TYPES.propertyGrid || component.get('type') === TYPES.propertyCard) {
      component.view?.render();
    }
    for (const child of component.components().models) refresh(child);
  };
  for (const page of editor.Pages.getAll()) refresh(page.getMainComponent());
}

function listingCard(listing: PreviewListing): string {
  const picture = listing.image
    ? `<img src="${escapeHtml(listing.image)}" alt="" style="display:block;width:100%;height:120px;object-fit:cover">`
    : '<div style="height:120px;background:linear-gradient(135deg,#cbd5e1,#94a3b8)"></div>';
  return (
    '<div style="border:1px solid #e2e8f0;border-radius:12px;overflow:hidden;background:#fff">' +
    picture +
    `<div style="padding:12px"><strong style="display:block">${escapeHtml(listing.title)}</strong>` +
    `<span style="color:#64748b;font-size:14px">${escapeHtml(listing.city)} · ${listing.beds} bedrooms</span>` +
    `<div style="margin-top:6px;font-weight:600;color:var(--primary,#007bff)">${escapeHtml(listing.price)}</div></div></div>`
  );
}

const note = (text: string) =>
  `<p style="margin:8px 0 0;font-size:12px;color:#64748b">${escapeHtml(text)}</p>`;

/** What the canvas shows for a data block (the published page shows the agent's real data). */
export function blockPreview(type: string, attributes: Record<string, string>): string {
  switch (type) {
    case TYPES.propertyGrid: {
      const limit = Math.min(
        PROPERTY_GRID_MAX,
        Math.max(1, Number(attributes[ATTR.limit]) || PROPERTY_GRID_DEFAULT),
      );
      const city = attributes[ATTR.city]?.toLowerCase();
      const status = attributes[ATTR.status];
      const own = previewListings.filter(
        (listing) => (!city || listing.city.toLowerCase() === city) && (!status || listing.status === status),
      );
      const cards = (own.length > 0 ? own.slice(0, limit) : SAMPLE_LISTINGS.slice(0, Math.min(limit, 4)))
        .map(listingCard)
        .join('');
      const filter = [attributes[ATTR.city], attributes[ATTR.status]].filter(Boolean).join(', ');
      return (
        `<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px">${cards}</div>` +
        note(
          `Property grid: your ${limit} newest listings${filter ? ` (${filter})` : ''} appear here when published.`,
        )
      );
    }
    case TYPES.propertyCard:
      return (
        `<div style="max-width:320px">${listingCard(
          previewListings.find((listing) => listing.id === attributes[ATTR.propertyId]) ??
            SAMPLE_LISTINGS[0]!,
        )}</div>` +
        note(
          attributes[ATTR.propertyId]
            ? `Property card: listing ${attributes[ATTR.propertyId]}.`
            : 'Property card: choose a listing id in the settings.',
        )
      );
    case TYPES.agentCard:
      return (
        '<div style="display:flex;gap:16px;align-items:center;border:1px solid #e2e8f0;border-radius:12px;padding:16px;max-width:420px;background:#fff">' +
        (previewAgent?.picture
          ? `<img src="${escapeHtml(previewAgent.picture)}" alt="" style="width:64px;height:64px;border-radius:50%;object-fit:cover">`
          : '<div style="width:64px;height:64px;border-radius:50%;background:#cbd5e1"></div>') +
        `<div><strong>${escapeHtml(previewAgent?.name ?? 'Your name')}</strong>` +
        `<div style="color:#64748b;font-size:14px">${escapeHtml(previewAgent?.agency ?? 'Your agency')}</div>` +
        `<div style="font-size:14px">${escapeHtml(
          [
            previewAgent?.email ?? 'you@example.com',
            previewAgent?.phone ?? (previewAgent ? '' : '+1 555 0100'),
          ]
            .filter(Boolean)
            .join(' · '),
        )}</div></div></div>` +
        note('Agent card: your picture and contact details.')
      );
    case TYPES.contactForm:
      return (
        '<form style="display:grid;gap:8px;max-width:480px" onsubmit="return false">' +
        ['Name', 'Email', 'Phone']
          .map(
            (label) =>
              `<label style="display:grid;gap:4px;font-size:14px">${label}<input disabled style="padding:8px;border:1px solid #cbd5e1;border-radius:8px"></label>`,
          )
          .join('') +
        '<label style="display:grid;gap:4px;font-size:14px">Message<textarea disabled rows="3" style="padding:8px;border:1px solid #cbd5e1;border-radius:8px"></textarea></label>' +
        '<button type="button" disabled style="padding:10px;border:0;border-radius:8px;background:var(--primary,#007bff);color:#fff">Send message</button></form>' +
        note('Contact form: messages become clients in your account.')
      );
    case TYPES.mapPlaceholder:
      return (
        '<div style="display:flex;align-items:center;justify-content:center;min-height:180px;border-radius:12px;background:repeating-linear-gradient(45deg,#e2e8f0,#e2e8f0 10px,#f1f5f9 10px,#f1f5f9 20px);color:#334155;font-weight:600">' +
        `📍 ${escapeHtml(attributes[ATTR.address] || 'Your office address')}</div>`
      );
    default:
      return '';
  }
}

interface DataBlock {
  type: string;
  label: string;
  tagName: string;
  attributes: Record<string, string>;
  traits: { name: string; label: string; type?: string; options?: { id: string; label: string }[] }[];
}

const DATA_BLOCKS: DataBlock[] = [
  {
    type: TYPES.propertyGrid,
    label: 'Property grid',
    tagName: 'section',
    attributes: { [ATTR.limit]: String(PROPERTY_GRID_DEFAULT) },
    traits: [
      { name: ATTR.limit, label: 'Listings shown', type: 'number' },
      { name: ATTR.city, label: 'City' },
      {
        name: ATTR.status,
        label: 'Status',
        type: 'select',
        options: [
          { id: '', label: 'Any' },
          { id: 'for_sale', label: 'For sale' },
          { id: 'for_rent', label: 'For rent' },
          { id: 'sold', label: 'Sold' },
        ],
      },
    ],
  },
  {
    type: TYPES.propertyCard,
    label: 'Property card',
    tagName: 'div',
    attributes: {},
    traits: [{ name: ATTR.propertyId, label: 'Listing id' }],
  },
  { type: TYPES.agentCard, label: 'Agent card', tagName: 'div', attributes: {}, traits: [] },
  { type: TYPES.contactForm, label: 'Contact form', tagName: 'div', attributes: {}, traits: [] },
  {
    type: TYPES.mapPlaceholder,
    label: 'Map',
    tagName: 'div',
    attributes: { [ATTR.address]: '' },
    traits: [{ name: ATTR.address, label: 'Address' }],
  },
];

const section = (inner: string, style = '') =>
  `<section style="padding:48px 24px;${style}"><div style="max-width:1100px;margin:0 auto">${inner}</div></section>`;

/** The plain HTML blocks. */
const HTML_BLOCKS: { id: string; label: string; content: string }[] = [
  {
    id: 'hero',
    label: 'Hero',
    content: section(
      '<h1 style="font-size:44px;margin:0 0 12px">Find your next home</h1>' +
        '<p style="font-size:18px;margin:0 0 24px;opacity:.9">Local expertise, honest advice and homes you will love.</p>' +
        '<a href="#contact" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#fff;color:var(--primary,#007bff);font-weight:600;text-decoration:none">Contact me</a>',
      'background:var(--primary,#007bff);color:#fff;text-align:center;padding:96px 24px',
    ),
  },
  {
    id: 'text',
    label: 'Text',
    content: section(
      '<h2 style="margin:0 0 12px">About me</h2><p style="margin:0;line-height:1.6">Tell visitors who you are and how you help buyers and sellers.</p>',
    ),
  },
  {
    id: 'image',
    label: 'Image',
    content: {
      type: 'image',
      style: { 'max-width': '100%', display: 'block' },
      activate: true,
    } as unknown as string,
  },
  {
    id: 'gallery',
    label: 'Gallery',
    content: section(
      '<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px">' +
        [1, 2, 3]
          .map(
            () =>
              '<div style="aspect-ratio:4/3;border-radius:12px;background:linear-gradient(135deg,#e2e8f0,#cbd5e1)"></div>',
          )
          .join('') +
        '</div>',
    ),
  },
  {
    id: 'testimonial',
    label: 'Testimonial',
    content: section(
      '<blockquote style="margin:0;font-size:20px;font-style:italic;text-align:center">“They found us the perfect home in two weeks.”</blockquote>' +
        '<p style="margin:12px 0 0;text-align:center;color:var(--secondary,#6c757d)">— A happy client</p>',
      'background:#f8fafc',
    ),
  },
  {
    id: 'footer',
    label: 'Footer',
    content:
      '<footer style="padding:32px 24px;background:#0f172a;color:#cbd5e1;text-align:center;font-size:14px"><p style="margin:0">© Your agency · All rights reserved</p></footer>',
  },
];

/** Block ids in the order the panel lists them. */
export const BLOCK_ORDER = [
  'hero',
  TYPES.propertyGrid,
  TYPES.propertyCard,
  TYPES.agentCard,
  TYPES.contactForm,
  'testimonial',
  'text',
  'image',
  'gallery',
  TYPES.mapPlaceholder,
  'footer',
];

function attributesOf(component: Component): Record<string, string> {
  return component.getAttributes() as Record<string, string>;
}

/** GrapesJS plugin: the data component types, the global-component placeholder and the blocks. */
export function siteBlocksPlugin(editor: Editor) {
  const domc = editor.Components;
  for (const block of DATA_BLOCKS) {
    domc.addType(block.type, {
      isComponent: (el) => el?.getAttribute?.('data-gjs-type') === block.type,
      model: {
        defaults: {
          tagName: block.tagName,
          attributes: { ...block.attributes },
          droppable: false,
          traits: block.traits,
          components: [],
        },
      },
      view: {
        init() {
          this.listenTo(this.model, 'change:attributes', () => this.render());
        },
        onRender({ el, model }) {
          el.innerHTML = blockPreview(block.type, attributesOf(model));
          // the preview is a picture of the block, not its content
          for (const child of Array.from(el.querySelectorAll('*'))) {
            (child as HTMLElement).style.pointerEvents = 'none';
          }
        },
      },
    });
  }

  // A page's reference to a global component: in the canvas it holds the component (editable in place);
  // saved, it is only its type and data-global-id (docs/website-builder.md).
  const base = domc.getType('default')!.model;
  domc.addType(TYPES.globalComponent, {
    isComponent: (el) => Boolean(el?.getAttribute?.(ATTR.globalId)),
    model: {
      defaults: { tagName: 'div', droppable: false, name: 'Global component' },
      toJSON(...args: unknown[]) {
        const json = base.prototype.toJSON.apply(this, args as []) as Record<string, unknown>;
        delete json.components;
        const attributes = { ...(json.attributes as Record<string, unknown>) };
        delete attributes['data-global-active'];
        json.attributes = attributes;
        return json;
      },
    },
  });

  for (const block of DATA_BLOCKS) {
    editor.Blocks.add(block.type, {
      label: block.label,
      category: 'Real estate',
      content: { type: block.type },
    });
  }
  for (const block of HTML_BLOCKS) {
    editor.Blocks.add(block.id, { label: block.label, category: 'Sections', content: block.content });
  }
  editor.on('block:drag:stop', (component?: Component) => {
    if (component) keepInPageBody(editor, component);
  });
}

/** The page's body: its `<main>` (the templates put the page's sections there), or the whole page. */
function pageBody(editor: Editor): Component | undefined {
  const wrapper = editor.getWrapper();
  if (!wrapper) return undefined;
  return wrapper.components().find((child: Component) => child.get('tagName') === 'main') ?? wrapper;
}

const isGlobal = (component: Component) => component.get('type') === TYPES.globalComponent;

/** A footer at the page's top level: a `<footer>`, or a global component holding one. */
function isFooter(component: Component): boolean {
  if (component.get('tagName') === 'footer') return true;
  return isGlobal(component) && component.components().at(0)?.get('tagName') === 'footer';
}

/**
 * Where a clicked block goes: just after the section the agent is working in (the selected element's
 * section of the page body), else at the end of the page body — always inside it, above the footer.
 */
export function blockInsertionPoint(
  editor: Editor,
  from: Component | null = editor.getSelected() ?? null,
): { parent: Component; at: number } | undefined {
  const body = pageBody(editor);
  if (!body) return undefined;
  const children = body.components();
  const end = () => {
    if (body !== editor.getWrapper()) return children.length;
    let at = children.length;
    while (at > 0 && isFooter(children.at(at - 1))) at--;
    return at;
  };
  let current = from ?? undefined;
  while (current?.parent() && current.parent() !== body) {
    if (isGlobal(current)) return { parent: body, at: end() };
    current = current.parent();
  }
  if (!current || current.parent() !== body) return { parent: body, at: end() };
  if (isGlobal(current))
    return { parent: body, at: isFooter(current) ? current.index() : current.index() + 1 };
  return { parent: body, at: current.index() + 1 };
}

/** Adds a block where the agent is working (blockInsertionPoint) and returns what was added. */
export function addBlock(editor: Editor, block: Block): Component | undefined {
  const point = blockInsertionPoint(editor);
  if (!point) return undefined;
  const content = block.getContent() as Parameters<Component['append']>[0];
  const [added] = point.parent.append(content, { at: point.at });
  return added;
}

/**
 * A dropped block stays in the page body: one dropped below the footer, beside `<main>` or inside the header
 * or footer (global components, shared by every page) moves to where a click would have put it.
 */
export function keepInPageBody(editor: Editor, component: Component): void {
  const body = pageBody(editor);
  const wrapper = editor.getWrapper();
  if (!body || !wrapper) return;
  let inGlobal = false;
  for (let parent = component.parent(); parent; parent = parent.parent()) {
    if (isGlobal(parent)) inGlobal = true;
  }
  const parent = component.parent();
  const siblings = wrapper.components();
  const afterFooter =
    parent === wrapper &&
    siblings.models.slice(0, component.index()).some((sibling: Component) => isFooter(sibling));
  const besideMain = parent === wrapper && body !== wrapper;
  if (!inGlobal && !afterFooter && !besideMain) return;
  const aboveMain = component.index() < body.index();
  // plain JSON (toJSON keeps collections, which a new component would share)
  const json = JSON.parse(JSON.stringify(component.toJSON())) as Record<string, unknown>;
  component.remove();
  // beside <main>: into it, at the end nearest to where it was dropped; otherwise where a click puts it
  const point =
    besideMain && !inGlobal
      ? { parent: body, at: aboveMain ? 0 : body.components().length }
      : blockInsertionPoint(editor, null)!;
  const [moved] = point.parent.append(json as Parameters<Component['append']>[0], { at: point.at });
  if (moved) editor.select(moved);
}
