import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AppStore } from '../../app/store.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { useAddProperty } from '../shell/useAddProperty.ts';
import { propertiesApi, useListPropertiesQuery } from './api.ts';
import { myPropertiesPage } from './listRequests.ts';
import { Pagination } from './Pagination.tsx';
import { PropertyCard, PropertyCardSkeletons } from './PropertyCard.tsx';

/** The first page of the signed-in agent's listings, asked for before the page renders; settles when answered. */
export async function prefetchMyProperties(store: AppStore): Promise<void> {
  const { token, agentId } = store.getState().auth;
  if (!token || !agentId) return;
  await store.dispatch(
    propertiesApi.endpoints.listProperties.initiate(myPropertiesPage(agentId, 1), { subscribe: false }),
  );
}

/** The dashboard's "My properties" (spec §2: dashboard properties are filtered to the signed-in agent's). */
export function MyPropertiesSection({ agentId }: { agentId: string }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useListPropertiesQuery(myPropertiesPage(agentId, page));
  const { addProperty, checking } = useAddProperty();
  const total = data?.pagination.totalItems ?? 0;

  return (
    <Card aria-labelledby="my-properties-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="my-properties-title">My properties</CardTitle>
          <p className="text-sm text-slate-600">{isLoading ? 'Loading…' : `${total} listed`}</p>
        </div>
        <Button size="sm" onClick={addProperty} loading={checking}>
          <Plus className="size-4" aria-hidden="true" />
          Add Property
        </Button>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="text-sm text-slate-600">
            Your properties could not be loaded.{' '}
            <button type="button" className="font-semibold text-brand-2 underline" onClick={() => refetch()}>
              Try again
            </button>
          </p>
        ) : isLoading ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <PropertyCardSkeletons count={3} />
          </div>
        ) : total === 0 ? (
          <EmptyState
            icon={<Building2 />}
            title="No properties yet"
            description="Your listings appear here once you add them."
            className="py-6"
          />
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data?.items.map((property, index) => (
                <PropertyCard key={property.property_id} property={property} first={index === 0} />
              ))}
            </div>
            {(data?.pagination.totalPages ?? 0) > 1 && (
              <Pagination
                page={page}
                totalPages={data!.pagination.totalPages}
                onPage={setPage}
                className="mt-6"
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
