import 'grapesjs/dist/css/grapes.min.css';
import inter400 from '@fontsource/inter/400.css?url';
import inter700 from '@fontsource/inter/700.css?url';
import GjsEditor, { Canvas } from '@grapesjs/react';
import clsx from 'clsx';
import grapesjs, { type Component, type Editor } from 'grapesjs';
import parserPostCSS from 'grapesjs-parser-postcss';
import { ArrowLeft, Monitor } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router-dom';
import { PROPERTY_GRID_MAX } from '#contracts/website-blocks';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { useMediaQuery } from '../../app/useMediaQuery.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { selectAgentData } from '../agents/selectors.ts';
import { propertiesApi } from '../properties/api.ts';
import { customAssetManager, EditorAssetManager } from './AssetPicker.tsx';
import { useLazyGetGlobalComponentsQuery, useLazyGetWebsiteQuery } from './api.ts';
import { setPreviewAgent, setPreviewListings, siteBlocksPlugin } from './blocks.ts';
import { ConflictComparison } from './ConflictComparison.tsx';
import { themeCss, themeOf } from './content.ts';
import { EditorSidebar } from './EditorPanels.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { applyTheme, fillGlobalPlaceholders, projectDataOf, siteStylesPlugin } from './editorContent.ts';
import { previewOf } from './listings.ts';
import { STYLE_SECTORS } from './StylePanel.tsx';
import type { Website } from './types.ts';
import { type EditorSession, useWebsiteActions } from './useWebsiteActions.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';
import { currentWebsiteSet, etagSet, globalComponentsSet, websiteFailed } from './websiteSlice.ts';

const WIDE_ENOUGH = '(min-width: 1024px)';

/** The agency's brand colour as the app shows it (the shell puts it on --brand-2). */
const brandColour = () =>
  getComputedStyle(document.documentElement).getPropertyValue('--brand-2').trim() || '#157f58';

/** GrapesJS's own marks over the canvas (name badge, element toolbar, drop line) in the app's look. */
const CANVAS_CHROME =
  '.gjs-badge{background:var(--brand-2);border-radius:6px;padding:2px 8px;font:600 11px/1.5 Inter,sans-serif}' +
  '.gjs-toolbar{background:var(--brand-2);border-radius:8px;box-shadow:0 4px 12px rgb(15 23 42/.18);overflow:hidden}' +
  '.gjs-toolbar-item{padding:4px 6px}.gjs-toolbar-item:hover{background:rgb(255 255 255/.15)}' +
  '.gjs-placeholder{border-color:transparent var(--brand-2)}.gjs-placeholder-int{background:var(--brand-2)}' +
  '.gjs-resizer-h{border-color:var(--brand-2)}.gjs-highlighter{outline-color:var(--brand-1)!important}';

/** Names the canvas iframe GrapesJS made (it has no title of its own). */
const nameCanvasFrame = (frame: Element | null | undefined) => frame?.setAttribute('title', 'Page canvas');

/** /web-builder?id=…: loads the website, then the editor (a phone gets a note instead). */
export function EditorScreen({ websiteId }: { websiteId: string }) {
  const { state, dispatch } = useWebsiteState();
  const [getWebsite, query] = useLazyGetWebsiteQuery();
  const [generation, setGeneration] = useState(0);
  const wide = useMediaQuery(WIDE_ENOUGH);

  const load = useCallback(async () => {
    try {
      const { website, etag } = await getWebsite(websiteId, false).unwrap();
      dispatch(etagSet(etag));
      dispatch(currentWebsiteSet(website));
      setGeneration((value) => value + 1);
    } catch {
      dispatch(websiteFailed('This website could not be loaded.'));
    }
  }, [getWebsite, websiteId, dispatch]);

  useEffect(() => {
    void load();
  }, [load]);

  const website = state.currentWebsite;
  if (!wide) {
    return (
      <div className="mx-auto max-w-md py-12 text-center">
        <Monitor className="mx-auto size-10 text-brand-2" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-bold text-slate-900">The editor needs a larger screen</h1>
        <p className="mt-2 text-slate-600">
          Open this website on a computer or tablet in landscape to edit its pages. You can still manage your
          websites from the list.
        </p>
        <Link to={paths.webBuilder} className={clsx(buttonClassName({ variant: 'secondary' }), 'mt-6')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to websites
        </Link>
      </div>
    );
  }
  if (state.error && !website) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-12">
        <h1 className="text-xl font-bold text-slate-900">Website</h1>
        <Alert>
          {state.error}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void load()}>
            Try again
          </button>
        </Alert>
        <Link to={paths.webBuilder} className={buttonClassName({ variant: 'secondary' })}>
          Back to websites
        </Link>
      </div>
    );
  }
  if (!website || website.id !== websiteId || query.isFetching) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner label="Loading the website" className="size-8 text-brand-2" />
      </div>
    );
  }
  return <WebsiteEditor key={generation} website={website} onReload={load} />;
}

