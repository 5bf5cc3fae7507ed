import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { freePort } from '../ports.ts';
import { AtomicFilesystemStore } from './atomic-store.ts';
import { createS3Gate, type S3GateOptions } from './s3-gate.ts';

const require = createRequire(import.meta.url);

/**
 * The local cloud's credentials (`AWS_ACCESS_KEY_ID=local`): s3rver skips the SigV4 check but looks the
 * access key up, and only knows its own `S3RVER` key unless told about ours.
 */
export const LOCAL_ACCESS_KEY = { accessKeyId: 'local', secretAccessKey: 'local' };
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair: (accessKeyId: string, secretAccessKey: string) => void };
};
DUMMY_ACCOUNT.createKeyPair(LOCAL_ACCESS_KEY.accessKeyId, LOCAL_ACCESS_KEY.secretAccessKey);

export interface BucketSetup {
  name: string;
  /** origins allowed to POST/PUT/GET from the browser (presigned uploads and downloads) */
  corsOrigins: string[];
}

const corsXml = (origins: string[]) => `<CORSConfiguration>
  <CORSRule>
    ${origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('\n    ')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface S3ObjectEvent {
  eventName: string;
  bucket: string;
  key: string;
  size: number;
}

/**
 * s3rver: S3's REST API on the filesystem, behind the gate (s3-gate.ts) that makes the checks S3 makes —
 * signatures, expiry, POST policies, no anonymous access — since s3rver makes none of them. s3rver listens
 * on a loopback port of its own; `port` is the gate's. Buckets (with CORS) are created idempotently at
 * start-up and object events are handed to `onObjectEvent`, as S3 notifications are in AWS: s3rver emits
 * them once an object is stored, and a request the gate refuses never reaches it. Writes are atomic, as in S3
 * (atomic-store.ts).
 */
export async function startS3(
  port: number,
  directory: string,
  buckets: BucketSetup[],
  onObjectEvent: (event: S3ObjectEvent) => void,
  log?: (line: string) => void,
  /** the access keys of the cloud's functions (local/iam/), each known to s3rver and the gate */
  functionCredentials: ReadonlyArray<{ accessKeyId: string; secretAccessKey: string }> = [],
  /** each verified request's signer's policy (local/iam/s3-access.ts) */
  authorize?: S3GateOptions['authorize'],
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  for (const key of functionCredentials) DUMMY_ACCOUNT.createKeyPair(key.accessKeyId, key.secretAccessKey);
  mkdirSync(directory, { recursive: true });
  const storePort = await freePort();
  const server = new S3rver({
    port: storePort,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((bucket) => ({
      name: bucket.name,
      configs: [corsXml(bucket.corsOrigins)],
    })),
  });
  // s3rver's own store answers writes before they are whole (atomic-store.ts)
  server.store = server.context.store = new AtomicFilesystemStore(directory);
  server.on(
    'event',
    (event: {
      Records: Array<{
        eventName: string;
        s3: { bucket: { name: string }; object: { key: string; size?: number } };
      }>;
    }) => {
      for (const record of event.Records) {
        onObjectEvent({
          eventName: record.eventName,
          bucket: record.s3.bucket.name,
          key: decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')),
          size: record.s3.object.size ?? 0,
        });
      }
    },
  );
  await server.run();
  const gate = createS3Gate({
    upstream: { host: '127.0.0.1', port: storePort },
    credentials: Object.fromEntries(
      [LOCAL_ACCESS_KEY, ...functionCredentials].map((key) => [key.accessKeyId, key.secretAccessKey]),
    ),
    corsOrigins: Object.fromEntries(buckets.map((bucket) => [bucket.name, bucket.corsOrigins])),
    ...(log ? { log } : {}),
    ...(authorize ? { authorize } : {}),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      gate.once('error', reject);
      gate.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        gate.close(() => resolve());
        gate.closeAllConnections();
      });
      await server.close();
    },
  };
}
