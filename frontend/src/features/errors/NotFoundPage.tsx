import { ArrowLeft, MapPinOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Logo } from '../../components/Logo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 px-5 py-6 sm:px-10">
      <Link to={paths.profile} className="self-start rounded-lg">
        <Logo />
      </Link>
      <main className="flex flex-1 items-center justify-center">
        <EmptyState
          icon={<MapPinOff />}
          title="Page not found"
          description="The page you're looking for doesn't exist or has moved. Check the address, or head back to your profile."
          action={
            <Button asChild>
              <Link to={paths.profile}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back to EstateNet
              </Link>
            </Button>
          }
        />
      </main>
    </div>
  );
}
