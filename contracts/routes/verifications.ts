import { defineRoutes } from '../route.ts';
import { idParam } from '../schemas/common.ts';
import {
  deedDocumentLink,
  deedReviewDecisionInput,
  deedReviewQuery,
  deedReviewQueue,
  deedReviewResult,
  deedSubmissionInput,
  listingVerifications,
  ownerConfirmationInput,
  ownerLinkDetails,
  ownerResponseInput,
  ownerResponseResult,
  ownerTokenInput,
} from '../schemas/verifications.ts';

/**
 * Listing verifications (issue 20, "Reputation that is earned"): the deed, reviewed by EstateNet's support
 * staff, and the owner's confirmation through an emailed link. Only they set `deed_verified` and
 * `owner_acknowledged` and award their points. A listing's verifications are its agent's business: to
 * anyone else they are a 404, like the review queue to anyone who is not support staff.
 */
export const verificationsRoutes = defineRoutes({
  getListingVerifications: {
    method: 'GET',
    path: '/api/properties/{id}/verifications',
    handler: 'functions/verifications/get-verifications.ts',
    auth: 'token',
    access: 'signed-in',
    summary: "Your listing's deed review and owner confirmation, each with its state",
    request: { path: idParam },
    response: listingVerifications,
    resources: { table: 'read' },
  },
  submitDeed: {
    method: 'POST',
    path: '/api/properties/{id}/verifications/deed',
    handler: 'functions/verifications/submit-deed.ts',
    auth: 'token',
    access: 'signed-in',
    successStatus: 201,
    statuses: [409],
    summary:
      'Attach the deed (a finished upload of purpose property-deed: PDF or image) to your listing for support staff to review; again after a rejection',
    request: { path: idParam, body: deedSubmissionInput },
    response: listingVerifications,
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['uploads', 'deeds'] } } },
  },
  requestOwnerConfirmation: {
    method: 'POST',
    path: '/api/properties/{id}/verifications/owner',
    handler: 'functions/verifications/request-owner-confirmation.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409, 503],
    summary:
      'Email the owner a link to confirm your listing (valid 7 days, single use; sending again replaces the link; at most 3 emails a day)',
    request: { path: idParam, body: ownerConfirmationInput },
    response: listingVerifications,
    resources: { table: 'readwrite', email: true, appUrl: true },
  },
  listDeedReviews: {
    method: 'GET',
    path: '/api/support/deed-reviews',
    handler: 'functions/verifications/list-deed-reviews.ts',
    auth: 'token',
    access: 'staff',
    summary: 'The deeds waiting for review, oldest first (support staff only)',
    request: { query: deedReviewQuery },
    response: deedReviewQueue,
    resources: { table: 'read' },
  },
  getDeedDocument: {
    method: 'GET',
    path: '/api/support/deed-reviews/{id}/document',
    handler: 'functions/verifications/get-deed-document.ts',
    auth: 'token',
    access: 'staff',
    summary: "A short-lived download of a listing's deed under review (support staff only)",
    request: { path: idParam },
    response: deedDocumentLink,
    resources: { table: 'read', buckets: { files: { read: ['deeds'] } } },
  },
  reviewDeed: {
    method: 'POST',
    path: '/api/support/deed-reviews/{id}',
    handler: 'functions/verifications/review-deed.ts',
    auth: 'token',
    access: 'staff',
    statuses: [409, 503],
    summary:
      "Approve a listing's deed (the listing becomes deed-verified and its agent is awarded once) or reject it with a reason (support staff only)",
    request: { path: idParam, body: deedReviewDecisionInput },
    response: deedReviewResult,
    resources: { table: 'readwrite', bus: true },
  },
  lookupOwnerConfirmation: {
    method: 'POST',
    path: '/api/owner-confirmations/lookup',
    handler: 'functions/verifications/lookup-owner-confirmation.ts',
    auth: 'none',
    access: 'public',
    statuses: [410],
    summary:
      "What an owner's link asks to confirm (the listing's title and address, the agent); public, the link's token is the secret",
    request: { body: ownerTokenInput },
    response: ownerLinkDetails,
    resources: { table: 'read' },
    // a link is opened a handful of times; more than a trickle is someone probing tokens (public routes stay
    // within PUBLIC_ROUTE_THROTTLE_MAX, infra/lib/api-throttle.ts)
    throttle: { rate: 5, burst: 100 },
  },
  respondOwnerConfirmation: {
    method: 'POST',
    path: '/api/owner-confirmations/respond',
    handler: 'functions/verifications/respond-owner-confirmation.ts',
    auth: 'none',
    access: 'public',
    statuses: [409, 410, 503],
    summary:
      "The owner confirms the listing (it becomes owner-acknowledged and its agent is awarded once) or says it isn't right; the link then stops working",
    request: { body: ownerResponseInput },
    response: ownerResponseResult,
    resources: { table: 'readwrite', bus: true },
    throttle: { rate: 5, burst: 100 },
  },
});
