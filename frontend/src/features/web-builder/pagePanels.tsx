import type { Component, Editor } from 'grapesjs';
import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { GLOBAL_COMPONENT_TYPES, SITE_BLOCK_ATTRIBUTES, SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { globalComponentSummary, newId, slugOf, withNewVersion } from './content.ts';
import { fillPlaceholdersIn, globalPlaceholders, makeGlobal, placeholderContent } from './editorContent.ts';
import {
  editorLinksTo,
  hasNavigation,
  type NavPage,
  pageHref,
  retargetLinks,
  setEditorNavLink,
  syncEditorNavigation,
} from './navigation.ts';
import { hasTemplateClasses, newPageComponents } from './newPage.ts';
import { panelHeading } from './panels.tsx';
import type { GlobalComponent } from './types.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';
import { globalComponentsSet } from './websiteSlice.ts';

/** The API's limit on a page name (contracts/schemas/websites): said when a longer one is saved. */
const PAGE_NAME_MAX = 100;

const field = 'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

/** Re-renders on the editor's page and selection events. */
function useEditorEvents(editor: Editor, events: string) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((value) => value + 1);
    editor.on(events, update);
    return () => {
      editor.off(events, update);
    };
  }, [editor, events]);
}

/**
 * Pages: add, rename, reorder, delete; an empty name becomes "Page N" (spec §5), slugs by pageSlug(). The
 * site's navigation (the header's and footer's nav) follows: a new page gets a link, a renamed one's link
 * follows, the links keep the pages' order, a deleted page's link goes; a page can be left out of it.
 */
