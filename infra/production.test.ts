import { readFileSync } from 'node:fs';
import { Aspects, Duration, type NestedStack, Stack } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventRules } from '../contracts/event-rules.ts';
import { HOSTS_STORE_ACTIONS, platformFunctions, SECRETS, SITES_ENV } from '../contracts/function-access.ts';
import { manifest } from '../contracts/manifest.ts';
import {
  APP_CACHE_CONTROL,
  appCacheControl,
  appSecurityHeaders,
  BEHAVIOURS,
  HASHED_ASSETS_PREFIX,
  PRECOMPRESSED_CONTENT_TYPES,
  PRECOMPRESSED_SUFFIX,
  PUBLISHED_SITE_SECURITY_HEADERS,
  type SecurityHeaders,
  SITE_PREVIEW_SECURITY_HEADERS,
} from '../contracts/response-headers.ts';
import type { SecretName } from '../contracts/route.ts';
import { API_PATH_PREFIXES } from '../contracts/route-guard.ts';
import { scheduledJobs } from '../contracts/schedules.ts';
import { awsAppOrigins, MEDIA_PREFIX } from './lib/app-hosting.ts';
import { ABORT_INCOMPLETE_UPLOAD_DAYS, filesBucketName, NONCURRENT_VERSION_DAYS } from './lib/data-stores.ts';
import { CONSUMER_ASYNC_RETRY, CONSUMER_RETRY } from './lib/event-consumers.ts';
import { CLOUDFRONT_LOGS_REGION } from './lib/observability.ts';
import { DEAD_LETTER_RETENTION, LOG_WRITE_ACTIONS, type PlatformFunction } from './lib/platform-function.ts';
import type { PlatformStack } from './lib/platform-stack.ts';
import {
  API_ACCESS_LOG_FORMAT,
  HOST_SYNC_RULE,
  PAGE_REGENERATOR_RULE,
  SITE_CACHE_INVALIDATOR_RULE,
} from './lib/platform-stack.ts';
import { JOB_ASYNC_RETRY, JOB_RETRY } from './lib/scheduled-jobs.ts';
import {
  SITE_NOT_FOUND_PATH,
  SITE_PREVIEW_CSP,
  SITE_PREVIEW_PREFIX,
  sitePreviewFunctionSource,
  siteRouterBody,
} from './lib/site-router-function.ts';
import { WEBSITE_LEADS_HEADERS, WEBSITE_LEADS_PATH_PATTERN } from './lib/sites-hosting.ts';
import { stageConfig } from './lib/stage-config.ts';
import { type SynthesizedStage, synthesizedStage, testApp } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

/**
 * The production template, asserted item by item (issue 11). The prod stack is synthesized once, with
 * every deploy-time setting given.
 */
const PROD_OVERRIDES = {
  appDomain: 'app.estatenet.example',
  appCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/app',
  sitesDomain: 'sites.estatenet.example',
  sitesCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/sites',
  googleClientId: 'estatenet.apps.googleusercontent.com',
  alarmEmail: 'ops@estatenet.example',
};

let prod: SynthesizedStage;
let dev: SynthesizedStage;
let stack: PlatformStack;
let template: Template;
let resources: Record<string, Json>;

beforeAll(() => {
  prod = synthesizedStage('prod', PROD_OVERRIDES);
  dev = synthesizedStage('dev');
  stack = prod.stack;
  template = prod.template;
  resources = template.toJSON().Resources as Record<string, Json>;
});

const idOf = (target: { node: { defaultChild?: unknown } }, owner: Stack = stack) =>
  owner.getLogicalId(target.node.defaultChild as never);
const ofType = (type: string, from: Record<string, Json> = resources) =>
  Object.entries(from).filter(([, resource]) => resource.Type === type);
/** The parent template and every nested one. */
const allTemplates = (synthesized: SynthesizedStage): Template[] => [
  synthesized.template,
  ...[...synthesized.stack.routes.stacks.values()].map((nested) => synthesized.templateOf(nested)),
];
const allResources = (synthesized: SynthesizedStage): Json[] =>
  allTemplates(synthesized).flatMap((t) => Object.values(t.toJSON().Resources as Record<string, Json>));

