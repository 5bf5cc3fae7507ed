import type { DomainFixtures } from './fixture-kit.ts';
import { agendaFixtures } from './fixtures/agenda.ts';
import { clientsFixtures } from './fixtures/clients.ts';
import { cloudFixtures } from './fixtures/cloud.ts';
import { connectionsFixtures } from './fixtures/connections.ts';
import { dealsFixtures } from './fixtures/deals.ts';
import { matchesFixtures } from './fixtures/matches.ts';
import { networkFixtures } from './fixtures/network.ts';
import { preferencesFixtures } from './fixtures/preferences.ts';
import { propertiesFixtures } from './fixtures/properties.ts';
import { reputationFixtures } from './fixtures/reputation.ts';
import { supportFixtures } from './fixtures/support.ts';
import { teamFixtures } from './fixtures/team.ts';
import { verificationsFixtures } from './fixtures/verifications.ts';
import { websiteDomainsFixtures } from './fixtures/website-domains.ts';
import { websitesFixtures } from './fixtures/websites.ts';
import type { PublicRouteId } from './role-kit.ts';

export {
  type ApiRequest,
  image,
  type OwnershipCase,
  PNG,
  type Probe,
  type RouteFixture,
  send,
} from './fixture-kit.ts';

/**
 * The per-route fixture table of the authorization matrix, one module per domain under fixtures/. Every
 * route whose path takes a parameter must have an entry (the coverage test fails otherwise):
 * either ownership cases — how to make an object that belongs to someone else, and what the route must
 * answer when the caller asks for it — or, for a path parameter that is not an object id (an enum), the
 * reason it has none. Routes that carry an object id in the body (uploads) have entries too.
 */
export const fixtures: DomainFixtures = {
  ...networkFixtures,
  ...preferencesFixtures,
  ...clientsFixtures,
  ...dealsFixtures,
  ...matchesFixtures,
  ...connectionsFixtures,
  ...teamFixtures,
  ...agendaFixtures,
  ...cloudFixtures,
  ...reputationFixtures,
  ...propertiesFixtures,
  ...supportFixtures,
  ...verificationsFixtures,
  ...websitesFixtures,
  ...websiteDomainsFixtures,
};

/**
 * The routes whose access is `public` (no token), each with the reason it is public. A public route
 * missing here is a type error (and counts as not covered).
 */
export const publicRoutes: Record<PublicRouteId, string> = {
  getAgendaFeedCalendar:
    'calendar apps subscribe to the .ics address without a bearer token; its unguessable token (256 bits), which the owner can rotate or revoke, is the secret',
  receiveBillingWebhook:
    'the billing provider calls it without a user token; every delivery must carry a valid HMAC-SHA256 signature of its body made with the webhook secret, within 5 minutes',
  createWebsiteLead:
    'a published website’s contact form is a plain HTML form any visitor posts without an account; it only adds a lead to that site’s agent (within its clients limit), is rate-limited per website and sender, and a website that is not published answers 404',
  getInvite:
    'the sign-up page shows an invite link’s agency and email before the invitee has an account; the link’s token is the secret',
  lookupOwnerConfirmation:
    'a listing’s owner opens the emailed link without an account; its token (256 bits, only its hash stored, single use, 7 days) is the secret, sent in the body from the page’s URL fragment',
  respondOwnerConfirmation:
    'the owner confirms or declines the listing without an account; the link’s token is the secret and works once, before it expires',
};
