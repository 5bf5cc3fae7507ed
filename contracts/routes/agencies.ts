import * as z from 'zod/mini';
import { defineRoutes } from '../route.ts';
import { agency, agencyPatch } from '../schemas/agents.ts';
import { id, idParam } from '../schemas/common.ts';

/** Agencies: profile and logo (spec §7 "Connections, agents, agencies"). */
export const agenciesRoutes = defineRoutes({
  getAgency: {
    method: 'GET',
    path: '/api/agencies/{id}',
    handler: 'functions/agencies/get-agency.ts',
    auth: 'token',
    access: 'agency-member',
    summary: 'One agency (its members only; any other is 404)',
    request: { path: idParam },
    response: agency,
    resources: { table: 'read' },
  },
  updateAgency: {
    method: 'PATCH',
    path: '/api/agencies/{id}',
    handler: 'functions/agencies/update-agency.ts',
    auth: 'token',
    access: 'agency-admin',
    statuses: [403],
    summary: 'Change the agency: name, city, website (its admin only)',
    request: { path: idParam, body: agencyPatch },
    response: agency,
    resources: { table: 'readwrite' },
  },
  uploadLogo: {
    method: 'POST',
    path: '/api/upload-logo',
    handler: 'functions/agencies/upload-logo.ts',
    auth: 'token',
    access: 'agency-admin',
    statuses: [403],
    summary:
      "Set the caller's agency logo (its admin only) from an inline image in `files` (JPEG, PNG or WebP, at most 5 MB)",
    request: {
      bodyType: 'multipart',
      body: z.object({ agencyId: z.optional(id), type: z.optional(z.literal('logo')) }),
    },
    response: z.object({ logo: z.string() }),
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['agencyMedia'] } } },
  },
});
