import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

/**
 * The DynamoDB clients, created once per container; only the endpoint differs locally. Each AWS client
 * lives in its own module so a handler bundles only the clients it uses.
 */
export const dynamodb = new DynamoDBClient({ region: config.region, endpoint: config.endpoints.dynamodb });

export const documentClient = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});
