import type { CurrencyCode } from '#contracts/exchange-rates';
import type { Furnishing, PropertyStatus } from '#contracts/schemas/properties';
import { findCognitoUser, type UserPoolAccess } from './accounts.ts';
import { demoPhotos } from './seed-photos.ts';

/**
 * The demo catalogue: listings of the demo agents across Portugal, each with three offline photos
 * (local/seed-photos.ts), written through the entity layer with their search entries and counters like
 * the API writes them. The ids of the listings the demo reputation history names (seed-reputation.ts)
 * are the same. Every listing is written unverified: its deed and its owner's confirmation come from
 * verifications made through the handlers' own code (seed-verifications.ts). Ids and photo keys are fixed,
 * so a restart adds nothing and never overwrites what the demo user changed; each listing takes its plan
 * slot.
 */

const DAY = 24 * 60 * 60 * 1000;

export interface DemoProperty {
  id: string;
  owner: string;
  title: string;
  /** in `currency` */
  price: number;
  /** the currency of the listing's city: EUR unless given (every demo city is in Portugal) */
  currency?: CurrencyCode;
  street_address?: string;
  city: string;
  area?: string;
  bedrooms?: number;
  bathrooms?: number;
  size?: number;
  unit?: 'sqm' | 'sqft';
  furnishing?: Furnishing;
  status: PropertyStatus;
  commission?: number;
  description: string;
  features?: string[];
  closeTo?: string[];
  views?: string[];
  video?: boolean;
  tour?: boolean;
  /** the deed was approved by support staff (seed-verifications.ts makes and approves it) */
  deed?: boolean;
  /** the owner confirmed the listing through the emailed link (seed-verifications.ts) */
  owner_ack?: boolean;
  /** a deed still waiting for support staff, or one they rejected (the states the screens show) */
  deedReview?: 'pending' | 'rejected';
  /** the owner's link was sent and not answered yet */
  ownerLinkSent?: boolean;
  daysAgo: number;
}

