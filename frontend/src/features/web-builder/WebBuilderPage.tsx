import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { WebsiteList } from './WebsiteList.tsx';
import { WebsiteProvider } from './WebsiteProvider.tsx';

// GrapesJS loads only when a website is opened (?id=), not for the list.
const EditorScreen = lazy(() =>
  import('./EditorScreen.tsx').then((module) => ({ default: module.EditorScreen })),
);

/**
 * /web-builder (spec §2, menu label Website): the agent's websites, or with `?id=` the editor of one.
 * Only this lazy route may load editor code (tests/budgets/frontend-size.ts).
 */
export function WebBuilderPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <WebsiteProvider>
      {id ? (
        <Suspense
          fallback={
            <div className="flex min-h-[60vh] items-center justify-center">
              <Spinner label="Loading the editor" className="size-8 text-brand-2" />
            </div>
          }
        >
          <EditorScreen key={id} websiteId={id} />
        </Suspense>
      ) : (
        <WebsiteList />
      )}
    </WebsiteProvider>
  );
}