describe('per-stage configuration', () => {
  it('names resources after the stage', () => {
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'estatenet-prod' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { Name: 'estatenet-prod-api' });
    template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolName: 'estatenet-prod' });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'estatenet-prod' });
    template.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'estatenet-prod-alarms' });
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'estatenet-prod' });
    dev.template.hasResourceProperties('AWS::Events::EventBus', { Name: 'estatenet-dev' });
  });

  it('serves the app and the websites on the stage’s domains with their us-east-1 certificates', () => {
    const app = resources[idOf(stack.hosting.distribution)]!.Properties.DistributionConfig;
    expect(app.Aliases).toEqual(['app.estatenet.example']);
    expect(app.ViewerCertificate).toMatchObject({
      AcmCertificateArn: PROD_OVERRIDES.appCertificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    const sites = resources[idOf(stack.sites.distribution)]!.Properties.DistributionConfig;
    expect(sites.Aliases).toEqual(['*.sites.estatenet.example']);
    expect(sites.ViewerCertificate).toMatchObject({
      AcmCertificateArn: PROD_OVERRIDES.sitesCertificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    template.hasOutput('AppUrl', { Value: 'https://app.estatenet.example' });
  });

  it('keeps logs 6 months in prod and a week in dev', () => {
    for (const resource of allResources(prod).filter((r) => r.Type === 'AWS::Logs::LogGroup')) {
      expect(resource.Properties.RetentionInDays).toBe(180);
      expect(resource.DeletionPolicy).toBe('Retain');
    }
    for (const resource of allResources(dev).filter((r) => r.Type === 'AWS::Logs::LogGroup')) {
      expect(resource.Properties.RetentionInDays).toBe(7);
    }
  });

  it('reads the Google client secret from Secrets Manager at deploy time, never from the code', () => {
    const [[, provider]] = ofType('AWS::Cognito::UserPoolIdentityProvider') as [[string, Json]];
    expect(provider.Properties.ProviderDetails.client_id).toBe(PROD_OVERRIDES.googleClientId);
    expect(JSON.stringify(provider.Properties.ProviderDetails.client_secret)).toMatch(
      /^"\{\{resolve:secretsmanager:estatenet-prod\/google-client-secret:SecretString:::\}\}"$/,
    );
    expect(JSON.stringify(dev.template.toJSON())).not.toContain('client_secret');
  });

  it('sends the alarms to the alarm address of the stage, and to none in dev', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: PROD_OVERRIDES.alarmEmail,
    });
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('app distribution', () => {
  const config = () => resources[idOf(stack.hosting.distribution)]!.Properties.DistributionConfig as Json;

  it('serves the app bucket through origin access control with the cookie route guard and the SPA fallback in it', () => {
    const distribution = config();
    const origin = (distribution.Origins as Json[]).find(
      (candidate) => candidate.Id === distribution.DefaultCacheBehavior.TargetOriginId,
    )!;
    expect(origin.OriginAccessControlId).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/^AppDistributionOrigin1S3OriginAccessControl/), 'Id'],
    });
    expect(JSON.stringify(origin.DomainName)).toContain(idOf(stack.hosting.bucket));
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [idOf(stack.hosting.routeGuard), 'FunctionARN'] },
      },
    ]);
    // the fallback is the function's rewrite; error responses would swallow the API's 403/404
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('sends the API paths to the HTTP API', () => {
    const apiBehaviours = (config().CacheBehaviors as Json[]).filter((b) =>
      API_PATH_PREFIXES.some((prefix) => b.PathPattern === `${prefix}*`),
    );
    expect(apiBehaviours).toHaveLength(API_PATH_PREFIXES.length);
    for (const behaviour of apiBehaviours) {
      const origin = (config().Origins as Json[]).find(
        (candidate) => candidate.Id === behaviour.TargetOriginId,
      )!;
      expect(JSON.stringify(origin.DomainName)).toContain(idOf(stack.api));
      expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
      // Managed-AllViewerExceptHostHeader: every viewer header but Host (API Gateway routes on its own)
      // plus CloudFront's headers, CloudFront-Viewer-Address among them — the public leads route limits
      // per sender from it (functions/website-leads/website-leads.ts), also for a form posted on the app origin
      expect(behaviour.OriginRequestPolicyId, behaviour.PathPattern).toBe(
        'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      );
    }
  });

  it('answers with CSP (our origins only), HSTS, no framing, nosniff and a referrer policy on every behaviour', () => {
    const policyId = idOf(stack.hosting.responseHeaders);
    const distribution = config();
    for (const behaviour of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      const expected =
        behaviour.PathPattern === `${SITE_PREVIEW_PREFIX}*` ? stack.hosting.sitePreviewHeaders : undefined;
      expect(behaviour.ResponseHeadersPolicyId, behaviour.PathPattern).toEqual({
        Ref: expected ? idOf(expected) : policyId,
      });
    }
    const headers = resources[policyId]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 2 * 365 * 24 * 3600,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
      Override: true,
    });

    const csp = headers.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1] as (string | Json)[];
    const text = csp.map((part) => (typeof part === 'string' ? part : `<${JSON.stringify(part)}>`)).join('');
    const directives = Object.fromEntries(
      text.split('; ').map((directive) => {
        const [name, ...sources] = directive.split(' ');
        return [name!, sources];
      }),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-src']).toEqual(["'self'", 'blob:']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    const hosts = Object.values(directives)
      .flat()
      .filter((source) => source.startsWith('https://'));
    const region = '<{"Ref":"AWS::Region"}>';
    const suffix = '<{"Ref":"AWS::URLSuffix"}>';
    expect(new Set(hosts)).toEqual(
      new Set([
        `https://cognito-idp.${region}.${suffix}`,
        `https://estatenet-prod.auth.${region}.amazoncognito.com`,
        `https://estatenet-prod-files-<{"Ref":"AWS::AccountId"}>-${region}.s3.${region}.${suffix}`,
      ]),
    );
    // one scheme source: pictures from any https address (the website editor's canvas is a frame of the
    // app and shows the pictures an agent put on a page by address), nothing else
    const { 'img-src': pictures, ...others } = directives;
    expect(Object.values(others).join(' ')).not.toMatch(/(^|\s|,)(\*|https:|http:)(\s|,|$)/);
    expect(pictures).toContain('https:');
    expect((pictures ?? []).join(' ')).not.toMatch(/(^|\s)(\*|http:)(\s|$)/);
    expect(directives['connect-src']).toHaveLength(4);
  });
});

describe('response headers (contracts/response-headers.ts)', () => {
  /** A synthesized response headers policy's security headers as the definition gives them. */
  const asSynthesized = (headers: SecurityHeaders) => ({
    ContentSecurityPolicy: {
      ContentSecurityPolicy: stack.resolve(headers.contentSecurityPolicy),
      Override: true,
    },
    StrictTransportSecurity: {
      AccessControlMaxAgeSec: headers.strictTransportSecurity.maxAgeSeconds,
      IncludeSubdomains: headers.strictTransportSecurity.includeSubdomains,
      Preload: headers.strictTransportSecurity.preload,
      Override: true,
    },
    FrameOptions: { FrameOption: headers.frameOption, Override: true },
    ContentTypeOptions: { Override: true },
    ReferrerPolicy: { ReferrerPolicy: headers.referrerPolicy, Override: true },
  });
  const policyOf = (policy: { node: { defaultChild?: unknown } }) =>
    resources[idOf(policy)]!.Properties.ResponseHeadersPolicyConfig as Json;
  const behaviours = (distribution: { node: { defaultChild?: unknown } }) => {
    const config = resources[idOf(distribution)]!.Properties.DistributionConfig as Json;
    return [config.DefaultCacheBehavior, ...config.CacheBehaviors] as Json[];
  };
  const CACHE_POLICY_IDS = {
    CachingOptimized: '658327ea-f89d-4fab-a63d-7e88639e58f6',
    CachingDisabled: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
  };

  it('builds the app’s policy from the definition, with this stage’s origins', () => {
    const origins = awsAppOrigins({
      region: stack.region,
      urlSuffix: stack.urlSuffix,
      authDomainPrefix: 'estatenet-prod',
      filesBucketName: filesBucketName(stageConfig('prod', PROD_OVERRIDES)),
    });
    const policy = policyOf(stack.hosting.responseHeaders);
    expect(policy.SecurityHeadersConfig).toEqual(asSynthesized(appSecurityHeaders(origins)));
    expect(policy.CustomHeadersConfig).toBeUndefined();
  });

  it('builds the previews’ and the published sites’ policies from the definition', () => {
    expect(policyOf(stack.hosting.sitePreviewHeaders).SecurityHeadersConfig).toEqual(
      asSynthesized(SITE_PREVIEW_SECURITY_HEADERS),
    );
    expect(policyOf(stack.sites.responseHeaders).SecurityHeadersConfig).toEqual(
      asSynthesized(PUBLISHED_SITE_SECURITY_HEADERS),
    );
    for (const behaviour of behaviours(stack.sites.distribution)) {
      expect(behaviour.ResponseHeadersPolicyId, behaviour.PathPattern).toEqual({
        Ref: idOf(stack.sites.responseHeaders),
      });
    }
  });

  it('caches and compresses the app, the previews and the sites as the definition says', () => {
    const byPattern = (distribution: { node: { defaultChild?: unknown } }, pattern: string) =>
      behaviours(distribution).find((behaviour) => (behaviour.PathPattern ?? '*') === pattern)!;
    const cases = [
      [stack.hosting.distribution, BEHAVIOURS.app],
      [stack.hosting.distribution, BEHAVIOURS.sitePreview],
      [stack.sites.distribution, BEHAVIOURS.publishedSite],
    ] as const;
    for (const [distribution, behaviour] of cases) {
      expect(byPattern(distribution, behaviour.pathPattern), behaviour.pathPattern).toMatchObject({
        CachePolicyId: CACHE_POLICY_IDS[behaviour.cachePolicy],
        Compress: behaviour.compress,
      });
    }
    expect(BEHAVIOURS.sitePreview.pathPattern).toBe(`${SITE_PREVIEW_PREFIX}*`);
  });

  it('deploys the hashed files for a year and the other files of the app revalidated on every load', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    const named = (name: string) => deployments.find(([id]) => id.includes(`${name}CustomResource`))?.[1];
    const appBucket = { Ref: idOf(stack.hosting.bucket) };
    expect(named('AppAssetsDeployment')!.Properties).toMatchObject({
      DestinationBucketName: appBucket,
      DestinationBucketKeyPrefix: HASHED_ASSETS_PREFIX,
      Prune: false,
      SystemMetadata: { 'cache-control': APP_CACHE_CONTROL.hashedAsset },
    });
    const documents = named('AppDeployment')!;
    expect(documents.Properties).toMatchObject({
      DestinationBucketName: appBucket,
      SystemMetadata: { 'cache-control': APP_CACHE_CONTROL.document },
    });
    expect(documents.Properties.Exclude).toContain(`${HASHED_ASSETS_PREFIX}*`);
    expect(documents.DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/AppAssetsDeploymentCustomResource/)]),
    );
    // the hashed files themselves, not their Brotli (whose type and encoding would be guessed from `.br`);
    // that is deployed per type with `Content-Encoding: br`, before index.html names the files
    expect(named('AppAssetsDeployment')!.Properties.Exclude).toEqual([`*${PRECOMPRESSED_SUFFIX}`]);
    for (const [extension, contentType] of Object.entries(PRECOMPRESSED_CONTENT_TYPES)) {
      const name = `AppAssetsBrotli${extension.slice(1).toUpperCase()}Deployment`;
      expect(named(name)!.Properties, extension).toMatchObject({
        DestinationBucketName: appBucket,
        DestinationBucketKeyPrefix: HASHED_ASSETS_PREFIX,
        Exclude: ['*'],
        Include: [`*${extension}${PRECOMPRESSED_SUFFIX}`],
        Prune: false,
        SystemMetadata: {
          'cache-control': APP_CACHE_CONTROL.hashedAsset,
          'content-type': contentType,
          'content-encoding': 'br',
        },
      });
      expect(documents.DependsOn, extension).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`${name}CustomResource`))]),
      );
    }
    expect(named('AppConfigDeployment')!.Properties.SystemMetadata).toMatchObject({
      'cache-control': appCacheControl('app-config.json'),
    });
    expect(appCacheControl('index.html')).toBe(APP_CACHE_CONTROL.document);
    expect(appCacheControl('assets/index-3f2a.js')).toBe(APP_CACHE_CONTROL.hashedAsset);
  });
});