export function PagesPanel({
  editor,
  order,
  onOrderChange,
  globals,
  baselines,
  onChange,
}: {
  editor: Editor;
  order: string[];
  onOrderChange: (order: string[]) => void;
  globals: readonly GlobalComponent[];
  baselines?: Map<string, string>;
  onChange: () => void;
}) {
  useEditorEvents(editor, 'page component:update');
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameValue, setRenameValue] = useState('');
  const pages = order.map((id) => editor.Pages.get(id)).filter((page) => page !== undefined);
  const selectedId = editor.Pages.getSelected()?.getId();

  const [nameError, setNameError] = useState<string>();
  const navPages = (ids: readonly string[]): NavPage[] =>
    ids.flatMap((id, index) => {
      const page = editor.Pages.get(id);
      return page ? [{ id, name: page.getName() || `Page ${index + 1}` }] : [];
    });
  const withNav = hasNavigation(editor, globals);
  /** The navs follow a change of the pages (made just before, with the page list it had then). */
  const followNav = (before: NavPage[], after: NavPage[]) =>
    syncEditorNavigation(editor, globals, before, after, baselines);

  /** Two pages cannot share an address. */
  function takenSlug(name: string, except?: string) {
    const slug = slugOf(name);
    return pages.some(
      (page, index) => page.getId() !== except && slugOf(page.getName() || `Page ${index + 1}`) === slug,
    );
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const id = newId('page');
    const name = newName.trim() || `Page ${pages.length + 1}`;
    const tooLong = textLimit('Page name', name, PAGE_NAME_MAX).error;
    if (tooLong) return setNameError(tooLong);
    if (takenSlug(name)) {
      setNameError(`A page already has the address /${slugOf(name)}`);
      return;
    }
    setNameError(undefined);
    const before = navPages(order);
    const current = editor.Pages.getSelected()?.getMainComponent();
    const contact = before.find((page) => slugOf(page.name) === 'contact');
    // the template's wrapper attributes (data-template…) as on the other pages, but not its id
    const { id: _wrapperId, ...attributes } = current?.getAttributes() ?? {};
    const component = {
      type: 'wrapper',
      attributes,
      components: newPageComponents(globals, {
        name,
        templateClasses: hasTemplateClasses(editor),
        contactHref: contact ? pageHref(contact.name) : undefined,
        buttonClass: Boolean(editor.Css.getRule('.button')),
      }),
    };
    const page = editor.Pages.add({ id, name, component });
    if (!page) return;
    fillPlaceholdersIn(page.getMainComponent(), globals);
    followNav(before, [...before, { id, name }]);
    onOrderChange([...order, id]);
    editor.Pages.select(id);
    setNewName('');
    onChange();
  }

  function rename(event: FormEvent, id: string) {
    event.preventDefault();
    const index = order.indexOf(id);
    const name = renameValue.trim() || `Page ${index + 1}`;
    const tooLong = textLimit('Page name', name, PAGE_NAME_MAX).error;
    if (tooLong) return setNameError(tooLong);
    if (takenSlug(name, id)) {
      setNameError(`A page already has the address /${slugOf(name)}`);
      return;
    }
    setNameError(undefined);
    const before = navPages(order);
    editor.Pages.get(id)?.set('name', name);
    followNav(before, navPages(order));
    // the site's other links to the page follow its new address
    const oldName = before.find((page) => page.id === id)?.name;
    if (oldName && pageHref(oldName) !== pageHref(name))
      retargetLinks(editor, pageHref(oldName), pageHref(name));
    setRenaming(null);
    onChange();
  }

  function move(index: number, by: number) {
    const next = [...order];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    followNav(navPages(order), navPages(next));
    onOrderChange(next);
  }

  function remove(id: string) {
    if (selectedId === id) editor.Pages.select(order.find((other) => other !== id)!);
    followNav(
      navPages(order),
      navPages(order).filter((page) => page.id !== id),
    );
    editor.Pages.remove(id);
    onOrderChange(order.filter((other) => other !== id));
    onChange();
  }

  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>Pages</h2>
      <ul className="space-y-1.5" aria-label="Pages">
        {pages.map((page, index) => {
          const name = page.getName() || `Page ${index + 1}`;
          const slug = slugOf(name);
          return (
            <li
              key={page.getId()}
              aria-label={name}
              aria-current={page.getId() === selectedId ? 'page' : undefined}
              className={`rounded-lg border bg-white p-2 ${page.getId() === selectedId ? 'border-brand-2' : 'border-slate-200'}`}
            >
              {renaming === page.getId() ? (
                <form onSubmit={(event) => rename(event, page.getId())} className="flex gap-1">
                  <input
                    aria-label="Page name"
                    className={field}
                    value={renameValue}
                    // biome-ignore lint/a11y/noAutofocus: the field the rename button asked for
                    autoFocus
                    onChange={(event) => setRenameValue(event.target.value)}
                  />
                  <Button type="submit" size="sm">
                    Save
                  </Button>
                </form>
              ) : (
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="min-w-0 flex-1 text-left"
                    onClick={() => editor.Pages.select(page.getId())}
                    aria-label={`Open ${name}`}
                  >
                    <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                    <span className="block truncate text-xs text-slate-500">/{slug}</span>
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-30"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp className="size-3.5" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-30"
                    aria-label={`Move ${name} down`}
                    disabled={index === pages.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown className="size-3.5" aria-hidden="true" />
                  </button>
                  {withNav && (
                    <NavToggle
                      name={name}
                      shown={editorLinksTo(editor, globals, { id: page.getId(), name }, baselines)}
                      onToggle={(shown) => {
                        setEditorNavLink(
                          editor,
                          globals,
                          navPages(order),
                          { id: page.getId(), name },
                          shown,
                          baselines,
                        );
                        onChange();
                      }}
                    />
                  )}
                  <button
                    type="button"
                    className="rounded p-1 text-slate-500 hover:bg-slate-100"
                    aria-label={`Rename ${name}`}
                    onClick={() => {
                      setRenaming(page.getId());
                      setRenameValue(page.getName() ?? '');
                    }}
                  >
                    <Pencil className="size-3.5" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-red-600 hover:bg-red-50 disabled:opacity-30"
                    aria-label={`Delete ${name}`}
                    disabled={pages.length === 1}
                    onClick={() => remove(page.getId())}
                  >
                    <Trash2 className="size-3.5" aria-hidden="true" />
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <form onSubmit={add} className="space-y-1.5">
        <label htmlFor="new-page-name" className="block text-xs font-medium text-slate-700">
          New page name
        </label>
        <div className="flex gap-1">
          <input
            id="new-page-name"
            className={field}
            value={newName}
            placeholder={`Page ${pages.length + 1}`}
            onChange={(event) => setNewName(event.target.value)}
          />
          <Button type="submit" size="sm" aria-label="Add page">
            <Plus className="size-4" aria-hidden="true" />
            Add
          </Button>
        </div>
        {nameError && (
          <p role="alert" className="text-xs text-red-700">
            {nameError}
          </p>
        )}
        <p className="text-xs text-slate-500">
          The first page is the home page; "Home" has the address /.
          {withNav && ' New pages get a link in the site menu, in the order of this list.'}
        </p>
      </form>
    </div>
  );
}

/** Shows or hides a page's link in the site's navigation. */
function NavToggle({
  name,
  shown,
  onToggle,
}: {
  name: string;
  shown: boolean;
  onToggle: (shown: boolean) => void;
}) {
  const Icon = shown ? Eye : EyeOff;
  return (
    <button
      type="button"
      className={`rounded p-1 hover:bg-slate-100 ${shown ? 'text-slate-500' : 'text-slate-300'}`}
      aria-label={`Show ${name} in the menu`}
      aria-pressed={shown}
      title={shown ? 'In the site menu' : 'Not in the site menu'}
      onClick={() => onToggle(!shown)}
    >
      <Icon className="size-3.5" aria-hidden="true" />
    </button>
  );
}

/** The placeholder holding `component`, if it is (inside) a global component. */
function placeholderOf(component: Component | null): Component | undefined {
  let current: Component | undefined = component ?? undefined;
  while (current) {
    if (current.get('type') === SITE_BLOCK_TYPES.globalComponent) return current;
    current = current.parent();
  }
  return undefined;
}

/**
 * Global components (header, footer, symbol): shown on every page that places them and edited in place —
 * a change made on one page goes to every page on save, with a new version.
 */
export function GlobalComponentsPanel({
  editor,
  selected,
  baselines,
  onChange,
}: {
  editor: Editor;
  selected: Component | null;
  baselines: Map<string, string>;
  onChange: () => void;
}) {
  const { state, dispatch } = useWebsiteState();
  useEditorEvents(editor, 'page component:selected');
  const globals = state.globalComponents;
  const { stats, version } = globalComponentSummary(globals);
  const [type, setType] = useState<string>('header');
  const [name, setName] = useState('');
  const inGlobal = placeholderOf(selected);

  function update(next: GlobalComponent[]) {
    dispatch(globalComponentsSet(next));
    onChange();
  }

  function toggle(global: GlobalComponent) {
    const changed = withNewVersion(global, { is_active: !global.is_active });
    for (const placeholder of globalPlaceholders(editor, global.global_component_id)) {
      placeholder.addAttributes({ 'data-global-active': String(changed.is_active) });
    }
    update(globals.map((item) => (item === global ? changed : item)));
  }

  function edit(global: GlobalComponent) {
    const page = editor.Pages.getSelected()?.getMainComponent();
    const here = page?.find(
      `[${SITE_BLOCK_ATTRIBUTES.globalId}="${CSS.escape(global.global_component_id)}"]`,
    )[0];
    const target = here?.components().at(0) ?? here;
    if (target) {
      editor.select(target);
      target.getEl()?.scrollIntoView({ block: 'center' });
    } else {
      insert(global);
    }
  }

  function insert(global: GlobalComponent) {
    const wrapper = editor.getWrapper();
    if (!wrapper) return;
    const at = global.component_type === 'header' ? 0 : undefined;
    const [placeholder] = wrapper.append(
      {
        type: SITE_BLOCK_TYPES.globalComponent,
        attributes: { [SITE_BLOCK_ATTRIBUTES.globalId]: global.global_component_id },
      },
      at === undefined ? {} : { at },
    );
    if (placeholder) fillPlaceholdersIn(wrapper, [global]);
    onChange();
  }

  function makeSelectedGlobal(event: FormEvent) {
    event.preventDefault();
    if (!selected || inGlobal) return;
    const global = makeGlobal(selected, type, name.trim() || `${type[0]!.toUpperCase()}${type.slice(1)}`);
    const [placeholder] = globalPlaceholders(editor, global.global_component_id);
    if (placeholder) baselines.set(global.global_component_id, placeholderContent(placeholder));
    update([...globals, global]);
    setName('');
  }

  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>Global components</h2>
      <p className="text-sm text-slate-700" aria-live="polite">
        {stats.active} active of {stats.total} · version {version}
      </p>
      {globals.length === 0 && (
        <p className="text-sm text-slate-600">
          None yet. Select a header or footer on the page and make it global.
        </p>
      )}
      <ul className="space-y-1.5" aria-label="Global components">
        {globals.map((global) => (
          <li
            key={global.global_component_id}
            aria-label={global.component_name}
            className="rounded-lg border border-slate-200 bg-white p-2"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {global.component_name}
                </span>
                <span className="text-xs text-slate-500">
                  {global.component_type} · v{global.version}
                </span>
              </span>
              <label className="flex items-center gap-1 text-xs text-slate-700">
                <input type="checkbox" checked={global.is_active} onChange={() => toggle(global)} />
                Active
              </label>
            </div>
            <div className="mt-1.5 flex gap-1">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => edit(global)}
                aria-label={`Edit ${global.component_name}`}
              >
                Edit
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        Edit a global component on any page: when you save, every page that shows it is updated.
      </p>
      <form onSubmit={makeSelectedGlobal} className="space-y-1.5 border-t border-slate-200 pt-3">
        <h3 className="text-xs font-semibold text-slate-700">Make the selected element global</h3>
        {!selected ? (
          <p className="text-xs text-slate-500">Select an element on the page first.</p>
        ) : inGlobal ? (
          <p className="text-xs text-slate-500">
            The selected element is already part of a global component.
          </p>
        ) : (
          <>
            <label className="block text-xs text-slate-700">
              Type
              <select className={field} value={type} onChange={(event) => setType(event.target.value)}>
                {GLOBAL_COMPONENT_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-xs text-slate-700">
              Name
              <input className={field} value={name} onChange={(event) => setName(event.target.value)} />
            </label>
            <Button type="submit" size="sm">
              Make global
            </Button>
          </>
        )}
      </form>
    </div>
  );
}
