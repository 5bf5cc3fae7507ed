import { expect } from 'vitest';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from './agents.ts';
import { api, postToS3 } from './cloud-files.ts';
import { latestOwnerLink } from './owner-links.ts';

/**
 * Listing verifications through the public API (integration, concurrency and authz suites): a listing, a
 * deed uploaded the way the browser does it, support staff who review it, an owner's link.
 */

/** The smallest thing a PDF reader and our magic-number check both accept as a PDF. */
export const DEED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A support staff account (the `SupportStaff` item opens the inbox and the deed review queue). */
export async function createSupportStaff(): Promise<TestAgent> {
  const staff = await createTestAgent({ fullName: 'Support Reviewer' });
  const { SupportStaff } = await import('#functions/support/entities');
  await SupportStaff.create({ agent_id: staff.agentId });
  return staff;
}

/** A new listing of `agent`; answers its id. */
export async function createListing(agent: TestAgent, fields: Record<string, string> = {}): Promise<string> {
  const response = await callApi('/api/addProperty', {
    ...formBody({ title: 'Verified flat', price: '250000', city: 'Lisbon', ...fields }),
    token: agent.token,
  });
  const body = (await response.json()) as { propertyId: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.propertyId;
}

/** A presigned upload of purpose property-deed, posted to S3 as a browser does; answers its key. */
export async function uploadDeed(
  agent: TestAgent,
  bytes: Buffer = DEED_PDF,
  options: { name?: string; mime?: string; purpose?: string } = {},
): Promise<string> {
  const name = options.name ?? 'deed.pdf';
  const ticket = await api<{ url: string; fields: Record<string, string>; key: string }>(
    agent,
    '/api/uploads',
    jsonBody('POST', {
      purpose: options.purpose ?? 'property-deed',
      name,
      size: bytes.length,
      mime_type: options.mime ?? 'application/pdf',
    }),
  );
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  expect(await postToS3({ ...ticket.body, file: {} as never, expires_at: '' }, bytes, name)).toBe(204);
  return ticket.body.key;
}

export interface DeedView {
  state: string;
  submission_id?: string;
  document?: { name: string; type: string; size: number };
  rejection_reason?: string;
  submitted_at?: string;
  reviewed_at?: string;
}
export interface VerificationsView {
  property_id: string;
  deed_verified: boolean;
  owner_acknowledged: boolean;
  deed: DeedView;
  owner: {
    state: string;
    owner_email?: string;
    expires_at?: string;
    sent_at?: string;
    responded_at?: string;
    emails_left_today: number;
  };
}

export const submitDeed = (agent: TestAgent, propertyId: string, fileKey: string) =>
  api<VerificationsView & { error?: string }>(
    agent,
    `/api/properties/${propertyId}/verifications/deed`,
    jsonBody('POST', { fileKey }),
  );

export const verificationsOf = (agent: TestAgent, propertyId: string) =>
  api<VerificationsView & { error?: string }>(agent, `/api/properties/${propertyId}/verifications`);

export const reviewDeed = (
  staff: TestAgent,
  propertyId: string,
  decision: { submissionId: string; decision: 'approve' | 'reject'; reason?: string },
) =>
  api<{ property_id: string; deed: DeedView; error?: string }>(
    staff,
    `/api/support/deed-reviews/${propertyId}`,
    jsonBody('POST', decision),
  );

/** Uploads a deed for the listing and has support staff approve it; answers the submission id. */
export async function approvedDeed(agent: TestAgent, propertyId: string, staff?: TestAgent) {
  const submitted = await submitDeed(agent, propertyId, await uploadDeed(agent));
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  const submissionId = submitted.body.deed.submission_id!;
  const approved = await reviewDeed(staff ?? (await createSupportStaff()), propertyId, {
    submissionId,
    decision: 'approve',
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return submissionId;
}

export const sendOwnerLink = (agent: TestAgent, propertyId: string, ownerEmail: string) =>
  api<VerificationsView & { error?: string }>(
    agent,
    `/api/properties/${propertyId}/verifications/owner`,
    jsonBody('POST', { ownerEmail }),
  );

/** Sends the owner's link and reads it from the cloud's log (where no email sender is configured). */
export async function ownerLinkFor(agent: TestAgent, propertyId: string, after?: string) {
  const ownerEmail = `owner-${propertyId.slice(0, 8)}-${Date.now()}@example.com`;
  const sent = await sendOwnerLink(agent, propertyId, ownerEmail);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { ownerEmail, ...(await latestOwnerLink(ownerEmail, after ? { after } : {})) };
}

/** The public calls of the owner's page: no token. */
export async function ownerCall<T = Record<string, unknown>>(
  action: 'lookup' | 'respond',
  body: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
  const response = await callApi(`/api/owner-confirmations/${action}`, jsonBody('POST', body));
  return { status: response.status, body: (await response.json()) as T };
}