describe('sites distribution', () => {
  const config = () => resources[idOf(stack.sites.distribution)]!.Properties.DistributionConfig as Json;

  it('serves the sites bucket through origin access control, routed by a KeyValueStore function', () => {
    const distribution = config();
    const origin = (distribution.Origins as Json[]).find(
      (candidate) => candidate.Id === distribution.DefaultCacheBehavior.TargetOriginId,
    )!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(origin.DomainName)).toContain(idOf(stack.data.buckets.sites));
    const routerId = idOf(stack.sites.router);
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [routerId, 'FunctionARN'] } },
    ]);
    const router = resources[routerId]!.Properties;
    expect(router.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(router.FunctionConfig.KeyValueStoreAssociations).toEqual([
      { KeyValueStoreARN: { 'Fn::GetAtt': [idOf(stack.sites.hosts), 'Arn'] } },
    ]);
    expect(JSON.stringify(router.FunctionCode)).toContain(idOf(stack.sites.hosts));
    template.hasResource('AWS::CloudFront::KeyValueStore', {
      Properties: { Name: 'estatenet-prod-site-hosts' },
      DeletionPolicy: 'Retain',
    });
    // the sites bucket lets this distribution and the app's /sites/* previews read, and no one else
    const sitesId = idOf(stack.data.buckets.sites);
    const [[, policy]] = ofType('AWS::S3::BucketPolicy').filter(
      ([, candidate]) => candidate.Properties.Bucket.Ref === sitesId,
    ) as [[string, Json]];
    const reads = (policy.Properties.PolicyDocument.Statement as Json[]).filter(
      (statement) => statement.Effect === 'Allow',
    );
    expect(reads).toHaveLength(2);
    for (const read of reads) {
      expect(read).toMatchObject({
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
      });
    }
    expect(reads.map((read) => JSON.stringify(read.Condition))).toEqual([
      expect.stringContaining(idOf(stack.hosting.distribution)),
      expect.stringContaining(idOf(stack.sites.distribution)),
    ]);
  });

  it('maps the Host to its website’s pages, and answers 404 for unknown hosts and escapes', async () => {
    const store: Record<string, string> = {
      'coastal.sites.estatenet.example': 'w1',
      'www.coastal.com': 'w1',
    };
    const kvs = {
      get: async (key: string) => {
        if (!(key in store)) throw new Error('KeyNotFound');
        return store[key];
      },
    };
    const handler = new Function('kvs', `${siteRouterBody()}\nreturn handler;`)(kvs) as (
      event: Json,
    ) => Promise<Json>;
    const request = (host: string | undefined, uri: string) =>
      handler({ request: { uri, headers: host ? { host: { value: host } } : {}, querystring: {} } });
    const cases: [string | undefined, string, string | 404][] = [
      ['coastal.sites.estatenet.example', '/', '/w1/index.html'],
      ['Coastal.Sites.EstateNet.example', '/about', '/w1/about/index.html'],
      ['www.coastal.com', '/about/', '/w1/about/index.html'],
      ['www.coastal.com', '/listings/villa-1', '/w1/listings/villa-1/index.html'],
      ['www.coastal.com', '/sitemap.xml', '/w1/sitemap.xml'],
      ['www.coastal.com', '/robots.txt', '/w1/robots.txt'],
      ['www.coastal.com', '/favicon.svg', '/w1/favicon.svg'],
      ['www.coastal.com', '/listings/casa-evora-3f2a9c1b/', '/w1/listings/casa-evora-3f2a9c1b/index.html'],
      ['www.coastal.com', SITE_NOT_FOUND_PATH, SITE_NOT_FOUND_PATH],
      ['unknown.example', '/', 404],
      [undefined, '/', 404],
      ['www.coastal.com', '/../w2/index.html', 404],
      ['www.coastal.com', '/%2e%2e/w2', 404],
    ];
    // no published site answers /favicon.ico with a 404: it is its generated favicon.svg
    const favicon = await request('www.coastal.com', '/favicon.ico');
    expect(favicon.statusCode).toBe(301);
    expect(favicon.headers.location.value).toBe('/favicon.svg');
    expect((await request('unknown.example', '/favicon.ico')).statusCode).toBe(404);
    for (const [host, uri, expected] of cases) {
      const result = await request(host, uri);
      if (expected === 404) {
        expect(result.statusCode, `${host} ${uri}`).toBe(404);
        expect(result.body.data).toContain('Page not found');
      } else {
        expect(result.uri, `${host} ${uri}`).toBe(expected);
      }
    }
  });

  it('previews published pages on the app origin under /sites/{id}/, sandboxed and uncached', async () => {
    const distribution = resources[idOf(stack.hosting.distribution)]!.Properties.DistributionConfig as Json;
    const [preview] = (distribution.CacheBehaviors as Json[]).filter(
      (b) => b.PathPattern === `${SITE_PREVIEW_PREFIX}*`,
    );
    expect(preview).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [idOf(stack.hosting.sitePreview), 'FunctionARN'] },
        },
      ],
    });
    const origin = (distribution.Origins as Json[]).find(
      (candidate) => candidate.Id === preview!.TargetOriginId,
    )!;
    expect(JSON.stringify(origin.DomainName)).toContain(idOf(stack.data.buckets.sites));
    const headers =
      resources[idOf(stack.hosting.sitePreviewHeaders)]!.Properties.ResponseHeadersPolicyConfig
        .SecurityHeadersConfig;
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toBe(SITE_PREVIEW_CSP);

    const handler = new Function(`${sitePreviewFunctionSource()}\nreturn handler;`)() as (
      event: Json,
    ) => Json;
    const uriOf = (uri: string) => handler({ request: { uri, headers: {}, querystring: {} } });
    expect(uriOf('/sites/w1/').uri).toBe('/w1/index.html');
    expect(uriOf('/sites/w1').uri).toBe('/w1/index.html');
    expect(uriOf('/sites/w1/about').uri).toBe('/w1/about/index.html');
    expect(uriOf('/sites/w1/sitemap.xml').uri).toBe('/w1/sitemap.xml');
    expect(uriOf('/sites/w1/listings/casa-evora-3f2a9c1b').uri).toBe(
      '/w1/listings/casa-evora-3f2a9c1b/index.html',
    );
    expect(uriOf('/sites/w1/favicon.ico')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/sites/w1/favicon.svg' } },
    });
    expect(uriOf('/sites/w1/../w2/').statusCode).toBe(404);
    expect(uriOf('/sites/').statusCode).toBe(404);
  });

  it('sends the contact forms’ /api/website-leads/* to the HTTP API, uncached, and shows a 404 page', () => {
    const distribution = config();
    const [leads] = (distribution.CacheBehaviors as Json[]).filter(
      (b) => b.PathPattern === WEBSITE_LEADS_PATH_PATTERN,
    );
    expect(leads).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: { Ref: idOf(stack.sites.leadsRequests) },
      ViewerProtocolPolicy: 'https-only',
    });
    // API Gateway needs its own Host; the per-sender limit needs the viewer's address
    expect(resources[idOf(stack.sites.leadsRequests)]!.Properties.OriginRequestPolicyConfig).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: [...WEBSITE_LEADS_HEADERS] },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
    });
    expect(WEBSITE_LEADS_HEADERS).toContain('cloudfront-viewer-address');
    expect(WEBSITE_LEADS_HEADERS).not.toContain('host');
    expect(leads!.AllowedMethods).toContain('POST');
    const origin = (distribution.Origins as Json[]).find(
      (candidate) => candidate.Id === leads!.TargetOriginId,
    )!;
    expect(JSON.stringify(origin.DomainName)).toContain(idOf(stack.api));
    expect(distribution.CustomErrorResponses).toEqual(
      [403, 404].map((code) => ({
        ErrorCode: code,
        ResponseCode: 404,
        ResponsePagePath: SITE_NOT_FOUND_PATH,
        ErrorCachingMinTTL: 60,
      })),
    );
    const deployment = ofType('Custom::CDKBucketDeployment').find(([id]) =>
      id.startsWith('SitesNotFoundPage'),
    )!;
    expect(deployment[1].Properties).toMatchObject({
      DestinationBucketName: { Ref: idOf(stack.data.buckets.sites) },
      Prune: false,
      DistributionPaths: [SITE_NOT_FOUND_PATH],
    });
  });

  it('gives the domain routes the CNAME target, and the cache invalidator the invalidation of this distribution only', () => {
    const domainRoutes = manifest.filter((route) => route.resources.siteDomains);
    expect(domainRoutes.length).toBeGreaterThan(0);
    const nested = stack.routes.stacks.get('website-domains')!;
    const nestedResources = prod.templateOf(nested).toJSON().Resources as Record<string, Json>;
    const parentStack = resources[stack.getLogicalId(nested.nestedStackResource!)]!;
    for (const route of domainRoutes) {
      const fn = stack.routes.functions.get(route.id)!;
      const variables = nestedResources[idOf(fn.fn, nested)]!.Properties.Environment.Variables as Json;
      expect(variables[SITES_ENV.domain]).toBe(PROD_OVERRIDES.sitesDomain);
      const parameter = variables[SITES_ENV.cnameTarget].Ref as string;
      expect(parentStack.Properties.Parameters[parameter]).toEqual({
        'Fn::GetAtt': [idOf(stack.sites.distribution), 'DomainName'],
      });
    }
    // no other route sees it
    const others = manifest.filter((route) => !route.resources.siteDomains);
    for (const route of others) {
      const fn = stack.routes.functions.get(route.id)!;
      const variables = prod.templateOf(fn.fn.stack).toJSON().Resources[idOf(fn.fn, fn.fn.stack)].Properties
        .Environment.Variables as Json;
      expect(variables[SITES_ENV.cnameTarget], route.id).toBeUndefined();
    }

    const invalidator = stack.consumers.functions.get(SITE_CACHE_INVALIDATOR_RULE)!;
    const invalidatorId = idOf(invalidator.fn);
    expect(resources[invalidatorId]!.Properties.Environment.Variables[SITES_ENV.distributionId]).toEqual({
      Ref: idOf(stack.sites.distribution),
    });
    const invalidations = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Json[])
        .filter((statement) => [statement.Action].flat().includes('cloudfront:CreateInvalidation'))
        .map((statement) => ({ roles: policy.Properties.Roles as Json[], statement })),
    );
    const invalidatorRole = resources[invalidatorId]!.Properties.Role['Fn::GetAtt'][0];
    const ours = invalidations.filter(({ roles }) => roles.some((role) => role.Ref === invalidatorRole));
    expect(ours).toHaveLength(1);
    expect(JSON.stringify(ours[0]!.statement.Resource)).toContain(
      `distribution/",{"Ref":"${idOf(stack.sites.distribution)}"}`,
    );
    expect([ours[0]!.statement.Action].flat()).toEqual(['cloudfront:CreateInvalidation']);

    // the regenerator announces its regenerations on the bus instead: no distribution of its own
    const regeneratorVariables = resources[idOf(stack.consumers.functions.get(PAGE_REGENERATOR_RULE)!.fn)]!
      .Properties.Environment.Variables as Json;
    expect(regeneratorVariables[SITES_ENV.distributionId]).toBeUndefined();
    expect(regeneratorVariables.EVENT_BUS_NAME).toEqual({ Ref: idOf(stack.data.bus) });
    // canonical and og:url links of a website without a domain point at the app's origin
    expect(regeneratorVariables.APP_URL).toBe(`https://${PROD_OVERRIDES.appDomain}`);
  });

  it('serves the pages’ /media/* pictures from the files bucket’s media/ prefix, read-only through OAC', () => {
    const distribution = config();
    const media = (distribution.CacheBehaviors as Json[]).find((b) => b.PathPattern === `/${MEDIA_PREFIX}*`)!;
    expect(media).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    // not routed by Host: the path is the object key on every website hostname; only the answer passes a
    // function (anything but a picture as an attachment, infra/user-files.test.ts)
    expect(media.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-response' })]);
    const origin = (distribution.Origins as Json[]).find(
      (candidate) => candidate.Id === media.TargetOriginId,
    )!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(JSON.stringify(origin.DomainName)).toContain('estatenet-prod-files-');
    // the files bucket lets this distribution read media/* only
    const filesId = idOf(stack.data.buckets.files);
    const grants = ofType('AWS::S3::BucketPolicy')
      .filter(([, policy]) => policy.Properties.Bucket.Ref === filesId)
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Json[])
      .filter((statement) =>
        JSON.stringify(statement.Condition ?? {}).includes(`{"Ref":"${idOf(stack.sites.distribution)}"}`),
      );
    expect(grants).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [filesId, 'Arn'] }, `/${MEDIA_PREFIX}*`]] },
      }),
    ]);
  });

  it('gives the host sync the KeyValueStore’s ARN and its key actions on that store only', () => {
    const hostSync = stack.consumers.functions.get(HOST_SYNC_RULE)!;
    expect(hostSync).toBeDefined();
    const hostSyncId = idOf(hostSync.fn);
    const storeArn = { 'Fn::GetAtt': [idOf(stack.sites.hosts), 'Arn'] };
    expect(resources[hostSyncId]!.Properties.Environment.Variables[SITES_ENV.hostsStoreArn]).toEqual(
      storeArn,
    );
    const role = resources[hostSyncId]!.Properties.Role['Fn::GetAtt'][0];
    const storeStatements = allTemplates(prod).flatMap((t) =>
      Object.values(t.findResources('AWS::IAM::Policy')).flatMap((policy) =>
        (policy.Properties.PolicyDocument.Statement as Json[])
          .filter((statement) =>
            [statement.Action]
              .flat()
              .some((action: string) => action.startsWith('cloudfront-keyvaluestore:')),
          )
          .map((statement) => ({ roles: (policy.Properties.Roles as Json[]).map((r) => r.Ref), statement })),
      ),
    );
    // the host sync alone, with exactly its actions, on the one store
    expect(storeStatements).toHaveLength(1);
    expect(storeStatements[0]!.roles).toEqual([role]);
    expect([storeStatements[0]!.statement.Action].flat().sort()).toEqual([...HOSTS_STORE_ACTIONS].sort());
    expect(storeStatements[0]!.statement.Resource).toEqual(storeArn);
    // and no other function is told where the store is
    for (const fn of stack.allFunctions()) {
      if (fn === hostSync) continue;
      const variables = prod.templateOf(fn.fn.stack).toJSON().Resources[idOf(fn.fn, fn.fn.stack)].Properties
        .Environment.Variables as Json;
      expect(variables[SITES_ENV.hostsStoreArn], fn.node.id).toBeUndefined();
    }
  });
});

