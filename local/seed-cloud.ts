import { crc32, deflateSync } from 'node:zlib';
import { ensureCognitoUser } from './accounts.ts';
import type { LocalCloud } from './cloud.ts';

/**
 * The demo agent's cloud: a few folders and files of each previewable kind (image, PDF, text, CSV), at
 * different ages so the date groups show, and a flyer shared with Leo. Idempotent: fixed ids, each item
 * written once with its bytes and counted against the owner's storage once.
 */

const DAY = 24 * 60 * 60 * 1000;

interface SeedItem {
  id: string;
  name: string;
  parent?: string;
  /** absent for folders */
  content?: { bytes: Buffer; mime: string };
  daysAgo: number;
  sharedWithLeo?: boolean;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB gradient between two colours, as a PNG. */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++)
        rows[y * (width * 3 + 1) + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A one-page PDF with a few lines of text (Helvetica, 14 pt), with a correct cross-reference table: the
 * demo's documents, and the files the browser tests preview.
 */
export function textPdf(lines: string[]): Buffer {
  const stream = `BT /F1 14 Tf 72 760 Td 18 TL ${lines.map((line) => `(${line.replace(/[()\\]/g, '')}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const ITEMS: SeedItem[] = [
  { id: 'demo-cloud-listings', name: 'Listings', daysAgo: 12 },
  { id: 'demo-cloud-harbor', name: 'Harbor View Apartment', parent: 'demo-cloud-listings', daysAgo: 12 },
  { id: 'demo-cloud-contracts', name: 'Contracts', daysAgo: 30 },
  { id: 'demo-cloud-marketing', name: 'Marketing', daysAgo: 1 },
  {
    id: 'demo-cloud-harbor-photo',
    name: 'Living room.png',
    parent: 'demo-cloud-harbor',
    content: { bytes: gradientPng(480, 320, [26, 182, 132], [21, 127, 88]), mime: 'image/png' },
    daysAgo: 0,
  },
  {
    id: 'demo-cloud-harbor-notes',
    name: 'Viewing notes.txt',
    parent: 'demo-cloud-harbor',
    content: {
      bytes: Buffer.from(
        'Viewing — Harbor View Apartment\n\n• Sea view from the balcony, morning light\n• New kitchen (2024)\n• Ask the owner about the parking space\n',
      ),
      mime: 'text/plain',
    },
    daysAgo: 1,
  },
  {
    id: 'demo-cloud-contract',
    name: 'Sale agreement — Pine Street.pdf',
    parent: 'demo-cloud-contracts',
    content: {
      bytes: textPdf([
        'Sale agreement',
        'Pine Street 14, Harbor City',
        'Seller: J. Moreno',
        'Buyer: A. Kaur',
        'Price: 420,000 USD',
      ]),
      mime: 'application/pdf',
    },
    daysAgo: 20,
  },
  {
    id: 'demo-cloud-flyer',
    name: 'Open house flyer.png',
    parent: 'demo-cloud-marketing',
    content: { bytes: gradientPng(420, 594, [59, 130, 246], [26, 182, 132]), mime: 'image/png' },
    daysAgo: 1,
    sharedWithLeo: true,
  },
  {
    id: 'demo-cloud-comparables',
    name: 'Comparable sales.csv',
    content: {
      bytes: Buffer.from(
        'address,price,sold\nPine Street 12,405000,2026-09-14\nHarbor Road 3,512000,2026-10-02\nQuay Lane 8,389000,2026-10-21\n',
      ),
      mime: 'text/csv',
    },
    daysAgo: 4,
  },
];

export async function seedCloudDemo(userPool: LocalCloud['userPool'], password: string): Promise<void> {
  const [
    { CloudItem, CloudShare },
    { isConditionFailure },
    { putObject },
    { reserveFeature },
    { Agent },
    { judgeArrival, STORED_OBJECT },
    { sniffContent },
  ] = await Promise.all([
    import('#functions/cloud/entities'),
    import('#platform/data/entity'),
    import('#aws/s3'),
    import('#platform/accounts/limits'),
    import('#platform/accounts/entities'),
    import('#functions/cloud/cloud'),
    import('#platform/file-signatures'),
  ]);
  const ownerId = await ensureCognitoUser(userPool, {
    email: 'demo@estatenet.local',
    password,
    fullName: 'Maya Collins',
  });
  const leoId = await ensureCognitoUser(userPool, {
    email: 'leo@estatenet.local',
    password,
    fullName: 'Leo Martins',
  });
  const owner = await Agent.get({ agent_id: ownerId });
  if (!owner) return;
  for (const seed of ITEMS) {
    const at = new Date(Date.now() - seed.daysAgo * DAY - 2 * 60 * 60 * 1000).toISOString();
    const key = seed.content ? `cloud/${ownerId}/${seed.id}` : undefined;
    const shared = seed.sharedWithLeo ? [{ agent_id: leoId, shared_at: at }] : [];
    try {
      await CloudItem.create({
        id: seed.id,
        agent_id: ownerId,
        name: seed.name,
        type: seed.content ? 'file' : 'folder',
        ...(seed.parent ? { parent_folder_id: seed.parent } : {}),
        ...(seed.content
          ? (() => {
              // what an upload of these bytes is made, as the confirm call judges it
              const { contentType } = judgeArrival(
                seed.name,
                seed.content.mime,
                sniffContent(seed.content.bytes),
              );
              return {
                mime_type: contentType,
                content_type: contentType,
                file_type: seed.name.split('.').pop()!.toLowerCase(),
              };
            })()
          : {}),
        size: seed.content?.bytes.length ?? 0,
        ...(key ? { object_key: key } : {}),
        state: 'active',
        shared_with: shared,
        metadata: shared.length ? { last_shared: at } : {},
        created_at: at,
        updated_at: at,
        version: 1,
      });
    } catch (error) {
      if (isConditionFailure(error)) continue;
      throw error;
    }
    if (seed.content && key) {
      await reserveFeature({ agentId: ownerId, role: owner.role }, 'storage', seed.content.bytes.length);
      await putObject({ bucket: 'files', key }, seed.content.bytes, {
        contentType: STORED_OBJECT.contentType,
      });
    }
    for (const entry of shared) {
      await CloudShare.put({
        recipient_id: entry.agent_id,
        item_id: seed.id,
        owner_id: ownerId,
        shared_at: entry.shared_at,
      });
    }
  }
}
