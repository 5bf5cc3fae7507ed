import { RotateCw, ServerCrash } from 'lucide-react';
import { Logo } from '../components/Logo.tsx';
import { Button } from '../components/ui/Button.tsx';
import { EmptyState } from '../components/ui/EmptyState.tsx';

/** Shown instead of the app when `/app-config.json` is missing or invalid: nothing can sign in without it. */
export function ConfigErrorScreen({ detail }: { detail: string }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 px-5 py-6 sm:px-10">
      <Logo className="self-start" />
      <main className="flex flex-1 items-center justify-center">
        <EmptyState
          icon={<ServerCrash />}
          title="EstateNet can't start right now"
          description={
            <>
              The app's configuration couldn't be loaded, so sign-in isn't available. Please try again in a
              moment. If this keeps happening, contact support.
              <span className="mt-3 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-600">
                {detail}
              </span>
            </>
          }
          action={
            <Button onClick={() => window.location.reload()}>
              <RotateCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          }
        />
      </main>
    </div>
  );
}
