import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { manifest } from '../../contracts/manifest.ts';
import { type RouteDefinition, requiresToken } from '../../contracts/route.ts';
import type { StageConfig } from './stage-config.ts';

/**
 * The WAF web ACLs of a stage's two distributions (docs/decisions.md, "WAF in front of both
 * distributions"). HTTP API throttles per route, never per caller; these count requests per viewer
 * address at CloudFront's edge, before anything reaches the API or a bucket, and answer 429 with
 * `Retry-After`. A web ACL for CloudFront (scope CLOUDFRONT) must be created in us-east-1, whatever Region
 * the stage runs in: they live in a stack of their own there (`EstateNet-<stage>-edge`), and the platform
 * stack's distributions name them by ARN (infra/lib/platform-app.ts). The stage setting `webAcl` turns them
 * on (prod, staging) or off (dev).
 */

/** The Region CloudFront's web ACLs are created in. */
export const EDGE_REGION = 'us-east-1';
/** The edge stack's outputs the platform stack reads (`Fn::GetStackOutput`): each web ACL's ARN. */
export const EDGE_OUTPUTS = { app: 'AppWebAclArn', sites: 'SitesWebAclArn' } as const;

/** Seconds a rate-based rule counts over; AWS WAF accepts 60, 120, 300 or 600. */
export const RATE_WINDOW_SECONDS = 300;

/** What a rate-based rule counts: every request of an address, or those of some paths (and a method). */
export interface RateRule {
  name: string;
  /** requests per address within RATE_WINDOW_SECONDS (AWS WAF's minimum is 10) */
  limit: number;
  /** only requests whose path starts with one of these (absent: every request) */
  pathPrefixes?: readonly string[];
  method?: 'POST';
  /** the 429's body: the API's JSON or a page */
  answer: 'json' | 'page';
}

/** `/api/website-leads/{id}` → `/api/website-leads/`: the fixed start of a route's path. */
export const pathPrefixOf = (route: Pick<RouteDefinition, 'path'>): string => route.path.split('{')[0]!;

/** The contact form's path: anyone's browser posts it, from any published site (and the app's origin). */
const LEAD_FORM_PREFIX = '/api/website-leads/';

/**
 * The public routes a person opens (invitations, owner confirmations, calendar feeds): every `auth: none`
 * route of the manifest but the contact form (its own rule) and the billing webhook, whose provider sends
 * from a few addresses in bursts (its route throttle and signature guard it).
 */
export function publicPathPrefixes(routes: readonly RouteDefinition[] = manifest): string[] {
  return [
    ...new Set(
      routes
        .filter((route) => !requiresToken(route))
        .map(pathPrefixOf)
        .filter((prefix) => prefix !== LEAD_FORM_PREFIX && prefix !== '/api/billing/webhook'),
    ),
  ].sort();
}

/**
 * The rules of each web ACL, per address and five minutes. The app: 6,000 requests (20 a second: an agency
 * office behind one address loading the app and its API all day), 300 on the public routes a person opens
 * (calendar apps fetch feeds from shared addresses: a feed polled every 15 minutes is 1 in 900 s), 20
 * contact forms. The sites: 2,000 requests (a visitor reading 50 pages with their pictures), 20 contact
 * forms (a person sends one or two; the handler also limits each sender per website and hour).
 */
export const WEB_ACL_RULES: Readonly<Record<'app' | 'sites', readonly RateRule[]>> = {
  app: [
    {
      name: 'LeadFormPerAddress',
      limit: 20,
      pathPrefixes: [LEAD_FORM_PREFIX],
      method: 'POST',
      answer: 'json',
    },
    { name: 'PublicRoutesPerAddress', limit: 300, pathPrefixes: publicPathPrefixes(), answer: 'json' },
    { name: 'AllRequestsPerAddress', limit: 6_000, answer: 'json' },
  ],
  sites: [
    {
      name: 'LeadFormPerAddress',
      limit: 20,
      pathPrefixes: [LEAD_FORM_PREFIX],
      method: 'POST',
      answer: 'page',
    },
    { name: 'AllRequestsPerAddress', limit: 2_000, answer: 'page' },
  ],
};

