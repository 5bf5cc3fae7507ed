import type { Editor } from 'grapesjs';
import { useCallback, useRef, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  isStaleSave,
  useForceContentMutation,
  useGetWebsiteEtagMutation,
  usePublishWebsiteMutation,
  useUnpublishWebsiteMutation,
  useUpdateWebsiteMutation,
} from './api.ts';
import { isValidEditorState, websiteUpdateBody } from './content.ts';
import { collectContent, syncEditedGlobals } from './editorContent.ts';
import type { GlobalComponent, Website } from './types.ts';
import { useWebsiteState } from './WebsiteProvider.tsx';
import { currentWebsiteSet, editorStateSet, etagSet, globalComponentsSet } from './websiteSlice.ts';

export interface EditorSession {
  editor: Editor | null;
  pageOrder: string[];
  settings: Record<string, unknown>;
  title: string;
  /** what each global component looked like when last loaded or saved (to detect in-place edits) */
  baselines: Map<string, string>;
}

/**
 * Save, publish and unpublish (spec §4: publishing saves first, then regenerates every page). Each save
 * sends the ETag of what the editor loaded or last saved as If-Match; a 412 (the website was saved
 * elsewhere since) opens the conflict (`conflict`) and saves nothing until the agent chooses: reload the
 * latest version (EditorScreen), keep their own (`keepMine`: saved again from the current ETag, read
 * afresh) or cancel (`dismissConflict`: editing goes on, the changes kept). A refused save is never sent
 * again by itself.
 */
export function useWebsiteActions(website: Website, session: () => EditorSession, onSaved: () => void) {
  const { state, dispatch } = useWebsiteState();
  const [updateWebsite, saving] = useUpdateWebsiteMutation();
  const [getWebsiteEtag] = useGetWebsiteEtagMutation();
  const [publishWebsite, publishing] = usePublishWebsiteMutation();
  const [unpublishWebsite, unpublishing] = useUnpublishWebsiteMutation();
  const [forceContent] = useForceContentMutation();
  // why the last save failed (shown with Retry until a save succeeds); the editor keeps its changes
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [keepingMine, setKeepingMine] = useState(false);
  const globalsRef = useRef<GlobalComponent[]>(state.globalComponents);
  globalsRef.current = state.globalComponents;
  // the ETag a save starts from (a ref: a save right after another must not send the one before it)
  const etagRef = useRef(state.etag);
  etagRef.current = state.etag;

  const saveFrom = useCallback(
    async (etag: string | null): Promise<Website | null> => {
      const { editor, pageOrder, settings, title, baselines } = session();
      if (!editor) return null;
      // text being typed in the canvas reaches the component model when its editing ends
      const editing = editor.getEditing();
      if (editing)
        await (editing.getView() as { disableEditing?: () => unknown } | undefined)?.disableEditing?.();
      const globals = syncEditedGlobals(editor, globalsRef.current, baselines);
      if (globals.some((global, index) => global !== globalsRef.current[index])) {
        dispatch(globalComponentsSet(globals));
      }
      const content = collectContent(editor, pageOrder, globals, state.editorState, settings.theme);
      if (!isValidEditorState(content)) {
        setSaveError('The editor state is not valid and was not saved');
        return null;
      }
      dispatch(editorStateSet(content));
      try {
        const saved = await updateWebsite({
          id: website.id,
          body: websiteUpdateBody({ title, content, settings }),
          etag,
        }).unwrap();
        // the editor keeps what it saved when the answer leaves the content out
        const current = { ...saved.website, content: saved.website.content ?? content };
        etagRef.current = saved.etag;
        dispatch(etagSet(saved.etag));
        dispatch(currentWebsiteSet(current));
        setSaveError(null);
        setConflict(false);
        onSaved();
        return current;
      } catch (error) {
        const status = (error as { status?: unknown } | undefined)?.status;
        if (isStaleSave(error)) setConflict(true);
        setSaveError(
          status === 'FETCH_ERROR'
            ? 'The website could not be saved: the connection was lost'
            : apiErrorMessage(error, 'The website could not be saved'),
        );
        return null;
      }
    },
    [session, dispatch, state.editorState, updateWebsite, website.id, onSaved],
  );

  const save = useCallback(() => saveFrom(etagRef.current), [saveFrom]);

  /** "Keep my version": the editor's content saved over the latest revision (read afresh, not assumed). */
  const keepMine = useCallback(async (): Promise<Website | null> => {
    setKeepingMine(true);
    try {
      const etag = await getWebsiteEtag(website.id).unwrap();
      // changed yet again in between: the conflict stays open
      return await saveFrom(etag);
    } catch (error) {
      setConflict(false);
      setSaveError(apiErrorMessage(error, 'The website could not be saved'));
      return null;
    } finally {
      setKeepingMine(false);
    }
  }, [getWebsiteEtag, saveFrom, website.id]);

  const dismissConflict = useCallback(() => setConflict(false), []);

  const changeStatus = useCallback(
    async (publish: boolean) => {
      const saved = await save();
      if (!saved) return;
      try {
        const result = await (publish ? publishWebsite : unpublishWebsite)(website.id).unwrap();
        await forceContent(website.id).unwrap();
        dispatch(currentWebsiteSet({ ...saved, ...result, content: saved.content }));
        showToast('success', publish ? 'Website published' : 'Website unpublished');
      } catch (error) {
        showToast(
          'error',
          apiErrorMessage(
            error,
            publish ? 'The website could not be published' : 'The website could not be unpublished',
          ),
        );
      }
    },
    [save, publishWebsite, unpublishWebsite, forceContent, website.id, dispatch],
  );

  return {
    save,
    saveError,
    /** a save was refused: the website changed elsewhere since the editor's ETag */
    conflict,
    keepMine,
    dismissConflict,
    /** "Keep my version" is reading the ETag or saving */
    keepingMine,
    publish: () => changeStatus(true),
    unpublish: () => changeStatus(false),
    busy: saving.isLoading || publishing.isLoading || unpublishing.isLoading,
    saving: saving.isLoading,
    publishing: publishing.isLoading || unpublishing.isLoading,
  };
}
