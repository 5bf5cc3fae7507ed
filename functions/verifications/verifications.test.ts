import { describe, expect, it } from 'vitest';
import type { OwnerConfirmationItem } from './entities.ts';
import { deedDocumentType, hashOwnerToken, ownerEmail, ownerLink, ownerView } from './verifications.ts';

const ownerItem = (overrides: Partial<OwnerConfirmationItem> = {}): OwnerConfirmationItem => ({
  property_id: 'p-1',
  agent_id: 'a-1',
  state: 'sent',
  owner_email: 'owner@example.com',
  token_hash: hashOwnerToken('secret'),
  link_expires_at: new Date(Date.now() + 60_000).toISOString(),
  sent_at: new Date().toISOString(),
  send_day: new Date().toISOString().slice(0, 10),
  sends_today: 1,
  ...overrides,
});

describe('listing verifications', () => {
  it('knows a deed by its first bytes: a PDF or an image, nothing else', () => {
    expect(deedDocumentType(Buffer.from('%PDF-1.7\n…'))).toEqual({
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    expect(deedDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({
      contentType: 'image/jpeg',
    });
    expect(deedDocumentType(Buffer.from('<html><script>'))).toBeUndefined();
    expect(deedDocumentType(Buffer.from(' %PDF-'))).toBeUndefined();
  });

  it("puts the owner's secret in the link's fragment and stores only its hash", () => {
    const token = 'A'.repeat(43);
    expect(ownerLink('https://app.example.com/', token)).toBe(
      `https://app.example.com/listing-owner/confirm#${token}`,
    );
    expect(hashOwnerToken(token)).not.toContain(token);
    expect(hashOwnerToken(token)).toBe(hashOwnerToken(token));
    expect(hashOwnerToken(token)).not.toBe(hashOwnerToken('B'.repeat(43)));
  });

  it("tells the owner who listed what, with the link, and escapes the listing's words in HTML", () => {
    const property = {
      title: 'Loft <b>"sea"</b>',
      street_address: 'Rua A 1',
      area: 'Baixa',
      city: 'Lisbon',
    } as Parameters<typeof ownerEmail>[1];
    const link = `https://app.example.com/listing-owner/confirm#${'A'.repeat(43)}`;

    const email = ownerEmail('owner@example.com', property, { name: 'Maya', agency: 'Harbor & Pine' }, link);

    expect(email.subject).toBe('Please confirm the listing of your property: Loft <b>"sea"</b>');
    expect(email.text).toContain('Maya of Harbor & Pine listed your property');
    expect(email.text).toContain('Rua A 1, Baixa, Lisbon');
    expect(email.text).toContain(link);
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('Harbor &#38; Pine');
  });

  it("reads a link unanswered past its time as expired, and counts the day's emails", () => {
    expect(ownerView(undefined)).toEqual({ state: 'not_requested', emails_left_today: 3 });
    expect(ownerView(ownerItem())).toMatchObject({ state: 'sent', emails_left_today: 2 });
    const past = new Date(Date.now() - 1000).toISOString();
    expect(ownerView(ownerItem({ link_expires_at: past }))).toMatchObject({ state: 'expired' });
    // an answered link keeps its answer after its time
    expect(ownerView(ownerItem({ link_expires_at: past, state: 'confirmed' }))).toMatchObject({
      state: 'confirmed',
    });
    expect(ownerView(ownerItem({ send_day: '2020-01-01', sends_today: 3 }))).toMatchObject({
      emails_left_today: 3,
    });
  });
});