describe('data stores in prod', () => {
  it('keeps the table on demand, with PITR, deletion protection and a retain policy', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      },
    });
    dev.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });

  it('blocks public access, encrypts, requires TLS, aborts stale multipart uploads and logs access on every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(5);
    const accessLogsId = idOf(stack.data.accessLogs);
    for (const [id, bucket] of buckets) {
      expect(bucket.DeletionPolicy, id).toBe('Retain');
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toBeDefined();
      expect(bucket.Properties.LifecycleConfiguration.Rules, id).toContainEqual(
        expect.objectContaining({
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: ABORT_INCOMPLETE_UPLOAD_DAYS },
          Status: 'Enabled',
        }),
      );
      if (id !== accessLogsId) {
        expect(bucket.Properties.LoggingConfiguration.DestinationBucketName, id).toEqual({
          Ref: accessLogsId,
        });
      }
      const [[, policy]] = ofType('AWS::S3::BucketPolicy').filter(
        ([, candidate]) => candidate.Properties.Bucket.Ref === id,
      ) as [[string, Json]];
      expect(policy.Properties.PolicyDocument.Statement, id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('versions website content and published pages (old versions expire), not the cloud files', () => {
    for (const bucket of [stack.data.buckets.content, stack.data.buckets.sites]) {
      const properties = resources[idOf(bucket)]!.Properties;
      expect(properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(properties.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_VERSION_DAYS } }),
      );
    }
    expect(resources[idOf(stack.data.buckets.files)]!.Properties.VersioningConfiguration).toBeUndefined();
  });

  it('allows CORS on the files bucket only, from our app origins only', () => {
    const withCors = ofType('AWS::S3::Bucket').filter(([, bucket]) => bucket.Properties.CorsConfiguration);
    expect(withCors.map(([id]) => id)).toEqual([idOf(stack.data.buckets.files)]);
    const [rule] = withCors[0]![1].Properties.CorsConfiguration.CorsRules as Json[];
    expect(rule!.AllowedOrigins).toEqual([
      'https://app.estatenet.example',
      { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [idOf(stack.hosting.distribution), 'DomainName'] }]] },
    ]);
    // the local frontend is a dev-only origin
    const devFiles = dev.template.toJSON().Resources[idOf(dev.stack.data.buckets.files, dev.stack)] as Json;
    expect(devFiles.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toContain(
      'http://localhost:3000',
    );
  });
});

