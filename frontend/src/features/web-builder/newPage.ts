import type { Editor } from 'grapesjs';
import { SITE_BLOCK_ATTRIBUTES, SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import type { GlobalComponent } from './types.ts';

/**
 * A new page's content: the active header and footer global components around a starter section — in the
 * template's own classes when the site has them (`.site-main`, `.section`, `.section-title`,
 * `.section-lead`, `.button`: the built-in templates' layout), inline styles otherwise.
 */

type Json = Record<string, unknown>;

const text = (content: string): Json => ({ type: 'textnode', content });

/** The classes of the built-in templates a starter section is made of. */
const TEMPLATE_CLASSES = ['.site-main', '.section', '.section-title', '.section-lead'];

/** Whether the site's CSS styles the template classes (a site made from a built-in template). */
export function hasTemplateClasses(editor: Editor): boolean {
  return TEMPLATE_CLASSES.every((selector) => Boolean(editor.Css.getRule(selector)));
}

export interface NewPageOptions {
  /** the page's name: the starter section's heading */
  name: string;
  /** the site styles the built-in templates' classes */
  templateClasses: boolean;
  /** the address of the site's contact page, for the starter's call to action */
  contactHref?: string | undefined;
  /** the site styles `.button` */
  buttonClass?: boolean;
}

function starterSection({ name, templateClasses, contactHref, buttonClass }: NewPageOptions): Json {
  const lead =
    'Introduce this page in a sentence or two: what visitors find here and why it matters to them.';
  const action: Json[] = contactHref
    ? [
        {
          type: 'link',
          tagName: 'a',
          attributes: buttonClass
            ? { href: contactHref }
            : {
                href: contactHref,
                style:
                  'display:inline-block;padding:12px 24px;border-radius:6px;background:var(--primary,#007bff);color:#fff;text-decoration:none;font-weight:600',
              },
          ...(buttonClass ? { classes: ['button'] } : {}),
          components: [text('Get in touch')],
        },
      ]
    : [];
  if (templateClasses) {
    return {
      tagName: 'main',
      classes: ['site-main'],
      components: [
        {
          tagName: 'section',
          classes: ['section'],
          components: [
            { type: 'text', tagName: 'h1', classes: ['section-title'], components: [text(name)] },
            { type: 'text', tagName: 'p', classes: ['section-lead'], components: [text(lead)] },
            ...action,
          ],
        },
      ],
    };
  }
  return {
    tagName: 'main',
    components: [
      {
        tagName: 'section',
        attributes: { style: 'padding:64px 24px;min-height:240px' },
        components: [
          {
            tagName: 'div',
            attributes: { style: 'max-width:1100px;margin:0 auto' },
            components: [
              {
                type: 'text',
                tagName: 'h1',
                attributes: { style: 'font-size:40px;line-height:1.2;margin:0 0 12px' },
                components: [text(name)],
              },
              {
                type: 'text',
                tagName: 'p',
                attributes: { style: 'font-size:18px;line-height:1.6;max-width:640px;margin:0 0 24px' },
                components: [text(lead)],
              },
              ...action,
            ],
          },
        ],
      },
    ],
  };
}

/** A new page's content: the active header, a starter section, the active footer. */
export function newPageComponents(
  globals: readonly GlobalComponent[],
  options: NewPageOptions = { name: 'New page', templateClasses: false },
): Json[] {
  const placeholder = (global: GlobalComponent) => ({
    type: SITE_BLOCK_TYPES.globalComponent,
    attributes: { [SITE_BLOCK_ATTRIBUTES.globalId]: global.global_component_id },
  });
  const active = globals.filter((global) => global.is_active);
  return [
    ...active.filter((global) => global.component_type === 'header').map(placeholder),
    starterSection(options),
    ...active.filter((global) => global.component_type === 'footer').map(placeholder),
  ];
}
