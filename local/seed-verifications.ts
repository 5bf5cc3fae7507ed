import { findCognitoUser, type UserPoolAccess } from './accounts.ts';
import { DEMO_PROPERTIES, type DemoProperty } from './seed-properties.ts';
import { SUPPORT_DEMO } from './seed-support.ts';

/**
 * The demo listings' verifications, made through the handlers' own code (functions/verifications/verifications.ts):
 * each verified deed is a PDF uploaded the way POST /api/uploads has the browser do it (a ticket, its
 * storage reserved, the object), attached with `submitDeed` and approved by the support staff account with
 * `decideDeed`; each acknowledged listing had its owner's link issued and confirmed with `answerOwnerLink`.
 * So `deed_verified` / `owner_acknowledged` on the demo listings are set exactly as in the app, and the
 * reputation history (seed-reputation.ts) awards them from these verifications. A few listings show the
 * other states: a deed waiting in the support staff's review queue, one rejected with a reason, an owner's
 * link not answered yet. Dated over the weeks the demo spans; idempotent (a listing with a verification
 * keeps it).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** When, as a fraction of a listing's age after it was listed, each step happened. */
const DEED_SUBMITTED_AFTER = 0.3;
const DEED_REVIEWED_AFTER = 0.4;
const OWNER_LINK_SENT_AFTER = 0.5;
const OWNER_CONFIRMED_AFTER = 0.6;
const REJECTION_REASON =
  'The scan is cut off: page 2, with the land registry stamp, is missing. Please upload the whole deed.';

/** A one-page PDF naming the listing: enough for the review queue's download to open in a viewer. */
export function demoDeedPdf(title: string, address: string): Buffer {
  const ascii = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[\\()]/g, '');
  const lines = ['Title deed (demo)', ascii(title), ascii(address), 'Land registry: Conservatoria (demo)'];
  const text = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 18 : 12} Tf 72 ${720 - index * 28} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

export async function seedVerificationsDemo(pool: UserPoolAccess): Promise<void> {
  const [
    { Agent },
    { Property },
    { UploadTicket },
    { DeedVerification, OwnerConfirmation },
    { putObject },
    { reserveFeature },
    { ownerSubject },
    verifications,
  ] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/properties/entities'),
    import('#functions/cloud/entities'),
    import('#functions/verifications/entities'),
    import('#aws/s3'),
    import('#platform/accounts/limits'),
    import('#functions/cloud/cloud'),
    import('#functions/verifications/verifications'),
  ]);
  const reviewerId = await findCognitoUser(pool, SUPPORT_DEMO.email);
  if (!reviewerId) return;
  const now = Date.now();
  const at = (demo: DemoProperty, after: number) => new Date(now - demo.daysAgo * (1 - after) * DAY_MS);

  for (const demo of DEMO_PROPERTIES) {
    const property = await Property.get({ property_id: demo.id }, { consistent: true });
    if (!property) continue;
    const agent = await Agent.get({ agent_id: property.agent_id });
    if (!agent) continue;
    const key = { property_id: demo.id };

    if ((demo.deed || demo.deedReview) && !(await DeedVerification.get(key, { consistent: true }))) {
      // the browser's upload: a ticket with its storage reserved, then the object (POST /api/uploads)
      const bytes = demoDeedPdf(demo.title, verifications.listingAddress(property));
      const uploadKey = `uploads/${agent.agent_id}/seed-deed-${demo.id}/deed-${demo.id}.pdf`;
      await reserveFeature(await ownerSubject(agent.agent_id), 'storage', bytes.length);
      await UploadTicket.create({
        key: uploadKey,
        agent_id: agent.agent_id,
        purpose: verifications.DEED_UPLOAD_PURPOSE,
        state: 'pending',
        size: bytes.length,
        expires_at: new Date(now + 2 * 60 * 60 * 1000).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      await putObject({ bucket: 'files', key: uploadKey }, bytes, { contentType: 'application/pdf' });
      const submitted = await verifications.submitDeed(
        { agentId: agent.agent_id, agent },
        property,
        uploadKey,
        { at: at(demo, demo.deedReview === 'pending' ? 0.5 : DEED_SUBMITTED_AFTER).toISOString() },
      );
      if (demo.deed || demo.deedReview === 'rejected') {
        await verifications.decideDeed({
          propertyId: demo.id,
          submissionId: submitted.submission_id,
          decision: demo.deed ? 'approve' : 'reject',
          ...(demo.deed ? {} : { reason: REJECTION_REASON }),
          reviewerId,
          at: at(demo, DEED_REVIEWED_AFTER).toISOString(),
        });
      }
    }

    if ((demo.owner_ack || demo.ownerLinkSent) && !(await OwnerConfirmation.get(key, { consistent: true }))) {
      const current = (await Property.get(key, { consistent: true })) ?? property;
      const slug = demo.id.replace(/^demo-/, '');
      const issued = await verifications.issueOwnerLink(current, `owner-${slug}@example.com`, {
        at: at(demo, OWNER_LINK_SENT_AFTER),
      });
      if (demo.owner_ack) {
        await verifications.answerOwnerLink(issued.token, 'confirm', {
          at: at(demo, OWNER_CONFIRMED_AFTER).toISOString(),
        });
      }
    }
  }
}
