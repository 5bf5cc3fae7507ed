import { describe, expect, it } from 'vitest';
import { manifest } from '#contracts/manifest';
import { cognitoTriggers } from '#contracts/triggers';
import { eventRules } from '#events/rules';
import { scheduledJobs } from '#events/schedules';
import { PLANNED_HANDLER_FILE } from '#lib/planned';
import {
  HANDLER_BUNDLE_BUDGET_BYTES,
  kilobytes,
  mark,
  measureHandlerBundles,
  measureLambdaBundle,
} from './handler-size.ts';

// Built once at collection, so each handler gets its own test below.
const bundles = await measureHandlerBundles();
const byHandler = bundles.map((bundle) => [bundle.handler, bundle] as const);

console.log(
  [
    `Lambda bundles (minified, budget ${HANDLER_BUNDLE_BUDGET_BYTES / 1024} KB, no SSO code):`,
    '| handler | serves | KB | size | SSO code |',
    '|---|---:|---:|:-:|:-:|',
    ...bundles.map(
      (bundle) =>
        `| ${bundle.handler} | ${bundle.routes.length} | ${kilobytes(bundle.bundleBytes)} | ${mark(bundle.bundleBytes <= HANDLER_BUNDLE_BUDGET_BYTES)} | ${bundle.sso ? '✗ yes' : '✓ no'} |`,
    ),
  ].join('\n'),
);

describe('Lambda bundle budgets', () => {
  it('measures every deployed Lambda: each route handler, consumer, trigger and job (the planned-route handler while a route is planned)', () => {
    const deployed = new Set([
      ...manifest.map((route) => (route.status === 'implemented' ? route.handler : PLANNED_HANDLER_FILE)),
      ...eventRules.filter((rule) => rule.status === 'implemented').map((rule) => rule.consumer),
      ...cognitoTriggers.map((trigger) => trigger.handler),
      ...scheduledJobs.map((job) => job.handler),
    ]);
    expect(new Set(bundles.map((bundle) => bundle.handler))).toEqual(deployed);
  });

  it.for(byHandler)('%s is at most 350 KB minified', ([, bundle]) => {
    expect(
      bundle.bundleBytes,
      `${bundle.handler} is ${kilobytes(bundle.bundleBytes)} KB minified`,
    ).toBeLessThanOrEqual(HANDLER_BUNDLE_BUDGET_BYTES);
  });

  it.for(byHandler)('%s bundles no client-sso or credential-provider-sso code', ([, bundle]) => {
    expect(bundle.sso, `${bundle.handler} bundles the SSO credential provider`).toBe(false);
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
