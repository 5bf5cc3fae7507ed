import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { testS3 } from './s3.ts';

/**
 * What a set of owners has in the table and the buckets, to compare before and after requests that must
 * change nothing: their items read through the entity layer, every item of the table (raw scan) and
 * every object (key, size, ETag) of the files, content and sites buckets.
 */
export interface StateSnapshot {
  owned: Record<string, unknown>;
  table: string[];
  buckets: Record<string, string[]>;
}

export async function snapshotState(owner: { agentId: string; agencyId?: string }): Promise<StateSnapshot> {
  const [{ config }, { Agency, Agent, FeatureUsage }, { BrandColors }, { documentClient }] =
    await Promise.all([
      import('#aws/config'),
      import('#platform/accounts/entities'),
      import('#functions/preferences/entities'),
      import('#aws/dynamodb'),
    ]);
  const owned: Record<string, unknown> = {
    agent: await Agent.get({ agent_id: owner.agentId }),
    agentBrandColors: await BrandColors.get({ owner_id: owner.agentId }),
    featureUsage: await FeatureUsage.queryAll('primary', { agent_id: owner.agentId }),
  };
  if (owner.agencyId) {
    owned.agency = await Agency.get({ id: owner.agencyId });
    owned.agencyBrandColors = await BrandColors.get({ owner_id: owner.agencyId });
  }
  const table: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) table.push(stableJson(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  table.sort();
  const buckets: Record<string, string[]> = {};
  for (const bucket of Object.values(config.buckets)) {
    const objects: string[] = [];
    let token: string | undefined;
    do {
      const page = await testS3().send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) objects.push(`${object.Key} ${object.Size} ${object.ETag}`);
      token = page.NextContinuationToken;
    } while (token);
    buckets[bucket] = objects.sort();
  }
  return { owned: JSON.parse(stableJson(owned)), table, buckets };
}

/** JSON with object keys sorted, so equal items compare equal whatever order the store returns. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
