import type * as z from 'zod/mini';
import type { websiteDomains } from '#contracts/schemas/websites';
import { api } from '../../app/api.ts';
import { WEBSITES } from '../templates/api.ts';
import type { WebsiteDomain } from './types.ts';

/**
 * The Domain dialog's reads: a website's domains with the state of its custom domain's DNS proof, and
 * "Check now" (contracts/routes/website-domains.ts). The domains also carry the websites tag, so claiming a
 * domain or setting up the subdomain (which invalidate it) reads them again.
 */

export type WebsiteDomains = z.infer<typeof websiteDomains>;

const domainsOf = (id: string) => ({ type: 'Website' as const, id: `DOMAINS-${id}` });

export const domainApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebsiteDomains: build.query<WebsiteDomains, string>({
      query: (id) => `website-domains/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [domainsOf(id), WEBSITES],
    }),
    checkCustomDomain: build.mutation<WebsiteDomain, string>({
      query: (id) => ({
        url: `website-domains/custom-domain/${encodeURIComponent(id)}/check`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, id) => [domainsOf(id)],
    }),
  }),
});

export const { useGetWebsiteDomainsQuery, useCheckCustomDomainMutation } = domainApi;
