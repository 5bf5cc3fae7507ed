import * as z from 'zod/mini';
import { defineRoutes } from '../route.ts';
import { agent, agentList, agentPatch, listAgentsQuery } from '../schemas/agents.ts';
import { id, idParam } from '../schemas/common.ts';

/** Agents: the directory, profiles and profile pictures (spec §7 "Connections, agents, agencies"). */
export const agentsRoutes = defineRoutes({
  listAgents: {
    method: 'GET',
    path: '/api/agents',
    handler: 'functions/agents/list-agents.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [403],
    summary:
      'All agents of the network, by name; `search` and `city` find agents whose name (city) has a word starting with each word given, case and accents aside',
    request: { query: listAgentsQuery },
    response: agentList,
    resources: { table: 'read' },
  },
  getAgent: {
    method: 'GET',
    path: '/api/agents/{id}',
    handler: 'functions/agents/get-agent.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [403],
    summary: 'One agent',
    request: { path: idParam },
    response: agent,
    resources: { table: 'read' },
  },
  updateAgent: {
    method: 'PATCH',
    path: '/api/agents/{id}',
    handler: 'functions/agents/update-agent.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [403],
    summary: 'Change the signed-in agent’s own profile fields',
    request: { path: idParam, body: agentPatch },
    response: agent,
    // a changed city moves the agent's market: AgentMarketChanged
    resources: { table: 'readwrite', bus: true },
  },
  uploadProfilePicture: {
    method: 'POST',
    path: '/api/upload-profile-picture',
    handler: 'functions/agents/upload-profile-picture.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [403],
    summary:
      'Set your profile picture from an inline image in `files` (JPEG, PNG or WebP, at most 5 MB; the app sends a square jpeg)',
    request: {
      bodyType: 'multipart',
      body: z.object({ agentId: id, type: z.literal('profile-picture') }),
    },
    response: z.object({ profile_picture: z.string() }),
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['agentMedia'] } } },
  },
});
