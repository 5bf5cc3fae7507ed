import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

/**
 * AWS SDK clients, created once per container. Only the endpoint differs between AWS and the local
 * cloud, and it comes from configuration.
 */
export const dynamodb = new DynamoDBClient({ region: config.region, endpoint: config.endpoints.dynamodb });

export const documentClient = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});

export const s3 = new S3Client({
  region: config.region,
  endpoint: config.endpoints.s3,
  // emulators are addressed by path; AWS uses virtual-hosted buckets
  forcePathStyle: Boolean(config.endpoints.s3),
});

export const eventBridge = new EventBridgeClient({ region: config.region, endpoint: config.endpoints.eventBridge });
