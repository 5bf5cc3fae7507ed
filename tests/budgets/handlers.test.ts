import { describe, expect, it } from 'vitest';
import { eventRules } from '#contracts/event-rules';
import { manifest } from '#contracts/manifest';
import { scheduledJobs } from '#contracts/schedules';
import { cognitoTriggers } from '#contracts/triggers';
import {
  FLOOR_SIZE_RATIO_BUDGET,
  floorSource,
  HANDLER_BUNDLE_CEILING_BYTES,
  kilobytes,
  mark,
  measureHandlerBundles,
  measureLambdaBundle,
} from './handler-size.ts';

// Built once at collection, so each handler gets its own test below.
const bundles = await measureHandlerBundles();
const byHandler = bundles.map((bundle) => [bundle.handler, bundle] as const);
const ratioOf = (bundle: (typeof bundles)[number]) => bundle.bundleBytes / bundle.floor.bundleBytes;

console.log(
  [
    `Lambda bundles (minified; ceiling ${HANDLER_BUNDLE_CEILING_BYTES / 1024} KB; ≤ ${FLOOR_SIZE_RATIO_BUDGET}× the SDK floor: a bare handler constructing the same SDK clients; no SSO code; one copy of each @aws-sdk/@smithy package):`,
    '| handler | SDK packages | KB | floor KB | ratio | ≤ ratio | SSO code | duplicates |',
    '|---|---|---:|---:|---:|:-:|:-:|---|',
    ...bundles.map(
      (bundle) =>
        `| ${bundle.handler} | ${bundle.sdkPackages.map((name) => name.replace('@aws-sdk/', '')).join(', ')} | ${kilobytes(bundle.bundleBytes)} | ${kilobytes(bundle.floor.bundleBytes)} | ${ratioOf(bundle).toFixed(2)} | ${mark(ratioOf(bundle) <= FLOOR_SIZE_RATIO_BUDGET)} | ${bundle.sso ? '✗ yes' : '✓ no'} | ${bundle.duplicates.join(', ') || '✓ none'} |`,
    ),
  ].join('\n'),
);

describe('Lambda bundle budgets', () => {
  it('measures every deployed Lambda: each route handler, consumer, trigger and job', () => {
    const deployed = new Set([
      ...manifest.map((route) => route.handler),
      ...eventRules.map((rule) => rule.consumer),
      ...cognitoTriggers.map((trigger) => trigger.handler),
      ...scheduledJobs.map((job) => job.handler),
    ]);
    expect(new Set(bundles.map((bundle) => bundle.handler))).toEqual(deployed);
  });

  it.for(byHandler)(`%s is at most ${HANDLER_BUNDLE_CEILING_BYTES / 1024} KB minified`, ([, bundle]) => {
    expect(
      bundle.bundleBytes,
      `${bundle.handler} is ${kilobytes(bundle.bundleBytes)} KB minified`,
    ).toBeLessThanOrEqual(HANDLER_BUNDLE_CEILING_BYTES);
  });

  it.for(byHandler)('%s holds one copy of each @aws-sdk/@smithy package', ([, bundle]) => {
    expect(bundle.duplicates, `${bundle.handler} bundles these packages twice`).toEqual([]);
  });

  it.for(byHandler)('%s bundles no client-sso or credential-provider-sso code', ([, bundle]) => {
    expect(bundle.sso, `${bundle.handler} bundles the SSO credential provider`).toBe(false);
  });

  it('finds two copies of an SDK package: its ESM build and, required, its CommonJS build', async () => {
    const { duplicates } = await measureLambdaBundle({
      source:
        "import { EventBridgeClient } from '@aws-sdk/client-eventbridge'; export const clients = [new EventBridgeClient({}), require('@aws-sdk/client-eventbridge/dist-cjs/index.js')];",
    });
    expect(duplicates).toContain('@aws-sdk/client-eventbridge');
  });

  it('builds the floor of a handler from the SDK packages it bundles, each client constructed', async () => {
    const floor = await measureLambdaBundle({
      source: floorSource(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/client-s3']),
    });
    expect(floor.sdkPackages).toEqual([
      '@aws-sdk/client-dynamodb',
      '@aws-sdk/client-s3',
      '@aws-sdk/lib-dynamodb',
    ]);
    expect(floor.duplicates).toEqual([]);
    expect(() => floorSource(['@aws-sdk/client-unknown'])).toThrow(/no floor part/);
  });

  // The SDK moves code between packages (the SSO client now lives in @aws-sdk/nested-clients): the check
  // must still recognise the SSO credential code of the installed version.
  it.for([
    '@aws-sdk/credential-provider-sso',
    '@aws-sdk/nested-clients/sso',
    '@aws-sdk/nested-clients/sso-oidc',
  ])('recognises %s as SSO code', async (module) => {
    const { sso } = await measureLambdaBundle({ source: `export * from '${module}';` });
    expect(sso).toBe(true);
  });
});
