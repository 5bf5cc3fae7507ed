import { RotateCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';

/** Shown when a route fails to render or its code fails to load (e.g. after a deploy replaced the chunks). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-5">
      <EmptyState
        icon={<TriangleAlert />}
        title="Something went wrong"
        description="This page couldn't be displayed. Reloading usually fixes it."
        action={
          <Button onClick={() => window.location.reload()}>
            <RotateCw className="size-4" aria-hidden="true" />
            Reload page
          </Button>
        }
      />
    </main>
  );
}