describe('EventBridge', () => {
  const rules = () => ofType('AWS::Events::Rule').map(([, rule]) => rule.Properties as Json);

  it('has a rule per event rule and per schedule, each target with a dead-letter queue and a retry policy', () => {
    expect(rules()).toHaveLength(eventRules.length + scheduledJobs.length);
    const queueIds = new Set(ofType('AWS::SQS::Queue').map(([id]) => id));
    for (const rule of rules()) {
      expect(rule.Targets).toHaveLength(1);
      const [target] = rule.Targets as Json[];
      const retry = rule.ScheduleExpression ? JOB_RETRY : CONSUMER_RETRY;
      expect(target!.RetryPolicy).toEqual({
        MaximumRetryAttempts: retry.retryAttempts,
        MaximumEventAgeInSeconds: retry.maxEventAge.toSeconds(),
      });
      expect(queueIds.has(target!.DeadLetterConfig.Arn['Fn::GetAtt'][0])).toBe(true);
    }
  });

  it('runs the exchange-rate refresh, the trash purge, the custom-domain proof check and the two migrations on their schedules', () => {
    const schedules = rules()
      .map((rule) => rule.ScheduleExpression)
      .filter(Boolean);
    expect(schedules.sort()).toEqual(
      scheduledJobs.map((job) => Schedule.rate(Duration.minutes(job.everyMinutes)).expressionString).sort(),
    );
    expect(scheduledJobs.map((job) => job.name).sort()).toEqual([
      'check-domain-proofs',
      'heal-website-styles',
      'index-agent-search',
      'purge-cloud',
      'refresh-exchange-rates',
    ]);
  });

  it('runs the website styles and agent search migrations once after each deployment (a CDK Trigger on each function)', () => {
    const triggers = ofType('Custom::Trigger');
    expect(triggers).toHaveLength(scheduledJobs.filter((job) => job.runAfterDeploy).length);
    for (const name of ['heal-website-styles', 'index-agent-search']) {
      // the trigger invokes the function's current version (its logical id: the function's, without the hash)
      const functionId = idOf(stack.jobs.functions.get(name)!.fn).slice(0, -8);
      const handlers = triggers.map(([, trigger]) => (trigger.Properties.HandlerArn as { Ref: string }).Ref);
      expect(handlers.some((ref) => ref.startsWith(functionId))).toBe(true);
    }
  });

  it('sets Lambda’s own retries of every consumer and job (EventInvokeConfig), none left to the defaults', () => {
    const configs = ofType('AWS::Lambda::EventInvokeConfig').map(([, config]) => config.Properties as Json);
    for (const [functions, retry] of [
      [stack.consumers.functions, CONSUMER_ASYNC_RETRY],
      [stack.jobs.functions, JOB_ASYNC_RETRY],
    ] as const) {
      for (const [name, fn] of functions) {
        const config = configs.find((candidate) => candidate.FunctionName.Ref === idOf(fn.fn));
        expect(config, name).toMatchObject({
          Qualifier: '$LATEST',
          MaximumRetryAttempts: retry.retryAttempts,
          MaximumEventAgeInSeconds: retry.maxEventAge.toSeconds(),
        });
      }
    }
    expect(configs).toHaveLength(stack.consumers.functions.size + stack.jobs.functions.size);
  });

  it('keeps failed invocations of every consumer and job in encrypted, TLS-only queues for 14 days', () => {
    for (const fn of [...stack.consumers.functions.values(), ...stack.jobs.functions.values()]) {
      const queueId = idOf(fn.deadLetterQueue!);
      expect(resources[idOf(fn.fn)]!.Properties.DeadLetterConfig).toEqual({
        TargetArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      });
    }
    for (const [id, queue] of ofType('AWS::SQS::Queue')) {
      expect(queue.Properties, id).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: DEAD_LETTER_RETENTION.toSeconds(),
      });
      const policy = ofType('AWS::SQS::QueuePolicy').find(([, candidate]) =>
        (candidate.Properties.Queues as Json[]).some((queueRef) => queueRef.Ref === id),
      );
      expect(policy?.[1].Properties.PolicyDocument.Statement, id).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });
});