export const DEMO_PROPERTIES: readonly DemoProperty[] = [
  {
    id: 'demo-alfama-loft',
    owner: 'demo@estatenet.local',
    title: 'Riverside loft in Alfama',
    price: 612_000,
    street_address: 'Rua de São Miguel 24',
    city: 'Lisbon',
    area: 'Alfama',
    bedrooms: 2,
    bathrooms: 2,
    size: 96,
    furnishing: 'furnished',
    status: 'for_sale',
    commission: 2.5,
    description:
      'Top-floor loft in a restored 19th-century building, with exposed beams, a wood-burning stove and a terrace over the Tagus. Walking distance to the Sé and Miradouro de Santa Luzia.',
    features: ['Terrace', 'Exposed beams', 'Fireplace'],
    closeTo: ['Tram 28', 'Sé Cathedral'],
    views: ['River', 'Old town'],
    video: true,
    deed: true,
    daysAgo: 24,
  },
  {
    id: 'demo-chiado-penthouse',
    owner: 'demo@estatenet.local',
    title: 'Chiado penthouse with river view',
    price: 1_850_000,
    street_address: 'Rua do Alecrim 41',
    city: 'Lisbon',
    area: 'Chiado',
    bedrooms: 3,
    bathrooms: 3,
    size: 184,
    furnishing: 'semi_furnished',
    status: 'under_offer',
    commission: 3,
    description:
      'Duplex penthouse with a 60 m² roof terrace, lift to the door, a chef’s kitchen and a private parking space, in the heart of Chiado.',
    features: ['Roof terrace', 'Lift', 'Parking', 'Air conditioning'],
    closeTo: ['Baixa-Chiado metro', 'Cais do Sodré'],
    views: ['River', 'City'],
    video: true,
    tour: true,
    deed: true,
    owner_ack: true,
    daysAgo: 12,
  },
  {
    id: 'demo-belem-villa',
    owner: 'demo@estatenet.local',
    title: 'Belém family villa with garden',
    price: 2_400_000,
    street_address: 'Rua do Restelo 8',
    city: 'Lisbon',
    area: 'Belém',
    bedrooms: 5,
    bathrooms: 4,
    size: 320,
    furnishing: 'unfurnished',
    status: 'for_sale',
    commission: 2,
    description:
      'Detached villa on a quiet street of Restelo with a mature garden, a heated pool and a separate studio for guests. Close to the international schools.',
    features: ['Pool', 'Garden', 'Guest studio', 'Garage'],
    closeTo: ['International schools', 'Jerónimos Monastery'],
    views: ['Garden'],
    tour: true,
    deedReview: 'rejected',
    owner_ack: true,
    daysAgo: 3,
  },
  {
    id: 'demo-principe-real-flat',
    owner: 'demo@estatenet.local',
    title: 'Príncipe Real apartment for rent',
    price: 3_400,
    city: 'Lisbon',
    area: 'Príncipe Real',
    bedrooms: 2,
    bathrooms: 1,
    size: 88,
    furnishing: 'furnished',
    status: 'for_rent',
    commission: 50,
    description:
      'Monthly rent. Bright corner flat with high ceilings, renovated kitchen and a balcony over the garden square.',
    features: ['Balcony', 'High ceilings'],
    closeTo: ['Jardim do Príncipe Real', 'Rato metro'],
    deedReview: 'pending',
    ownerLinkSent: true,
    daysAgo: 1,
  },
  {
    id: 'demo-avenidas-flat',
    owner: 'leo@estatenet.local',
    title: 'Two-bedroom flat in Avenidas Novas',
    price: 495_000,
    street_address: 'Avenida de Roma 77',
    city: 'Lisbon',
    area: 'Avenidas Novas',
    bedrooms: 2,
    bathrooms: 2,
    size: 102,
    furnishing: 'unfurnished',
    status: 'for_sale',
    commission: 2.5,
    description:
      'Renovated flat with a closed kitchen, two suites and storage in the basement. Metro at the door.',
    features: ['Storage room', 'Double glazing'],
    closeTo: ['Roma metro', 'Supermarkets'],
    deed: true,
    daysAgo: 15,
  },
  {
    id: 'demo-parque-nacoes-t3',
    owner: 'leo@estatenet.local',
    title: 'Parque das Nações three-bedroom with river view',
    price: 780_000,
    city: 'Lisbon',
    area: 'Parque das Nações',
    bedrooms: 3,
    bathrooms: 2,
    size: 140,
    furnishing: 'semi_furnished',
    status: 'for_sale',
    commission: 2,
    description:
      'Modern condominium with a gym and a pool, two parking spaces, and a long balcony facing the river.',
    features: ['Pool', 'Gym', 'Two parking spaces'],
    closeTo: ['Oriente station', 'Vasco da Gama mall'],
    views: ['River'],
    video: true,
    daysAgo: 6,
  },
  {
    id: 'demo-cascais-house',
    owner: 'ines@estatenet.local',
    title: 'Seaside house in Cascais',
    price: 1_150_000,
    street_address: 'Avenida Rei Humberto II 15',
    city: 'Cascais',
    area: 'Monte Estoril',
    bedrooms: 4,
    bathrooms: 3,
    size: 210,
    furnishing: 'furnished',
    status: 'for_sale',
    commission: 2.5,
    description:
      'Family house two streets from the beach, with a sunny patio, a barbecue area and sea glimpses from the top floor.',
    features: ['Patio', 'Barbecue', 'Fireplace'],
    closeTo: ['Beach', 'Train to Lisbon'],
    views: ['Sea'],
    owner_ack: true,
    daysAgo: 10,
  },
  {
    id: 'demo-estoril-rental',
    owner: 'ines@estatenet.local',
    title: 'Estoril apartment near the international schools',
    price: 2_900,
    city: 'Cascais',
    area: 'Estoril',
    bedrooms: 3,
    bathrooms: 2,
    size: 125,
    furnishing: 'furnished',
    status: 'for_rent',
    description:
      'Monthly rent, available from August. Quiet building with a garden and a pool, ten minutes’ walk to the schools.',
    features: ['Shared pool', 'Garden'],
    closeTo: ['International schools', 'Estoril station'],
    daysAgo: 4,
  },
  {
    id: 'demo-foz-apartment',
    owner: 'sofia@estatenet.local',
    title: 'Apartment in Foz do Douro',
    price: 540_000,
    street_address: 'Rua do Passeio Alegre 210',
    city: 'Porto',
    area: 'Foz do Douro',
    bedrooms: 3,
    bathrooms: 2,
    size: 130,
    furnishing: 'unfurnished',
    status: 'for_sale',
    commission: 2.5,
    description:
      'Spacious apartment by the mouth of the Douro, with a south-facing balcony and a garage box.',
    features: ['Balcony', 'Garage'],
    closeTo: ['Beach', 'Jardim do Passeio Alegre'],
    views: ['River', 'Sea'],
    deed: true,
    daysAgo: 20,
  },
  {
    id: 'demo-ribeira-studio',
    owner: 'sofia@estatenet.local',
    title: 'Ribeira studio for holiday lets',
    price: 265_000,
    city: 'Porto',
    area: 'Ribeira',
    bedrooms: 0,
    bathrooms: 1,
    size: 38,
    furnishing: 'furnished',
    status: 'sold',
    description: 'Studio with a short-term rental licence in the historic centre, sold furnished.',
    features: ['Rental licence'],
    closeTo: ['Dom Luís I bridge'],
    views: ['River'],
    daysAgo: 35,
  },
  {
    id: 'demo-gaia-townhouse',
    owner: 'sofia@estatenet.local',
    title: 'Townhouse in Vila Nova de Gaia',
    price: 420_000,
    city: 'Vila Nova de Gaia',
    area: 'Canidelo',
    bedrooms: 4,
    bathrooms: 3,
    size: 1_900,
    unit: 'sqft',
    furnishing: 'unfurnished',
    status: 'for_sale',
    commission: 3,
    description:
      'End-of-terrace townhouse with a small garden and an attic office, close to the beaches of Gaia.',
    features: ['Garden', 'Attic office'],
    closeTo: ['Beach', 'Schools'],
    daysAgo: 8,
  },
  {
    id: 'demo-lagos-villa',
    owner: 'amir@estatenet.local',
    title: 'Villa with pool in Lagos',
    price: 980_000,
    city: 'Lagos',
    area: 'Porto de Mós',
    bedrooms: 4,
    bathrooms: 4,
    size: 240,
    furnishing: 'furnished',
    status: 'for_sale',
    commission: 3,
    description:
      'Holiday villa with a saltwater pool, a covered terrace and views over the bay, five minutes from Porto de Mós beach.',
    features: ['Pool', 'Covered terrace', 'Air conditioning'],
    closeTo: ['Porto de Mós beach', 'Marina'],
    views: ['Sea'],
    tour: true,
    daysAgo: 7,
  },
  {
    id: 'demo-albufeira-apartment',
    owner: 'amir@estatenet.local',
    title: 'Albufeira apartment by the old town',
    price: 310_000,
    city: 'Albufeira',
    bedrooms: 2,
    bathrooms: 1,
    size: 74,
    furnishing: 'furnished',
    status: 'for_sale',
    description: 'Holiday apartment with a shared pool, a sunny balcony and a licence for short stays.',
    features: ['Shared pool', 'Balcony'],
    closeTo: ['Old town', 'Fisherman’s beach'],
    daysAgo: 2,
  },
  {
    id: 'demo-faro-flat',
    owner: 'amir@estatenet.local',
    title: 'Faro flat near the marina',
    price: 1_600,
    city: 'Faro',
    bedrooms: 1,
    bathrooms: 1,
    size: 55,
    furnishing: 'semi_furnished',
    status: 'for_rent',
    description:
      'Monthly rent. One-bedroom flat in the centre, five minutes from the marina and the train station.',
    closeTo: ['Marina', 'Faro station'],
    daysAgo: 0.5,
  },
  {
    id: 'demo-coimbra-studio',
    owner: 'nora@estatenet.local',
    title: 'Studio near the university',
    price: 145_000,
    city: 'Coimbra',
    area: 'Alta',
    bedrooms: 0,
    bathrooms: 1,
    size: 32,
    furnishing: 'furnished',
    status: 'rented',
    description: 'Student studio in the upper town, let until July, a short walk from the university.',
    closeTo: ['University of Coimbra'],
    daysAgo: 30,
  },
];

