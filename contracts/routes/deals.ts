import { defineRoutes } from '../route.ts';
import { idParam } from '../schemas/common.ts';
import {
  deal,
  dealCreate,
  dealDetail,
  dealList,
  dealNoteCreate,
  dealTimelineEntry,
  dealUpdate,
  listDealsQuery,
} from '../schemas/deals.ts';

/**
 * Deals between two agents (issue 22): one agent's buyer or tenant for another agent's listing. Only the two
 * agents of a deal see it; anyone else is answered as if it did not exist (404).
 */
export const dealsRoutes = defineRoutes({
  createDeal: {
    method: 'POST',
    path: '/api/deals',
    handler: 'functions/deals/create-deal.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    successStatus: 201,
    summary:
      "Propose one of your buyers, investors or tenants for another agent's listing on the market, agreeing to its collaborator commission (201). Not your own listing; one open deal per client and listing (409)",
    request: { body: dealCreate },
    response: deal,
    resources: { table: 'readwrite' },
  },
  listDeals: {
    method: 'GET',
    path: '/api/deals',
    handler: 'functions/deals/list-deals.ts',
    auth: 'token',
    access: 'signed-in',
    summary: "The caller's deals on both sides (proposed and received), newest first, a page at a time",
    request: { query: listDealsQuery },
    response: dealList,
    resources: { table: 'read' },
  },
  getDeal: {
    method: 'GET',
    path: '/api/deals/{id}',
    handler: 'functions/deals/get-deal.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'One deal with its timeline (only its two agents: anyone else 404)',
    request: { path: idParam },
    response: dealDetail,
    resources: { table: 'read' },
  },
  updateDeal: {
    method: 'PUT',
    path: '/api/deals/{id}',
    handler: 'functions/deals/update-deal.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    summary:
      'Move a deal to another stage: the listing agent accepts or declines a proposal, the proposer may withdraw it, either records a viewing or an offer or ends it as lost (409 for any other move)',
    request: { path: idParam, body: dealUpdate },
    response: deal,
    resources: { table: 'readwrite' },
  },
  addDealNote: {
    method: 'POST',
    path: '/api/deals/{id}/notes',
    handler: 'functions/deals/add-note.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    successStatus: 201,
    summary: "A note on the deal's timeline, seen by both agents (409 once the deal has ended)",
    request: { path: idParam, body: dealNoteCreate },
    response: dealTimelineEntry,
    resources: { table: 'readwrite' },
  },
  confirmDealClose: {
    method: 'POST',
    path: '/api/deals/{id}/confirm-close',
    handler: 'functions/deals/confirm-close.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    summary:
      "Confirm that the deal closed. The second agent's confirmation closes it: each agent gets a verified deal and the DEAL_CLOSED points, once (409 before the deal is accepted or after it ended)",
    request: { path: idParam },
    response: deal,
    resources: { table: 'readwrite', bus: true },
  },
});
