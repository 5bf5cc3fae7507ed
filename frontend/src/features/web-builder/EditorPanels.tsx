import clsx from 'clsx';
import type { Component, Editor } from 'grapesjs';
import {
  Blocks,
  Files,
  History,
  Image,
  Layers,
  type LucideIcon,
  Paintbrush,
  Palette,
  Search,
  SlidersHorizontal,
} from 'lucide-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { GlobalComponentsPanel, PagesPanel } from './pagePanels.tsx';
import { AssetsPanel, BackupsPanel, BlocksPanel, SelectedPanel } from './panels.tsx';
import { StylePanel } from './StylePanel.tsx';
import { SeoPanel, ThemePanel } from './settingsPanels.tsx';
import type { ThemeSettings } from './types.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';

export type Tab =
  | 'blocks'
  | 'pages'
  | 'style'
  | 'settings'
  | 'global'
  | 'theme'
  | 'seo'
  | 'assets'
  | 'backups';

export const TABS: { id: Tab; label: string; icon: LucideIcon }[] = [
  { id: 'blocks', label: 'Blocks', icon: Blocks },
  { id: 'pages', label: 'Pages', icon: Files },
  { id: 'style', label: 'Style', icon: Paintbrush },
  { id: 'settings', label: 'Settings', icon: SlidersHorizontal },
  { id: 'global', label: 'Global', icon: Layers },
  { id: 'theme', label: 'Theme', icon: Palette },
  { id: 'seo', label: 'SEO', icon: Search },
  { id: 'assets', label: 'Assets', icon: Image },
  { id: 'backups', label: 'Backups', icon: History },
];

/** Tabs that are about the selected element: a click on the page leaves them in place. */
const ELEMENT_TABS: readonly Tab[] = ['style', 'settings', 'global'];

/**
 * The editor's side: a rail of tabs and the open tab's panel. Clicking an element on the page opens its
 * Style tab (unless an element tab is open already); a block added from the Blocks tab keeps that tab.
 */
export function EditorSidebar({
  editor,
  websiteId,
  selected,
  theme,
  pageOrder,
  onPageOrderChange,
  baselines,
  settings,
  onSettingsChange,
  title,
  onTitleChange,
  onChange,
  beforeRestore,
  onRestored,
}: {
  editor: Editor | null;
  websiteId: string;
  selected: Component | null;
  theme: ThemeSettings;
  pageOrder: string[];
  onPageOrderChange: (order: string[]) => void;
  baselines: Map<string, string>;
  settings: Record<string, unknown>;
  onSettingsChange: (settings: Record<string, unknown>) => void;
  title: string;
  onTitleChange: (title: string) => void;
  onChange: () => void;
  beforeRestore?: (() => Promise<unknown>) | undefined;
  onRestored: () => Promise<void>;
}) {
  const { state } = useWebsiteState();
  const [tab, setTab] = useState<Tab>('blocks');

  useEffect(() => {
    if (!editor) return;
    // a selection made by a click in the canvas carries its event; the panels' own selections do not
    const onSelected = (_component: Component, options?: { event?: unknown }) => {
      if (options?.event) setTab((current) => (ELEMENT_TABS.includes(current) ? current : 'style'));
    };
    editor.on('component:selected', onSelected);
    return () => {
      editor.off('component:selected', onSelected);
    };
  }, [editor]);

  function onRailKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  }

  const current = TABS.find((item) => item.id === tab)!;
  return (
    <>
      <div
        role="tablist"
        aria-label="Panels"
        aria-orientation="vertical"
        className="flex w-16 shrink-0 flex-col items-stretch gap-0.5 overflow-y-auto border-r border-slate-200 bg-white px-1.5 py-2"
      >
        {TABS.map((item, index) => {
          const Icon = item.icon;
          const active = tab === item.id;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`editor-tab-${item.id}`}
              aria-selected={active}
              aria-controls="editor-tabpanel"
              tabIndex={active ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={(event) => onRailKey(event, index)}
              className={clsx(
                'flex flex-col items-center gap-1 rounded-lg px-1 py-2 text-[11px] font-medium transition-colors',
                active
                  ? 'bg-brand-50 text-brand-800'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              <Icon className={clsx('size-[18px]', active && 'text-brand-2')} aria-hidden="true" />
              {item.label}
            </button>
          );
        })}
      </div>
      <aside
        aria-label="Editor panels"
        className="flex w-72 shrink-0 flex-col border-r border-slate-200 bg-slate-50"
      >
        <div
          role="tabpanel"
          id="editor-tabpanel"
          aria-labelledby={`editor-tab-${current.id}`}
          className="min-h-0 flex-1 overflow-y-auto p-3"
        >
          {editor && tab === 'blocks' && <BlocksPanel editor={editor} />}
          {editor && tab === 'pages' && (
            <PagesPanel
              editor={editor}
              order={pageOrder}
              onOrderChange={onPageOrderChange}
              globals={state.globalComponents}
              baselines={baselines}
              onChange={onChange}
            />
          )}
          {editor && tab === 'style' && (
            <StylePanel editor={editor} selected={selected} theme={theme} websiteId={websiteId} />
          )}
          {editor && tab === 'settings' && <SelectedPanel editor={editor} selected={selected} />}
          {editor && tab === 'global' && (
            <GlobalComponentsPanel
              editor={editor}
              selected={selected}
              baselines={baselines}
              onChange={onChange}
            />
          )}
          {tab === 'theme' && <ThemePanel settings={settings} onChange={onSettingsChange} />}
          {editor && tab === 'seo' && (
            <SeoPanel
              editor={editor}
              settings={settings}
              onChange={onSettingsChange}
              pageOrder={pageOrder}
              title={title}
              onTitleChange={onTitleChange}
            />
          )}
          {editor && tab === 'assets' && <AssetsPanel editor={editor} websiteId={websiteId} />}
          {tab === 'backups' && (
            <BackupsPanel websiteId={websiteId} beforeRestore={beforeRestore} onRestored={onRestored} />
          )}
        </div>
      </aside>
    </>
  );
}
