import { S3Client } from '@aws-sdk/client-s3';

/**
 * An SDK S3 client on the test's local cloud, for what tests inspect beyond the handlers' own object
 * operations (listing a prefix, seeding foreign objects). Read lazily: the cloud's env is set per file.
 */
let client: S3Client | undefined;
export function testS3(): S3Client {
  client ??= new S3Client({
    region: process.env.AWS_REGION ?? 'us-east-1',
    endpoint: process.env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    },
  });
  return client;
}
