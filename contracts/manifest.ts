import type { RouteDefinition } from './route.ts';
import { agenciesRoutes } from './routes/agencies.ts';
import { agendaRoutes } from './routes/agenda.ts';
import { agentsRoutes } from './routes/agents.ts';
import { billingRoutes } from './routes/billing.ts';
import { clientsRoutes } from './routes/clients.ts';
import { cloudRoutes } from './routes/cloud.ts';
import { connectionsRoutes } from './routes/connections.ts';
import { dealsRoutes } from './routes/deals.ts';
import { matchesRoutes } from './routes/matches.ts';
import { preferencesRoutes } from './routes/preferences.ts';
import { propertiesRoutes } from './routes/properties.ts';
import { reputationRoutes } from './routes/reputation.ts';
import { supportRoutes } from './routes/support.ts';
import { teamRoutes } from './routes/team.ts';
import { uploadsRoutes } from './routes/uploads.ts';
import { verificationsRoutes } from './routes/verifications.ts';
import { websiteDomainsRoutes } from './routes/website-domains.ts';
import { websiteLeadsRoutes } from './routes/website-leads.ts';
import { websitesRoutes } from './routes/websites.ts';

/** The routes by domain file; the group name is the OpenAPI tag. */
export const routeGroups = {
  connections: connectionsRoutes,
  agents: agentsRoutes,
  agencies: agenciesRoutes,
  preferences: preferencesRoutes,
  billing: billingRoutes,
  support: supportRoutes,
  reputation: reputationRoutes,
  team: teamRoutes,
  clients: clientsRoutes,
  deals: dealsRoutes,
  matches: matchesRoutes,
  agenda: agendaRoutes,
  properties: propertiesRoutes,
  uploads: uploadsRoutes,
  verifications: verificationsRoutes,
  cloud: cloudRoutes,
  websites: websitesRoutes,
  websiteDomains: websiteDomainsRoutes,
  websiteLeads: websiteLeadsRoutes,
} satisfies Record<string, Record<string, RouteDefinition>>;

export type RouteGroup = keyof typeof routeGroups;

/**
 * The route manifest: every endpoint of product-spec §7 plus the ones our issues add. The CDK stack, the
 * local API Gateway, the OpenAPI document and the cross-cutting tests are all built from this list.
 */
export const routes = {
  ...connectionsRoutes,
  ...agentsRoutes,
  ...agenciesRoutes,
  ...preferencesRoutes,
  ...billingRoutes,
  ...supportRoutes,
  ...reputationRoutes,
  ...teamRoutes,
  ...clientsRoutes,
  ...dealsRoutes,
  ...matchesRoutes,
  ...agendaRoutes,
  ...propertiesRoutes,
  ...uploadsRoutes,
  ...verificationsRoutes,
  ...cloudRoutes,
  ...websitesRoutes,
  ...websiteDomainsRoutes,
  ...websiteLeadsRoutes,
} satisfies Record<string, RouteDefinition>;

export const manifest: readonly RouteDefinition[] = Object.values(routes);

export type RouteId = keyof typeof routes;

/** The group (domain file) of each route id. */
export const routeGroupOf: Readonly<Record<string, RouteGroup>> = Object.fromEntries(
  Object.entries(routeGroups).flatMap(([group, groupRoutes]) =>
    Object.keys(groupRoutes).map((routeId) => [routeId, group as RouteGroup]),
  ),
);