/** The 429 bodies (AWS WAF custom response bodies, at most 4 KB each). */
const TOO_MANY_JSON = '{"message":"Too Many Requests"}';
const TOO_MANY_PAGE = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Too many requests</title>',
  '<style>body{margin:0;padding:0 16px;font:16px/1.6 system-ui,sans-serif;color:#212529;background:#f8f9fa}',
  'main{max-width:34rem;margin:12vh auto;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:8px}</style>',
  '</head><body><main><h1>Too many requests</h1>',
  '<p>We received more requests from your network than we can take right now, so this one was not sent.</p>',
  '<p>Please try again in a few minutes. If you were sending a message, use your browser’s Back button: what you wrote is still in the form.</p>',
  '</main></body></html>',
].join('');

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const startsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** What a rule counts: its paths (any of them) and its method, all of them at once. */
function scopeOf(rule: RateRule): CfnWebACL.StatementProperty | undefined {
  const conditions: CfnWebACL.StatementProperty[] = [];
  const paths = rule.pathPrefixes ?? [];
  if (paths.length === 1) conditions.push(startsWith(paths[0]!));
  if (paths.length > 1) conditions.push({ orStatement: { statements: paths.map(startsWith) } });
  if (rule.method) {
    conditions.push({
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: rule.method,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
  }
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : { andStatement: { statements: conditions } };
}

/** A web ACL of rate-based rules (and AWS's IP reputation list) answering 429 with Retry-After. */
function webAcl(scope: Construct, id: string, name: string, rules: readonly RateRule[]): CfnWebACL {
  return new CfnWebACL(scope, id, {
    name,
    // CloudFormation's pattern for it allows no parentheses
    description: `${name}: requests per viewer address, see infra/lib/web-acl.ts`,
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: visibility(name),
    customResponseBodies: {
      'too-many-json': { contentType: 'APPLICATION_JSON', content: TOO_MANY_JSON },
      'too-many-page': { contentType: 'TEXT_HTML', content: TOO_MANY_PAGE },
    },
    rules: [
      {
        // addresses AWS's threat intelligence saw attacking (bots, scanners): low false positives
        name: 'AmazonIpReputationList',
        priority: 0,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' },
        },
        visibilityConfig: visibility(`${name}-ip-reputation`),
      },
      ...rules.map((rule, index) => {
        const scopeDown = scopeOf(rule);
        return {
          name: rule.name,
          priority: index + 1,
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: rule.answer === 'json' ? 'too-many-json' : 'too-many-page',
                responseHeaders: [{ name: 'retry-after', value: String(RATE_WINDOW_SECONDS) }],
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: rule.limit,
              aggregateKeyType: 'IP',
              evaluationWindowSec: RATE_WINDOW_SECONDS,
              ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
            },
          },
          visibilityConfig: visibility(`${name}-${rule.name}`),
        };
      }),
    ],
  });
}

export interface EdgeStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * The stage's us-east-1 stack: the web ACLs of the app and the published-sites distributions, their ARNs as
 * outputs. The platform stack (in the stage's own Region) associates them by ARN, read with
 * Fn::GetStackOutput (a weak cross-Region reference: no export to lock either stack).
 */
export class EdgeStack extends Stack {
  readonly appAcl: CfnWebACL;
  readonly sitesAcl: CfnWebACL;

  constructor(scope: Construct, id: string, { stage, ...props }: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.appAcl = webAcl(this, 'AppWebAcl', `${stage.namePrefix}-app`, WEB_ACL_RULES.app);
    this.sitesAcl = webAcl(this, 'SitesWebAcl', `${stage.namePrefix}-sites`, WEB_ACL_RULES.sites);
    new CfnOutput(this, EDGE_OUTPUTS.app, { value: this.appAcl.attrArn });
    new CfnOutput(this, EDGE_OUTPUTS.sites, { value: this.sitesAcl.attrArn });
  }
}
