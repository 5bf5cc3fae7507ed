import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { eventRules } from '#contracts/event-rules';
import { manifest } from '#contracts/manifest';
import { scheduledJobs } from '#contracts/schedules';
import { cognitoTriggers } from '#contracts/triggers';
import { LAMBDA_BUNDLE } from '../../infra/lib/bundle-options.ts';

/**
 * The Lambda budgets (issues 4 and 18), relative to the SDK floor: a handler's floor is a bare handler that
 * constructs exactly the official SDK clients the handler bundles, built with the same options
 * (`LAMBDA_BUNDLE`, as the CDK builds). Each handler's bundle is at most FLOOR_SIZE_RATIO_BUDGET × its
 * floor's and at most HANDLER_BUNDLE_CEILING_BYTES; its median cold import (timed by `npm run bench`,
 * handler and floor alternating in one run) at most FLOOR_IMPORT_RATIO_BUDGET × its floor's. No bundle
 * holds SSO credential code or two copies of an `@aws-sdk`/`@smithy` package (asserted by
 * tests/budgets/handlers.test.ts).
 */
export const FLOOR_SIZE_RATIO_BUDGET = 1.15;
export const FLOOR_IMPORT_RATIO_BUDGET = 1.3;
export const HANDLER_BUNDLE_CEILING_BYTES = 600 * 1024;

/**
 * Input paths that mean the SSO part of the default credential chain was bundled: the SSO packages, and
 * the SSO / SSO-OIDC clients that current SDK versions ship inside `@aws-sdk/nested-clients` instead of
 * `@aws-sdk/client-sso`.
 */
const SSO_INPUT = /client-sso|credential-provider-sso|nested-clients\/dist-[a-z]+\/submodules\/sso/;

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * What a floor handler does with each official SDK package a handler may bundle: construct its client (or
 * reference its function). A package the table lacks fails the measurement, so a new client gets a floor.
 */
const SDK_FLOOR_PARTS: Record<string, { imports: string; uses: string[] }> = {
  '@aws-sdk/client-dynamodb': {
    imports: "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    uses: ['new DynamoDBClient({})'],
  },
  '@aws-sdk/lib-dynamodb': {
    imports: "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    uses: ['DynamoDBDocumentClient.from(new DynamoDBClient({}))'],
  },
  '@aws-sdk/client-s3': {
    imports: "import { S3Client } from '@aws-sdk/client-s3';",
    uses: ['new S3Client({})'],
  },
  '@aws-sdk/s3-request-presigner': {
    imports: "import { getSignedUrl } from '@aws-sdk/s3-request-presigner';",
    uses: ['getSignedUrl'],
  },
  '@aws-sdk/s3-presigned-post': {
    imports: "import { createPresignedPost } from '@aws-sdk/s3-presigned-post';",
    uses: ['createPresignedPost'],
  },
  '@aws-sdk/client-eventbridge': {
    imports: "import { EventBridgeClient } from '@aws-sdk/client-eventbridge';",
    uses: ['new EventBridgeClient({})'],
  },
  '@aws-sdk/client-sesv2': {
    imports: "import { SESv2Client } from '@aws-sdk/client-sesv2';",
    uses: ['new SESv2Client({})'],
  },
  '@aws-sdk/client-cloudfront': {
    imports: "import { CloudFrontClient } from '@aws-sdk/client-cloudfront';",
    uses: ['new CloudFrontClient({})'],
  },
  '@aws-sdk/client-cloudfront-keyvaluestore': {
    // the client signs with SigV4A, registered by this package's import (the SDK's JS signer)
    imports:
      "import '@aws-sdk/signature-v4a'; import { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';",
    uses: ['new CloudFrontKeyValueStoreClient({})'],
  },
  '@aws-sdk/client-secrets-manager': {
    imports: "import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';",
    uses: ['new SecretsManagerClient({})'],
  },
  '@aws-sdk/client-cognito-identity-provider': {
    imports: "import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';",
    uses: ['new CognitoIdentityProviderClient({})'],
  },
};

/** The official SDK packages a bundle uses: client packages and the libraries over them, by bytes in it. */
export function sdkPackagesOf(metafile: Metafile): string[] {
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/(@aws-sdk\/(?:client-[a-z0-9-]+|lib-[a-z0-9-]+|s3-[a-z-]+))\//.exec(
        input,
      )?.[1];
      if (name && bytesInOutput > 0) packages.add(name);
    }
  return [...packages].sort();
}

/** The source of the floor handler for these SDK packages: each client constructed once at module scope. */
export function floorSource(packages: readonly string[]): string {
  const unknown = packages.filter((name) => !SDK_FLOOR_PARTS[name]);
  if (unknown.length > 0)
    throw new Error(`no floor part for ${unknown.join(', ')}: add it to SDK_FLOOR_PARTS`);
  const documentClient = packages.includes('@aws-sdk/lib-dynamodb');
  const parts = [...packages, ...(documentClient ? ['@aws-sdk/client-dynamodb'] : [])];
  const imports = new Set(parts.map((name) => SDK_FLOOR_PARTS[name]!.imports));
  // the Document client's part constructs the DynamoDB client it wraps
  const uses = [...new Set(parts)]
    .filter((name) => !(documentClient && name === '@aws-sdk/client-dynamodb'))
    .flatMap((name) => SDK_FLOOR_PARTS[name]!.uses);
  return [
    ...imports,
    `const clients = [${uses.join(', ')}];`,
    'export const handler = async () => clients.length;',
  ].join('\n');
}

