import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';

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
 * s3rver: S3's REST API on the filesystem. Buckets (with CORS) are created idempotently at start-up and
 * object events are handed to `onObjectEvent`, as S3 notifications are in AWS.
 */
export async function startS3(
  port: number,
  directory: string,
  buckets: BucketSetup[],
  onObjectEvent: (event: S3ObjectEvent) => void,
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((bucket) => ({
      name: bucket.name,
      configs: [corsXml(bucket.corsOrigins)],
    })),
  });
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
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