function WebsiteEditor({ website, onReload }: { website: Website; onReload: () => Promise<void> }) {
  const { state, dispatch } = useWebsiteState();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [dirty, setDirty] = useState(false);
  const [settings, setSettings] = useState<Record<string, unknown>>(() => ({
    ...website.settings,
    theme: themeOf(website.settings),
  }));
  const [title, setTitle] = useState(website.title);
  const [pageOrder, setPageOrder] = useState<string[]>([]);
  const [selected, setSelected] = useState<Component | null>(null);
  const [getGlobalComponents] = useLazyGetGlobalComponentsQuery();
  const baselines = useRef(new Map<string, string>());
  const ready = useRef(false);

  const session = useRef<EditorSession>({
    editor: null,
    pageOrder,
    settings,
    title,
    baselines: baselines.current,
  });
  session.current = { editor, pageOrder, settings, title, baselines: baselines.current };
  const markClean = useCallback(() => setDirty(false), []);
  const actions = useWebsiteActions(website, () => session.current, markClean);
  const markDirty = useCallback(() => {
    if (ready.current) setDirty(true);
  }, []);

  const theme = themeOf(settings);
  // the editor is built once per loaded website (the screen remounts it on reload)
  // biome-ignore lint/correctness/useExhaustiveDependencies: built once per editor
  const options = useMemo(
    () => ({
      height: '100%',
      storageManager: false as const,
      // no CDN: GrapesJS's icon font would come from cdnjs; the panels here are our own
      cssIcons: '',
      // the theme's default font, served with the app (the canvas is a document of its own)
      canvas: { styles: [inter400, inter700] },
      // PostCSS reads the site's CSS as written (the browser's parser drops var() shorthands); the site's
      // component types exist before its pages load
      plugins: [parserPostCSS, siteBlocksPlugin, siteStylesPlugin(website.content)],
      projectData: projectDataOf(website.content),
      canvasCss:
        '[data-global-id]{outline:2px dashed #a78bfa;outline-offset:-2px}' +
        '[data-global-active="false"]{opacity:.45}' +
        // the selection in the app's brand colour (the canvas is a document of its own: no app CSS there)
        `.gjs-selected{outline:2px solid ${brandColour()}!important;outline-offset:-2px}` +
        `.gjs-selected-parent{outline:2px dashed ${brandColour()}!important}`,
      selectorManager: { componentFirst: true },
      // the asset picker and the style panel are the app's own (AssetPicker.tsx, StylePanel.tsx)
      assetManager: { custom: customAssetManager, upload: false as const, assets: [] },
      styleManager: { custom: true, sectors: STYLE_SECTORS },
      deviceManager: {
        devices: [
          { id: 'desktop', name: 'Desktop', width: '' },
          { id: 'tablet', name: 'Tablet', width: '768px', widthMedia: '992px' },
          { id: 'mobile', name: 'Phone', width: '375px', widthMedia: '480px' },
        ],
      },
    }),
    [],
  );

  const appliedCss = useRef('');
  const agentId = useAppSelector((root) => root.auth.agentId);
  const agent = useAppSelector(selectAgentData);
  // before the editor renders its first blocks
  setPreviewAgent(
    agent
      ? {
          name: agent.full_name,
          agency: agent.agency_name,
          email: agent.email,
          phone: agent.phone,
          picture: agent.profile_picture,
        }
      : null,
  );
  const [listProperties] = propertiesApi.endpoints.listProperties.useLazyQuery();
  /** The property blocks preview the agent's own listings (samples when there are none). */
  async function loadListings(instance: Editor) {
    if (!agentId) return;
    try {
      const page = await listProperties({ agentId, page: 1, limit: PROPERTY_GRID_MAX }).unwrap();
      setPreviewListings(instance, page.items.map(previewOf));
    } catch {
      // the samples stay
    }
  }
  const onEditor = useCallback((instance: Editor) => {
    setEditor(instance);
    // from the start, not once loading has finished: the canvas takes clicks as soon as it shows, and the
    // panels open the Style tab on a click then (a selection made before this listener left it empty)
    instance.on('component:selected component:deselected', () => setSelected(instance.getSelected() ?? null));
    // GrapesJS draws each page in an untitled iframe: name it for assistive technology (WCAG 4.1.2)
    instance.on('canvas:frame:load', ({ window }: { window: Window }) =>
      nameCanvasFrame(window.frameElement),
    );
  }, []);

  // after load: global components in place, page order, change tracking
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per editor
  const onReady = useCallback(async (instance: Editor) => {
    setPageOrder(instance.Pages.getAll().map((page) => page.getId()));
    nameCanvasFrame(instance.Canvas.getFrameEl());
    let globals = state.globalComponents;
    try {
      const result = await getGlobalComponents(website.id).unwrap();
      globals = result.globalComponents;
      dispatch(globalComponentsSet(globals));
    } catch {
      showToast('error', 'Failed to load global components');
    }
    baselines.current = fillGlobalPlaceholders(instance, globals);
    void loadListings(instance);
    // the saved theme is in place before changes are tracked (loading the project resets the rules)
    appliedCss.current = themeCss(themeOf(settings));
    applyTheme(instance, themeOf(settings));
    instance.UndoManager.clear();
    // changes made while loading (placeholders filled, the canvas's first render) are not the agent's
    await new Promise((resolve) => setTimeout(resolve, 300));
    instance.clearDirtyCount();
    instance.on('update', () => {
      if (instance.getDirtyCount() > 0) markDirty();
    });
    // text typed in the canvas reaches the model only when its editing ends
    instance.on('component:input', markDirty);
    ready.current = true;
  }, []);

  // the theme's colours and font, as rules the published pages carry too
  const css = themeCss(theme);
  useEffect(() => {
    if (!editor || !ready.current || appliedCss.current === css) return;
    appliedCss.current = css;
    applyTheme(editor, JSON.parse(css).theme);
  }, [editor, css]);

  // unsaved changes: the browser asks before unload, the router before leaving the editor
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  function changeSettings(next: Record<string, unknown>) {
    setSettings(next);
    setDirty(true);
  }

  return (
    <div className="flex h-[calc(100dvh-4rem)] flex-col bg-white">
      <h1 className="sr-only">Website editor: {website.name}</h1>
      {/* GrapesJS's own exit-preview button needs its icon font; the toolbar has one */}
      <style>{`.gjs-off-prv{display:none}${CANVAS_CHROME}`}</style>
      <EditorToolbar
        website={state.currentWebsite ?? website}
        editor={editor}
        dirty={dirty}
        actions={actions}
      />
      <GjsEditor
        className="flex min-h-0 flex-1"
        grapesjs={grapesjs}
        options={options}
        onEditor={onEditor}
        onReady={onReady}
      >
        <div className="flex min-h-0 flex-1">
          <EditorSidebar
            editor={editor}
            websiteId={website.id}
            selected={selected}
            theme={theme}
            pageOrder={pageOrder}
            onPageOrderChange={(order) => {
              setPageOrder(order);
              setDirty(true);
            }}
            baselines={baselines.current}
            settings={settings}
            onSettingsChange={changeSettings}
            title={title}
            onTitleChange={(value) => {
              setTitle(value);
              setDirty(true);
            }}
            onChange={() => setDirty(true)}
            beforeRestore={dirty ? actions.save : undefined}
            onRestored={onReload}
          />
          <div className="relative min-w-0 flex-1 bg-slate-100">
            <Canvas className="absolute inset-0" />
          </div>
        </div>
      </GjsEditor>
      {editor && <EditorAssetManager editor={editor} websiteId={website.id} />}
      <Modal
        open={actions.conflict}
        onOpenChange={(open) => !open && actions.dismissConflict()}
        title="This website was changed elsewhere"
        description="Someone saved this website since you opened it, in another tab or on another device. Your changes are not saved yet: choose which version to keep."
        footer={
          <>
            <Button variant="ghost" disabled={actions.keepingMine} onClick={actions.dismissConflict}>
              Cancel
            </Button>
            <Button
              variant="secondary"
              disabled={actions.keepingMine}
              onClick={() => {
                actions.dismissConflict();
                void onReload();
              }}
            >
              Reload the latest version
            </Button>
            <Button loading={actions.keepingMine} onClick={() => void actions.keepMine()}>
              Keep my version
            </Button>
          </>
        }
      >
        {actions.conflict && (
          <ConflictComparison
            websiteId={website.id}
            // what the refused save sent: the content it collected, with the title and settings now
            mine={() => ({ title, settings, content: state.editorState })}
          />
        )}
      </Modal>
      <Modal
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title="Leave without saving?"
        description="Your changes to this website have not been saved."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </>
        }
      />
    </div>
  );
}
