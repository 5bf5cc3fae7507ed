/**
 * The single table's key schema, defined once: the CDK stack, the local bootstrap and the entity layer
 * all read it. Physical keys stay generic; entities name their indexes after access patterns.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const TABLE_INDEXES = [
  { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
] as const;

/** Epoch-seconds attribute DynamoDB TTL uses in AWS (the local cloud purges on a schedule instead). */
export const TTL_ATTRIBUTE = 'expires_at';

/** Every key attribute is a string. */
export const keyAttributes = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...TABLE_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
];

const keySchema = (partitionKey: string, sortKey: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  { AttributeName: sortKey, KeyType: 'RANGE' as const },
];

/** The key schema and GSIs in DynamoDB's API shape (CreateTable, CloudFormation, template assertions). */
export const TABLE_KEY_SCHEMA = keySchema(TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey);
export const TABLE_GSI_DEFINITIONS = TABLE_INDEXES.map((index) => ({
  IndexName: index.name,
  KeySchema: keySchema(index.partitionKey, index.sortKey),
  Projection: { ProjectionType: 'ALL' as const },
}));