export async function seedPropertiesDemo(pool: UserPoolAccess): Promise<void> {
  const [
    { Agent },
    { Property, writeProperty, PropertyChangedError },
    { putObject },
    { reserveFeature },
    { withIndexedPrice },
  ] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/properties/entities'),
    import('#aws/s3'),
    import('#platform/accounts/limits'),
    import('#functions/properties/property-prices'),
  ]);
  const agents = new Map<string, string>();
  for (const email of new Set(DEMO_PROPERTIES.map((demo) => demo.owner))) {
    const agentId = await findCognitoUser(pool, email);
    if (agentId) agents.set(email, agentId);
  }
  const now = Date.now();
  for (const [index, demo] of DEMO_PROPERTIES.entries()) {
    const agentId = agents.get(demo.owner);
    const agent = agentId ? await Agent.get({ agent_id: agentId }) : undefined;
    if (!agentId || !agent || (await Property.get({ property_id: demo.id }))) continue;
    const media = [];
    for (const photo of demoPhotos(index)) {
      const key = `media/properties/${demo.id}/${photo.name}`;
      await putObject({ bucket: 'files', key }, photo.bytes, {
        contentType: 'image/png',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      media.push({ url: `/${key}`, key, type: 'image' as const, name: photo.name });
    }
    const slug = demo.id.replace(/^demo-/, '');
    try {
      const property = await withIndexedPrice({
        property_id: demo.id,
        agent_id: agentId,
        ...(agent.agency_id ? { agency_id: agent.agency_id } : {}),
        title: demo.title,
        price: demo.price,
        currency: demo.currency ?? 'EUR',
        ...(demo.street_address ? { street_address: demo.street_address } : {}),
        city: demo.city,
        ...(demo.area ? { area: demo.area } : {}),
        ...(demo.bedrooms === undefined ? {} : { bedrooms_count: demo.bedrooms }),
        ...(demo.bathrooms === undefined ? {} : { bathrooms_count: demo.bathrooms }),
        ...(demo.size === undefined ? {} : { size: demo.size }),
        measurement_metric: demo.unit ?? 'sqm',
        ...(demo.furnishing ? { furnishing: demo.furnishing } : {}),
        status: demo.status,
        ...(demo.commission === undefined ? {} : { collaborator_commission: demo.commission }),
        description: demo.description,
        additionalFeatures: demo.features ?? [],
        closeTo: demo.closeTo ?? [],
        views: demo.views ?? [],
        // stand-ins for the agency's hosted tours (never fetched by the app)
        ...(demo.video ? { video_link: `https://video.example/estatenet/${slug}` } : {}),
        ...(demo.tour ? { virtual_tour_link: `https://tour.example/estatenet/${slug}` } : {}),
        metaDetails: {},
        media,
        imageOrder: media.map((item) => item.url),
        // set by the approval and the confirmation of seed-verifications.ts, as in the app
        deed_verified: false,
        owner_acknowledged: false,
        created_at: new Date(now - demo.daysAgo * DAY).toISOString(),
        version: 1,
      });
      await writeProperty(undefined, property);
    } catch (error) {
      // written meanwhile (two starts at once): nothing more to do for it
      if (error instanceof PropertyChangedError) continue;
      throw error;
    }
    // counted like a listing added through the API; the seed stays within every plan's limit
    await reserveFeature({ agentId, role: agent.role }, 'properties').catch(() => undefined);
  }
}
