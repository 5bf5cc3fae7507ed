import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { manifest } from '#contracts/manifest';
import { cognitoTriggers } from '#contracts/triggers';
import { eventRules } from '#events/rules';
import { scheduledJobs } from '#events/schedules';
import { PLANNED_HANDLER_FILE } from '#lib/planned';
import { LAMBDA_BUNDLE } from '../../infra/lib/bundle-options.ts';

/**
 * The Lambda budgets of issue 4: every handler ≤ 350 KB minified, no SSO credential code in any bundle
 * (asserted by tests/budgets/handlers.test.ts), and a median cold import ≤ 150 ms (timed by `npm run
 * bench`). Bundles are built exactly as the CDK builds them (`LAMBDA_BUNDLE`).
 */
export const HANDLER_BUNDLE_BUDGET_BYTES = 350 * 1024;
export const IMPORT_MEDIAN_BUDGET_MS = 150;

/**
 * Input paths that mean the SSO part of the default credential chain was bundled: the SSO packages, and
 * the SSO / SSO-OIDC clients that current SDK versions ship inside `@aws-sdk/nested-clients` instead of
 * `@aws-sdk/client-sso`.
 */
const SSO_INPUT = /client-sso|credential-provider-sso|nested-clients\/dist-[a-z]+\/submodules\/sso/;

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface HandlerBundle {
  /** handler file relative to the repository root */
  handler: string;
  /** what the Lambda serves: route ids, `rule:<name>` for event consumers, `trigger:<name>` for Cognito, `job:<name>` for schedules */
  routes: string[];
  /** minified bundle size */
  bundleBytes: number;
  /** some input of the bundle is SSO credential code (client-sso, credential-provider-sso) */
  sso: boolean;
}

/**
 * Every Lambda the stack deploys, by handler file: the implemented routes, the one planned-route handler
 * (shared by every planned route), the implemented event consumers and the Cognito triggers.
 */
export function lambdaHandlers(): Map<string, string[]> {
  const handlers = new Map<string, string[]>();
  const add = (handler: string, served: string) =>
    handlers.set(handler, [...(handlers.get(handler) ?? []), served]);
  for (const route of manifest)
    add(route.status === 'implemented' ? route.handler : PLANNED_HANDLER_FILE, route.id);
  for (const rule of eventRules) if (rule.status === 'implemented') add(rule.consumer, `rule:${rule.name}`);
  for (const trigger of cognitoTriggers) add(trigger.handler, `trigger:${trigger.name}`);
  for (const job of scheduledJobs) add(job.handler, `job:${job.name}`);
  return handlers;
}

/**
 * Bundles an entry as the CDK does (a file of the repository, or module source) and measures it. With
 * `outfile` the bundle is written there; otherwise nothing is written.
 */
export async function measureLambdaBundle(
  entry: { file: string } | { source: string },
  outfile?: string,
): Promise<{ bundleBytes: number; sso: boolean }> {
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
  };
}

/**
 * Bundles every Lambda handler and measures it. With `outDirectory` the bundles are written there (one
 * `.mjs` each, `outfile`), so they can be imported; otherwise nothing is written.
 */
export function measureHandlerBundles(options: {
  outDirectory: string;
}): Promise<Array<HandlerBundle & { outfile: string }>>;
export function measureHandlerBundles(): Promise<HandlerBundle[]>;
export async function measureHandlerBundles(
  options: { outDirectory?: string } = {},
): Promise<Array<HandlerBundle & { outfile: string | undefined }>> {
  const { outDirectory } = options;
  return Promise.all(
    [...lambdaHandlers()].map(async ([handler, routes]) => {
      const outfile = outDirectory && join(outDirectory, `${handler.replace(/[/.]/g, '_')}.mjs`);
      return { handler, routes, ...(await measureLambdaBundle({ file: handler }, outfile)), outfile };
    }),
  );
}

/** Bytes as the tables show them: KB with one decimal. */
export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

/** A budget mark for the tables. */
export const mark = (withinBudget: boolean) => (withinBudget ? '✓' : '✗');
