import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config.ts';

/** The S3 client, created once per container. */
export const s3 = new S3Client({
  region: config.region,
  endpoint: config.endpoints.s3,
  // emulators are addressed by path; AWS uses virtual-hosted buckets
  forcePathStyle: Boolean(config.endpoints.s3),
});
