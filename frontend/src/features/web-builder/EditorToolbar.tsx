import type { Editor } from 'grapesjs';
import {
  ArrowLeft,
  Eye,
  EyeOff,
  Link2,
  Monitor,
  Redo2,
  Shapes,
  Smartphone,
  Tablet,
  Undo2,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { sitePath } from './content.ts';
import { DomainDialog } from './DomainDialog.tsx';
import { SaveTemplateDialog } from './SaveTemplateDialog.tsx';
import type { Website } from './types.ts';
import type { useWebsiteActions } from './useWebsiteActions.ts';
import { StatusBadge } from './WebsiteList.tsx';

const DEVICES = [
  { id: 'desktop', label: 'Desktop', icon: Monitor },
  { id: 'tablet', label: 'Tablet', icon: Tablet },
  { id: 'mobile', label: 'Phone', icon: Smartphone },
] as const;

/** Whether there is something to undo or redo, kept up with the editor's changes. */
function useUndoState(editor: Editor | null) {
  const [state, setState] = useState({ canUndo: false, canRedo: false });
  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const next = { canUndo: editor.UndoManager.hasUndo(), canRedo: editor.UndoManager.hasRedo() };
      setState((current) =>
        current.canUndo === next.canUndo && current.canRedo === next.canRedo ? current : next,
      );
    };
    update();
    const events = 'update undo redo change:changesCount component:update style:property:update page';
    editor.on(events, update);
    return () => {
      editor.off(events, update);
    };
  }, [editor]);
  // Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z are GrapesJS's own keymaps (core:undo, core:redo), on this window and the
  // canvas, outside form fields
  return state;
}

export function EditorToolbar({
  website,
  editor,
  dirty,
  actions,
}: {
  website: Website;
  editor: Editor | null;
  dirty: boolean;
  actions: ReturnType<typeof useWebsiteActions>;
}) {
  const [device, setDevice] = useState('desktop');
  const [previewing, setPreviewing] = useState(false);
  const history = useUndoState(editor);
  const [domainOpen, setDomainOpen] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);

  useEffect(() => {
    if (!editor) return;
    const stop = () => setPreviewing(false);
    const follow = () => setDevice(editor.getDevice() || 'desktop');
    editor.on('stop:core:preview', stop);
    editor.on('device:select', follow);
    return () => {
      editor.off('stop:core:preview', stop);
      editor.off('device:select', follow);
    };
  }, [editor]);

  function togglePreview() {
    if (!editor) return;
    if (editor.Commands.isActive('core:preview')) {
      editor.stopCommand('core:preview');
      setPreviewing(false);
    } else {
      editor.runCommand('core:preview');
      setPreviewing(true);
    }
  }

  const published = website.status === 'published';
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
      <Link
        to={paths.webBuilder}
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        aria-label="Back to websites"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
      </Link>
      <div className="flex min-w-0 items-center gap-2">
        <span className="max-w-48 truncate font-semibold text-slate-900">{website.name}</span>
        <StatusBadge status={website.status} />
        <span className="text-xs text-slate-500" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        {actions.saveError && (
          <div
            role="alert"
            className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-800"
          >
            <span className="max-w-96">{actions.saveError}</span>
            <Button
              size="sm"
              variant="secondary"
              disabled={actions.saving}
              onClick={() => void actions.save()}
            >
              Retry
            </Button>
          </div>
        )}
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-1.5">
        <fieldset className="flex items-center rounded-lg border border-slate-200 p-0.5" aria-label="History">
          <button
            type="button"
            aria-label="Undo"
            title="Undo (Ctrl+Z)"
            disabled={!history.canUndo}
            onClick={() => editor?.UndoManager.undo()}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:pointer-events-none disabled:text-slate-300"
          >
            <Undo2 className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label="Redo"
            title="Redo (Ctrl+Shift+Z)"
            disabled={!history.canRedo}
            onClick={() => editor?.UndoManager.redo()}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:pointer-events-none disabled:text-slate-300"
          >
            <Redo2 className="size-4" aria-hidden="true" />
          </button>
        </fieldset>
        <fieldset className="flex rounded-lg border border-slate-200 p-0.5" aria-label="Device">
          {DEVICES.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              type="button"
              aria-label={label}
              title={`${label} view`}
              aria-pressed={device === id}
              onClick={() => {
                editor?.setDevice(id);
                setDevice(id);
              }}
              className={`rounded-md p-1.5 ${device === id ? 'bg-slate-200 text-slate-900' : 'text-slate-500 hover:bg-slate-100'}`}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </fieldset>
        <Button variant="secondary" size="sm" onClick={togglePreview} aria-pressed={previewing}>
          {previewing ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
          {previewing ? 'Exit preview' : 'Preview'}
        </Button>
        {published && (
          <a
            href={sitePath(website.id)}
            target="_blank"
            rel="noreferrer"
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          >
            View live
          </a>
        )}
        <Button variant="secondary" size="sm" onClick={() => setDomainOpen(true)}>
          <Link2 className="size-4" aria-hidden="true" />
          Domain
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setTemplateOpen(true)}>
          <Shapes className="size-4" aria-hidden="true" />
          Save as template
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={actions.saving}
          disabled={actions.busy}
          onClick={() => void actions.save()}
        >
          Save
        </Button>
        {published ? (
          <Button
            size="sm"
            loading={actions.publishing}
            disabled={actions.busy}
            onClick={() => void actions.unpublish()}
          >
            Unpublish
          </Button>
        ) : (
          <Button
            size="sm"
            loading={actions.publishing}
            disabled={actions.busy}
            onClick={() => void actions.publish()}
          >
            Publish
          </Button>
        )}
      </div>
      <DomainDialog open={domainOpen} onOpenChange={setDomainOpen} website={website} />
      <SaveTemplateDialog
        open={templateOpen}
        onOpenChange={setTemplateOpen}
        website={website}
        beforeSave={dirty ? actions.save : undefined}
      />
    </div>
  );
}