describe('Cognito', () => {
  it('has a password policy, optional TOTP MFA, threat protection in prod, deletion protection', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
        },
      },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      DeletionProtection: 'ACTIVE',
    });
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'ESSENTIALS' });
  });

  it('has Google as identity provider, the hosted-UI domain and the post-confirmation trigger', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', { ProviderType: 'Google' });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'estatenet-prod' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
      CallbackURLs: Match.arrayWith(['https://app.estatenet.example/authentication/callback']),
    });
    const trigger = stack.authTriggers.functions.get('post-confirmation')!;
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [idOf(trigger.fn), 'Arn'] } },
    });
  });
});

describe('observability', () => {
  const alarms = () => allResources(prod).filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm');
  const topicId = () => idOf(stack.monitoring.topic);

  it('logs every function with Powertools settings to its own log group, traced by X-Ray', () => {
    const functions = allResources(prod).filter(
      (resource) =>
        resource.Type === 'AWS::Lambda::Function' &&
        resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    );
    expect(functions.length).toBe(stack.allFunctions().length);
    for (const fn of functions) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'estatenet',
        POWERTOOLS_LOG_LEVEL: 'INFO',
      });
      expect(fn.Properties.LoggingConfig.LogGroup.Ref).toBeDefined();
    }
  });

  it('writes an access log line per API request', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [idOf(stack.apiAccessLogs), 'Arn'] },
        Format: JSON.stringify(API_ACCESS_LOG_FORMAT),
      },
    });
  });

  it('alarms on the API 5xx rate, each function’s errors and throttles, each dead-letter queue and DynamoDB throttles, all to the SNS topic', () => {
    const all = alarms();
    for (const alarm of all) {
      // nested stacks get the topic as a parameter
      expect(JSON.stringify(alarm.Properties.AlarmActions)).toMatch(
        new RegExp(`${topicId()}|referenceto.*AlarmTopic`),
      );
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
    const byMetric = (name: string) => all.filter((alarm) => alarm.Properties.MetricName === name);
    const functions = stack.allFunctions().length;
    expect(byMetric('Errors')).toHaveLength(functions);
    expect(byMetric('Throttles')).toHaveLength(functions);
    const queues = ofType('AWS::SQS::Queue').length;
    expect(byMetric('ApproximateNumberOfMessagesVisible')).toHaveLength(queues);
    const math = all.filter((alarm) => alarm.Properties.Metrics);
    const expressions = math.map(
      (alarm) =>
        (alarm.Properties.Metrics as Json[]).find((metric) => metric.Expression)!.Expression as string,
    );
    expect(expressions.sort()).toEqual(['IF(requests > 0, 100 * errors / requests, 0)', 'reads + writes']);
    const rate = math.find((alarm) => JSON.stringify(alarm.Properties.Metrics).includes('5xx'))!;
    expect(rate.Properties.Threshold).toBe(1);
    expect(JSON.stringify(math)).toContain('ReadThrottleEvents');
    expect(JSON.stringify(math)).toContain('WriteThrottleEvents');
  });

  it('encrypts the alarm topic with a rotated key of its own, which only this account’s alarms may use', () => {
    const keyId = idOf(stack.monitoring.topicKey);
    expect(resources[idOf(stack.monitoring.topic)]!.Properties.KmsMasterKeyId).toEqual({
      'Fn::GetAtt': [keyId, 'Arn'],
    });
    const key = resources[keyId]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    const cloudWatch = (key.Properties.KeyPolicy.Statement as Json[]).filter(
      (statement) => statement.Principal?.Service === 'cloudwatch.amazonaws.com',
    );
    expect(cloudWatch).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        Condition: {
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
          ArnLike: { 'aws:SourceArn': expect.objectContaining({ 'Fn::Join': expect.anything() }) },
        },
      }),
    ]);
    expect(JSON.stringify(cloudWatch[0]!.Condition.ArnLike)).toContain(':alarm:*');
  });

  it('delivers both distributions’ access logs (standard logging v2) to the access-log bucket, where the stack is in us-east-1', () => {
    const conditionId = stack.getLogicalId(stack.distributionLogs.inLogsRegion);
    expect(template.toJSON().Conditions[conditionId]).toEqual({
      'Fn::Equals': [{ Ref: 'AWS::Region' }, CLOUDFRONT_LOGS_REGION],
    });
    const sources = ofType('AWS::Logs::DeliverySource');
    expect(sources.map(([, source]) => source.Properties.ResourceArn).sort()).toEqual(
      [stack.hosting.distribution, stack.sites.distribution]
        .map((distribution) => stack.resolve(distribution.distributionArn))
        .sort(),
    );
    const destinations = ofType('AWS::Logs::DeliveryDestination');
    expect(destinations).toHaveLength(1);
    expect(destinations[0]![1].Properties).toMatchObject({
      DeliveryDestinationType: 'S3',
      DestinationResourceArn: { 'Fn::GetAtt': [idOf(stack.data.accessLogs), 'Arn'] },
    });
    const deliveries = ofType('AWS::Logs::Delivery');
    expect(deliveries).toHaveLength(2);
    for (const [, resource] of [...sources, ...destinations, ...deliveries])
      expect(resource.Condition).toBe(conditionId);
    const logsBucketPolicy = ofType('AWS::S3::BucketPolicy').find(
      ([, policy]) => policy.Properties.Bucket.Ref === idOf(stack.data.accessLogs),
    )!;
    expect(logsBucketPolicy[1].Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'delivery.logs.amazonaws.com' },
        Action: 's3:PutObject',
        Condition: expect.objectContaining({
          StringEquals: {
            's3:x-amz-acl': 'bucket-owner-full-control',
            'aws:SourceAccount': { Ref: 'AWS::AccountId' },
          },
        }),
      }),
    );
  });

  it('has one dashboard with the API, Lambda, DynamoDB and dead-letter widgets', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(ofType('AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardBody);
    for (const title of [
      'API requests and 5xx',
      'Lambda errors',
      'Lambda throttles',
      'DynamoDB throttles',
      'Dead-letter queues',
    ]) {
      expect(body).toContain(title);
    }
  });
});

