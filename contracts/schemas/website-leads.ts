import * as z from 'zod/mini';
import { websiteLeadInput } from './websites.ts';

/**
 * A contact form's body on a listing page: the form's fields plus the hidden `property_id` of the listing
 * it is about (docs/website-builder.md "Publishing"), so the client and the agent's notification name the
 * listing. Optional (every other page's form has none); blank counts as absent.
 */
export const LEAD_LISTING_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const websiteListingLeadInput = z.extend(websiteLeadInput, {
  property_id: z.optional(
    z.union([
      z.literal(''),
      z
        .string({ error: 'must be a listing id' })
        .check(z.trim(), z.regex(LEAD_LISTING_ID, 'must be a listing id (letters, digits, - and _)')),
    ]),
  ),
});
export type WebsiteListingLeadInput = z.infer<typeof websiteListingLeadInput>;