/**
 * `@aws-sdk`/`@smithy` packages bundled more than once: from two install locations (a nested
 * node_modules), or in two builds of one location (its ESM `dist-es` and its CommonJS `dist-cjs`).
 */
export function duplicatePackagesOf(metafile: Metafile): string[] {
  const copies = new Map<string, Set<string>>();
  for (const output of Object.values(metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /^(.*node_modules\/(@(?:aws-sdk|smithy)\/[^/]+))\/([^/]+)\//.exec(input);
      if (!match || bytesInOutput === 0) continue;
      const [, root, name, folder] = match;
      const build = /^dist-/.test(folder!) ? folder! : '';
      copies.set(name!, (copies.get(name!) ?? new Set()).add(`${root}|${build}`));
    }
  return [...copies].filter(([, found]) => found.size > 1).map(([name]) => name);
}

export interface HandlerBundle {
  /** handler file relative to the repository root */
  handler: string;
  /** what the Lambda serves: route ids, `rule:<name>` for event consumers, `trigger:<name>` for Cognito, `job:<name>` for schedules */
  routes: string[];
  /** minified bundle size */
  bundleBytes: number;
  /** some input of the bundle is SSO credential code (client-sso, credential-provider-sso) */
  sso: boolean;
  /** the official SDK packages it bundles */
  sdkPackages: string[];
  /** `@aws-sdk`/`@smithy` packages it holds twice */
  duplicates: string[];
  /** its floor: a bare handler constructing the same SDK clients */
  floor: { bundleBytes: number; outfile?: string | undefined };
}

/**
 * Every Lambda the stack deploys, by handler file: the routes, the event consumers, the Cognito triggers
 * and the scheduled jobs.
 */
export function lambdaHandlers(): Map<string, string[]> {
  const handlers = new Map<string, string[]>();
  const add = (handler: string, served: string) =>
    handlers.set(handler, [...(handlers.get(handler) ?? []), served]);
  for (const route of manifest) add(route.handler, route.id);
  for (const rule of eventRules) add(rule.consumer, `rule:${rule.name}`);
  for (const trigger of cognitoTriggers) add(trigger.handler, `trigger:${trigger.name}`);
  for (const job of scheduledJobs) add(job.handler, `job:${job.name}`);
  return handlers;
}

export interface MeasuredBundle {
  bundleBytes: number;
  sso: boolean;
  sdkPackages: string[];
  duplicates: string[];
}

/**
 * Bundles an entry as the CDK does (a file of the repository, or module source) and measures it. With
 * `outfile` the bundle is written there; otherwise nothing is written.
 */
export async function measureLambdaBundle(
  entry: { file: string } | { source: string },
  outfile?: string,
): Promise<MeasuredBundle> {
  const { metafile } = await build({
    ...LAMBDA_BUNDLE,
    ...('file' in entry
      ? { entryPoints: [join(ROOT, entry.file)] }
      : { stdin: { contents: entry.source, resolveDir: ROOT, loader: 'ts' as const } }),
    absWorkingDir: ROOT,
    ...(outfile ? { outfile } : {}),
    write: outfile !== undefined,
    metafile: true,
    logLevel: 'error',
  });
  return {
    bundleBytes: Object.values(metafile.outputs).reduce((total, output) => total + output.bytes, 0),
    sso: Object.keys(metafile.inputs).some((input) => SSO_INPUT.test(input)),
    sdkPackages: sdkPackagesOf(metafile),
    duplicates: duplicatePackagesOf(metafile),
  };
}

/**
 * Bundles every Lambda handler and its floor and measures them (handlers with the same SDK packages share
 * one floor). With `outDirectory` the bundles are written there (one `.mjs` each, `outfile`), so they can
 * be imported; otherwise nothing is written.
 */
export function measureHandlerBundles(options: {
  outDirectory: string;
}): Promise<Array<HandlerBundle & { outfile: string; floor: { outfile: string } }>>;
export function measureHandlerBundles(): Promise<HandlerBundle[]>;
export async function measureHandlerBundles(
  options: { outDirectory?: string } = {},
): Promise<Array<HandlerBundle & { outfile: string | undefined }>> {
  const { outDirectory } = options;
  const floors = new Map<string, Promise<{ bundleBytes: number; outfile: string | undefined }>>();
  const floorOf = (packages: string[]) => {
    const key = packages.join('+') || 'none';
    let floor = floors.get(key);
    if (!floor) {
      const outfile = outDirectory && join(outDirectory, `floor_${key.replace(/[@/+]/g, '_')}.mjs`);
      floor = measureLambdaBundle({ source: floorSource(packages) }, outfile).then((measured) => ({
        bundleBytes: measured.bundleBytes,
        outfile,
      }));
      floors.set(key, floor);
    }
    return floor;
  };
  return Promise.all(
    [...lambdaHandlers()].map(async ([handler, routes]) => {
      const outfile = outDirectory && join(outDirectory, `${handler.replace(/[/.]/g, '_')}.mjs`);
      const measured = await measureLambdaBundle({ file: handler }, outfile);
      return { handler, routes, ...measured, floor: await floorOf(measured.sdkPackages), outfile };
    }),
  );
}

/** Bytes as the tables show them: KB with one decimal. */
export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

/** A budget mark for the tables. */
export const mark = (withinBudget: boolean) => (withinBudget ? '✓' : '✗');