/** Whether a template value is the secret: its Ref, or (in a nested stack) the parameter passing it. */
function referencesSecret(value: unknown, owner: Stack, secretId: string): boolean {
  const text = JSON.stringify(value);
  if (text.includes(`"Ref":"${secretId}"`)) return true;
  if (owner === stack) return false;
  const parent = resources[stack.getLogicalId((owner as NestedStack).nestedStackResource!)]!;
  return Object.entries(parent.Properties.Parameters as Json).some(
    ([parameter, passed]) =>
      JSON.stringify(passed) === JSON.stringify({ Ref: secretId }) && text.includes(`"Ref":"${parameter}"`),
  );
}

describe('least privilege', () => {
  it('grants no wildcard action and no Resource "*" beyond X-Ray to any of our functions', () => {
    for (const fn of stack.allFunctions()) {
      const owner = fn.fn.stack;
      const roleId = owner.getLogicalId(fn.fn.role!.node.defaultChild as never);
      const policies = Object.values(prod.templateOf(owner).findResources('AWS::IAM::Policy')).filter(
        (policy) => (policy.Properties.Roles as Json[]).some((role) => role.Ref === roleId),
      );
      for (const statement of policies.flatMap(
        (policy) => policy.Properties.PolicyDocument.Statement as Json[],
      )) {
        const actions = [statement.Action].flat() as string[];
        expect(
          actions.filter((action) => action === '*' || action.endsWith(':*')),
          fn.node.id,
        ).toEqual([]);
        if (statement.Resource === '*') {
          expect(
            actions.every((action) => action.startsWith('xray:')),
            `${fn.node.id} ${actions}`,
          ).toBe(true);
        }
      }
    }
  });

  /** Every function with its role's resource and the statements of its role's policies. */
  const functionRoles = () =>
    stack.allFunctions().map((fn) => {
      const owner = fn.fn.stack;
      const ownerResources = prod.templateOf(owner).toJSON().Resources as Record<string, Json>;
      const roleId = owner.getLogicalId(fn.fn.role!.node.defaultChild as never);
      const statements = Object.values(ownerResources)
        .filter(
          (resource) =>
            resource.Type === 'AWS::IAM::Policy' &&
            (resource.Properties.Roles as Json[]).some((role) => role.Ref === roleId),
        )
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Json[]);
      return { fn, owner, role: ownerResources[roleId]!, statements };
    });
  const actionsOf = (statement: Json) => [statement.Action].flat() as string[];

  it('gives each function a role of its own, without managed policies, that writes only its own log group', () => {
    for (const { fn, owner, role, statements } of functionRoles()) {
      expect(role.Properties.ManagedPolicyArns, fn.node.id).toBeUndefined();
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
        expect.objectContaining({ Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }),
      ]);
      const logs = statements.filter((statement) => actionsOf(statement).some((a) => a.startsWith('logs:')));
      expect(logs, fn.node.id).toEqual([
        expect.objectContaining({
          Effect: 'Allow',
          Action: [...LOG_WRITE_ACTIONS],
          Resource: { 'Fn::GetAtt': [idOf(fn.logGroup, owner), 'Arn'] },
        }),
      ]);
    }
  });

  it('grants no Scan, batch write, stream read or DescribeTable, and only Query on the indexes', () => {
    const forbidden = /^dynamodb:(Scan|BatchWriteItem|DescribeTable|GetRecords|GetShardIterator|\*)$/;
    for (const { fn, statements } of functionRoles()) {
      for (const statement of statements) {
        expect(
          actionsOf(statement).filter((action) => forbidden.test(action)),
          fn.node.id,
        ).toEqual([]);
        if (JSON.stringify(statement.Resource).includes('"/index/*"'))
          expect(statement.Action, fn.node.id).toBe('dynamodb:Query');
      }
    }
  });

  it('grants S3 objects by key prefix, lists only those prefixes, and never deletes a version', () => {
    const regenerator = stack.consumers.functions.get(PAGE_REGENERATOR_RULE)!;
    let prefixed = 0;
    for (const { fn, statements } of functionRoles()) {
      for (const statement of statements.filter((candidate) =>
        actionsOf(candidate).some((action) => action.startsWith('s3:')),
      )) {
        const actions = actionsOf(statement);
        expect(actions.filter((action) => action.includes('*') || action.includes('Version'))).toEqual([]);
        const text = JSON.stringify(statement.Resource);
        if (actions.includes('s3:ListBucket')) {
          expect(actions).toEqual(['s3:ListBucket']);
          // the whole sites bucket is listed by the page regenerator alone
          if (fn === regenerator) continue;
          expect(Object.keys(statement.Condition), fn.node.id).toEqual(['StringLike']);
          const patterns = [statement.Condition.StringLike['s3:prefix']].flat() as string[];
          for (const pattern of patterns) expect(pattern, fn.node.id).toMatch(/^([a-z-]+\/)+\*$/);
          continue;
        }
        for (const resource of [statement.Resource].flat()) {
          const suffix = /"\/((?:[a-z-]+\/)*)\*"/.exec(JSON.stringify(resource))?.[1];
          expect(suffix, `${fn.node.id} ${text}`).toBeDefined();
          if (suffix === '') expect(fn, `${fn.node.id} is granted a whole bucket`).toBe(regenerator);
          else prefixed += 1;
        }
      }
    }
    expect(prefixed).toBeGreaterThan(20);
  });

  it('lets only the functions that declare a secret read it, by the ARN they are given, never its value', () => {
    const declared = platformFunctions();
    for (const [name, secret] of Object.entries(stack.data.secrets) as [
      SecretName,
      (typeof stack.data.secrets)[SecretName],
    ][]) {
      const secretId = idOf(secret);
      expect(resources[secretId]!.Properties).toMatchObject({
        Name: `estatenet-prod/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-secret`,
        GenerateSecretString: expect.objectContaining({ PasswordLength: 48 }),
      });
      const declaring = [...declared.values()]
        .filter((access) =>
          access.statements.some((statement) =>
            statement.resources.some((ref) => ref.kind === 'secret' && ref.secret === name),
          ),
        )
        .map((access) => access.name)
        .sort();
      const readers = functionRoles().filter(({ owner, statements }) =>
        statements.some(
          (statement) =>
            actionsOf(statement).includes('secretsmanager:GetSecretValue') &&
            referencesSecret(statement.Resource, owner, secretId),
        ),
      );
      const byName = new Map<PlatformFunction, string>(
        [
          ...stack.routes.functions,
          ...stack.consumers.functions,
          ...stack.jobs.functions,
          ...stack.authTriggers.functions,
        ].map(([functionName, fn]) => [fn, functionName]),
      );
      expect(readers.map(({ fn }) => byName.get(fn)).sort(), name).toEqual(declaring);
      for (const { fn, owner } of readers) {
        const ownerResources = prod.templateOf(owner).toJSON().Resources as Record<string, Json>;
        const variable = ownerResources[idOf(fn.fn, owner)]!.Properties.Environment.Variables[
          SECRETS[name].variable
        ] as Json;
        expect(referencesSecret(variable, owner, secretId), `${fn.node.id} ${name}`).toBe(true);
      }
    }
    expect(declared.get('receiveBillingWebhook')!.environment).toContainEqual({
      name: 'BILLING_WEBHOOK_SECRET_ARN',
      kind: 'resource',
    });
    // no function holds a secret's value in a variable: only ARNs
    for (const { fn, owner } of functionRoles()) {
      const ownerResources = prod.templateOf(owner).toJSON().Resources as Record<string, Json>;
      const names = Object.keys(ownerResources[idOf(fn.fn, owner)]!.Properties.Environment?.Variables ?? {});
      expect(
        names.filter((variable) => /SECRET$/.test(variable)),
        fn.node.id,
      ).toEqual([]);
    }
  });

  it('reserves the stage’s concurrency for each public route, and for no other function', () => {
    for (const { fn, owner } of functionRoles()) {
      const route = [...stack.routes.functions].find(([, candidate]) => candidate === fn)?.[0];
      const isPublic = route !== undefined && stack.routes.definitions.get(route)!.auth === 'none';
      const properties = (prod.templateOf(owner).toJSON().Resources as Record<string, Json>)[
        idOf(fn.fn, owner)
      ]!.Properties;
      expect(properties.ReservedConcurrentExecutions, fn.node.id).toBe(
        isPublic ? stageConfig('prod').publicRouteConcurrency : undefined,
      );
    }
    expect(manifest.filter((route) => route.auth === 'none').length).toBeGreaterThan(0);
  });

  it('grants CloudFront invalidation to the cache invalidator alone', () => {
    const invalidating = allTemplates(prod).flatMap((t) =>
      Object.values(t.findResources('AWS::IAM::Policy')).filter((policy) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes('cloudfront:CreateInvalidation'),
      ),
    );
    // the invalidator, and CDK's bucket-deployment function that invalidates after an upload
    const roles = invalidating.flatMap((policy) => policy.Properties.Roles as Json[]).map((role) => role.Ref);
    const invalidator = resources[idOf(stack.consumers.functions.get(SITE_CACHE_INVALIDATOR_RULE)!.fn)]!;
    const invalidatorRole = invalidator.Properties.Role['Fn::GetAtt'][0];
    expect(roles).toContain(invalidatorRole);
    for (const role of roles) {
      expect(role === invalidatorRole || role.startsWith('CustomCDKBucketDeployment'), role).toBe(true);
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unsuppressed error or warning in prod and dev', () => {
    expect(prod.nag.errors).toEqual([]);
    expect(prod.nag.warnings).toEqual([]);
    expect(dev.nag.errors).toEqual([]);
    expect(dev.nag.warnings).toEqual([]);
  });

  it('fails a bucket without TLS enforcement or access logs (the checks run in this harness)', () => {
    const app = testApp();
    const probe = new Stack(app, 'NagProbe');
    new Bucket(probe, 'Plain');
    Aspects.of(app).add(new AwsSolutionsChecks());
    app.synth();
    const errors = Annotations.fromStack(probe).findError('*', Match.stringLikeRegexp('AwsSolutions-S'));
    expect(errors.map((error) => String(error.entry.data).split(':')[0]).sort()).toEqual([
      'AwsSolutions-S1',
      'AwsSolutions-S10',
    ]);
  });

  it('gives every suppression a written reason', () => {
    let suppressions = 0;
    for (const synthesized of [prod, dev]) {
      for (const resource of allResources(synthesized)) {
        for (const rule of (resource.Metadata?.cdk_nag?.rules_to_suppress ?? []) as Json[]) {
          suppressions += 1;
          expect(rule.id).toMatch(/^AwsSolutions-/);
          expect(rule.reason.length, rule.id).toBeGreaterThanOrEqual(30);
        }
      }
    }
    expect(suppressions).toBeGreaterThan(0);
  });
});

describe('deploying', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Deploying a stage'));

  it('documents bootstrap, deploy and diff in the README, and package.json runs them per stage', () => {
    for (const command of [
      'cdk bootstrap',
      'npm run deploy -- -c stage=dev',
      'npm run diff',
      'STAGE=prod npm run synth',
    ]) {
      expect(section).toContain(command);
    }
    const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
      .scripts as Json;
    const stageArgument = ['-c stage=$', '{STAGE:-dev}'].join('');
    // every stack of the stage: staging and prod have their us-east-1 edge stack (infra/lib/web-acl.ts)
    expect(scripts.diff).toBe(`cdk diff --all ${stageArgument}`);
    expect(scripts.deploy).toContain(stageArgument);
    expect(scripts.deploy).toContain('--all');
  });
});
