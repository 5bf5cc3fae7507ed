import { BadgeCheck, FileCheck2, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { propertyPath } from './paths.ts';
import type { Property } from './types.ts';
import { StateBadge } from './VerificationPanel.tsx';
import { DEED_STATE_LABELS, OWNER_STATE_LABELS } from './verificationStates.ts';
import { useGetListingVerificationsQuery } from './verificationsApi.ts';

/**
 * The property form's Verification section: read-only. Deed verified and Owner acknowledged are earned on
 * the listing's page (its Verification card), so the form shows each with its state and links there; a
 * new listing is told how it will be verified once listed.
 */
export function VerificationSummary({ property }: { property?: Property | undefined }) {
  if (!property) {
    return (
      <p className="text-sm text-slate-600 sm:col-span-2">
        Once the property is listed, upload its title deed and ask its owner to confirm it from the listing's
        page. The listing then shows Deed verified and Owner acknowledged, and you earn reputation points.
      </p>
    );
  }
  return <ListingVerificationSummary property={property} />;
}

function ListingVerificationSummary({ property }: { property: Property }) {
  const { data, isLoading, isError } = useGetListingVerificationsQuery(property.property_id);
  const row = (icon: ReactNode, label: string, on: boolean, state: ReactNode) => (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
      <span className="inline-flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span className="text-brand-2 [&_svg]:size-4.5" aria-hidden="true">
          {icon}
        </span>
        {label}
        {on && <BadgeCheck className="size-4 text-emerald-600" aria-label="yes" />}
      </span>
      {state}
    </div>
  );
  const loading = <span className="h-5 w-24 animate-pulse rounded-full bg-slate-100" />;
  return (
    <>
      {row(
        <FileCheck2 />,
        'Deed verified',
        data?.deed_verified ?? property.deed_verified,
        isLoading ? loading : data ? <StateBadge {...DEED_STATE_LABELS[data.deed.state]} /> : null,
      )}
      {row(
        <MailCheck />,
        'Owner acknowledged',
        data?.owner_acknowledged ?? property.owner_acknowledged,
        isLoading ? loading : data ? <StateBadge {...OWNER_STATE_LABELS[data.owner.state]} /> : null,
      )}
      <p className="text-sm text-slate-600 sm:col-span-2">
        {isError ? 'The verification states could not be loaded. ' : ''}
        {data?.deed_verified && data.owner_acknowledged
          ? 'Both verifications are done: their details are on '
          : 'Upload the deed or ask the owner on '}
        <Link
          to={`${propertyPath(property.property_id)}#verification`}
          className="font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          the listing's page
        </Link>
        .
      </p>
    </>
  );
}
