import { formatMoney } from '../preferences/format.ts';
import type { Property } from '../properties/types.ts';
import type { PreviewListing } from './blocks.ts';

/** A listing as the property blocks' preview draws it. */
export function previewOf(property: Property): PreviewListing {
  return {
    id: property.property_id,
    title: property.title,
    city: property.city ?? '',
    // as the agent entered it, in its own currency (the published site adds the conversion)
    price: formatMoney(Number(property.price), property.currency ?? 'USD'),
    beds: Number(property.bedrooms_count ?? 0),
    status: property.status,
    ...(property.media?.[0]?.url ? { image: property.media[0].url } : {}),
  };
}
