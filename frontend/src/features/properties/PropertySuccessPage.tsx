import { CircleCheck, Star } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Card, CardContent } from '../../components/ui/Card.tsx';
import { useAddProperty } from '../shell/useAddProperty.ts';
import { useGetPropertyQuery } from './api.ts';
import { Cover } from './PropertyCard.tsx';
import { propertyPath } from './paths.ts';

/** /properties/success?id={propertyId}: shown after a property is added (spec §2). */
export function PropertySuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const points = (useLocation().state as { points?: number } | null)?.points;
  const { data: property } = useGetPropertyQuery(id, { skip: !id });
  // "Add another" checks the properties limit first, like every Add Property button
  const { addProperty, checking } = useAddProperty();

  return (
    <div className="mx-auto max-w-xl py-6">
      <Card>
        <CardContent className="flex flex-col items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600 ring-8 ring-emerald-50">
            <CircleCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Property listed</h1>
          <p className="mt-2 text-slate-600">
            {property
              ? `“${property.title}” is now visible to agents across the network.`
              : 'Your property is now visible to agents across the network.'}
          </p>
          {typeof points === 'number' && points > 0 && (
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-800 ring-1 ring-amber-600/20">
              <Star className="size-4 fill-current" aria-hidden="true" />+{points} reputation points
            </p>
          )}
          {property && property.media.length > 0 && (
            <Cover property={property} className="mt-6 aspect-[16/9] w-full rounded-xl" />
          )}
          <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
            {id && (
              <Link to={propertyPath(id)} className={buttonClassName()}>
                View property
              </Link>
            )}
            <Link to={paths.propertyList} className={buttonClassName({ variant: 'secondary' })}>
              Go to property list
            </Link>
            <Button variant="ghost" onClick={addProperty} loading={checking}>
              Add another
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
