import { describe, expect, it } from 'vitest';
import type { ClientItem } from '#functions/clients/entities';
import { clientCriteria, criteriaPartitions, partitionKey } from './criteria.ts';

/** What a client looks for, as the matcher and the index read it. */

const client = (fields: Partial<ClientItem> = {}): ClientItem => ({
  client_id: 'c-1',
  agentId: 'a-1',
  full_name: 'Sophie Laurent',
  type: 'buyer',
  stage: 'new',
  currency: 'USD',
  budget_min: 250_000,
  budget_max: 350_000,
  preferred_areas: ['  Évora ', 'evora', 'Lisbon'],
  property_interests: ['p-1'],
  tags: ['Sea View'],
  created_at: '2026-11-01T00:00:00.000Z',
  ...fields,
});
const RATES = { EUR: 0.5 };

describe('clientCriteria', () => {
  it('reads areas and tags normalised and once, the budget in USD, the bedrooms asked for', () => {
    expect(clientCriteria(client({ currency: 'EUR', bedrooms_min: 2 }), RATES)).toEqual({
      status: 'for_sale',
      minUsd: 500_000,
      maxUsd: 700_000,
      areas: ['evora', 'lisbon'],
      minBedrooms: 2,
      interests: ['sea view'],
    });
  });

  it('looks for rentals for a tenant', () => {
    expect(clientCriteria(client({ type: 'tenant' }), RATES)?.status).toBe('for_rent');
  });

  it.each([
    ['a seller', { type: 'seller' as const }],
    ['a landlord', { type: 'landlord' as const }],
    ['a closed client', { stage: 'closed' as const }],
    ['a lost client', { stage: 'lost' as const }],
    [
      'a client naming neither an area nor a budget',
      { preferred_areas: [], budget_min: undefined, budget_max: undefined },
    ],
  ])('looks for nothing for %s', (_name, fields) => {
    expect(clientCriteria(client(fields), RATES)).toBeUndefined();
  });
});

describe('criteriaPartitions', () => {
  it('indexes each area × each band, areas URI-encoded', () => {
    const partitions = criteriaPartitions({
      status: 'for_sale',
      minUsd: 100,
      maxUsd: 100,
      areas: ['a|b#c'],
      interests: [],
    });
    expect(partitions).toEqual([partitionKey('for_sale', 'a|b#c', 'B020')]);
    expect(partitions[0]).toBe('for_sale|a%7Cb%23c|B020');
  });

  it('indexes criteria with no area under anywhere, and an open budget under the open band', () => {
    expect(criteriaPartitions({ status: 'for_rent', maxUsd: 2_000, areas: [], interests: [] })).toEqual([
      'for_rent|*|OPEN',
    ]);
  });
});
