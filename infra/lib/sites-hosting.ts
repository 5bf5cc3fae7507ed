import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  type IOrigin,
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  type ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { HOSTS_STORE_ACTIONS } from '../../contracts/function-access.ts';
import { BEHAVIOURS, PUBLISHED_SITE_SECURITY_HEADERS } from '../../contracts/response-headers.ts';
import {
  cachePolicyOf,
  MEDIA_PREFIX,
  mediaOrigin,
  mediaResponseFunction,
  securityHeadersPolicy,
} from './app-hosting.ts';
import {
  SITE_NOT_FOUND_HTML,
  SITE_NOT_FOUND_PATH,
  siteRouterFunctionSource,
} from './site-router-function.ts';
import type { StageConfig } from './stage-config.ts';

/** Where the contact forms of published pages post (relative URL, so on the sites distribution). */
export const WEBSITE_LEADS_PATH_PATTERN = '/api/website-leads/*';

/**
 * What a contact form's POST carries to the API: the form's content type, the browser's context headers,
 * and the visitor's address (CloudFront-Viewer-Address, for the per-sender rate limit). No cookies: the
 * sites are other people's domains, and the leads route is public.
 */
export const WEBSITE_LEADS_HEADERS = [
  'content-type',
  'accept',
  'accept-language',
  'origin',
  'referer',
  'user-agent',
  'cloudfront-viewer-address',
] as const;

export interface SitesHostingProps {
  stage: StageConfig;
  api: IHttpApi;
  /** the API as CloudFront reaches it, with the origin-verify header (infra/lib/api-origin.ts) */
  apiOrigin?: IOrigin;
  /** the sites bucket: `{websiteId}/index.html`, `{websiteId}/{slug}/index.html`, sitemap.xml, robots.txt */
  bucket: IBucket;
  /** the files bucket: its `media/` objects (template pictures, listing photos) under `/media/*` */
  filesBucket: IBucket;
  /** its name, known without referring to the bucket (`filesBucketName`) */
  filesBucketName: string;
}

/**
 * Published websites: one distribution for every website, the sites bucket behind origin access control,
 * a viewer-request function that maps the Host to a website through a KeyValueStore, a 404 page for
 * unknown hosts and missing pages, and `/api/website-leads/*` to the HTTP API for the contact forms.
 */
export class SitesHosting extends Construct {
  readonly distribution: Distribution;
  readonly hosts: KeyValueStore;
  readonly router: EdgeFunction;
  /** what `/api/website-leads/*` forwards to the API */
  readonly leadsRequests: OriginRequestPolicy;
  /** the security headers of every answer of the sites distribution (contracts/response-headers.ts) */
  readonly responseHeaders: ResponseHeadersPolicy;
  /** `/media/*`: non-pictures as attachments */
  readonly mediaResponse: EdgeFunction;

  constructor(
    scope: Construct,
    id: string,
    { stage, api, apiOrigin, bucket, filesBucket, filesBucketName }: SitesHostingProps,
  ) {
    super(scope, id);
    const stack = Stack.of(this);

    this.hosts = new KeyValueStore(this, 'Hosts', {
      keyValueStoreName: `${stage.namePrefix}-site-hosts`,
      comment: 'hostname (lower case) → websiteId of the published website',
    });
    // the entries are written at run time (domain routes); prod keeps them with the stack's other data
    this.hosts.applyRemovalPolicy(stage.removalPolicy);

    this.router = new EdgeFunction(this, 'Router', {
      functionName: `${stage.namePrefix}-site-router`,
      comment: 'Host → website (KeyValueStore) and page path rewrite for published websites',
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: this.hosts,
      code: FunctionCode.fromInline(siteRouterFunctionSource(this.hosts.keyValueStoreId)),
    });

    const customDomain =
      stage.sitesDomain && stage.sitesCertificateArn
        ? {
            domainNames: [`*.${stage.sitesDomain}`],
            certificate: Certificate.fromCertificateArn(this, 'SitesCertificate', stage.sitesCertificateArn),
          }
        : {};

    this.leadsRequests = new OriginRequestPolicy(this, 'LeadsRequests', {
      originRequestPolicyName: `${stage.namePrefix}-website-leads`,
      comment: 'Contact forms of published websites → HTTP API (no Host, no cookies, the viewer address)',
      headerBehavior: OriginRequestHeaderBehavior.allowList(...WEBSITE_LEADS_HEADERS),
      cookieBehavior: OriginRequestCookieBehavior.none(),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    });

    this.responseHeaders = securityHeadersPolicy(this, 'SecurityHeaders', {
      name: `${stage.namePrefix}-site-security-headers`,
      comment: 'Published websites: no scripts, HSTS for the host only, same-origin framing, nosniff',
      headers: PUBLISHED_SITE_SECURITY_HEADERS,
    });

    this.mediaResponse = mediaResponseFunction(
      this,
      'MediaResponse',
      `${stage.namePrefix}-site-media-response`,
    );

    const notFoundTtl = Duration.minutes(1);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${stage.namePrefix} published websites`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        // the function rewrites the URI to `/{websiteId}/…` before the cache lookup, so the URI alone
        // keys the cache and two websites never share an entry
        cachePolicy: cachePolicyOf(BEHAVIOURS.publishedSite),
        responseHeadersPolicy: this.responseHeaders,
        compress: BEHAVIOURS.publishedSite.compress,
        functionAssociations: [{ function: this.router, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [WEBSITE_LEADS_PATH_PATTERN]: {
          origin:
            apiOrigin ??
            new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
              protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: this.leadsRequests,
          responseHeadersPolicy: this.responseHeaders,
        },
        // the pages' pictures: same-origin `/media/...` on every website hostname, read-only from the files
        // bucket's `media/` prefix (no router: the path is the object key)
        [`/${MEDIA_PREFIX}*`]: {
          origin: mediaOrigin(this, filesBucket, filesBucketName),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeaders,
          compress: true,
          functionAssociations: [
            { function: this.mediaResponse, eventType: FunctionEventType.VIEWER_RESPONSE },
          ],
        },
      },
      // S3 answers 403 for a key that does not exist (no ListBucket): both become the 404 page. These apply
      // to the leads behaviour too, where only an unknown website answers 404.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 404,
        responsePagePath: SITE_NOT_FOUND_PATH,
        ttl: notFoundTtl,
      })),
    });

    new BucketDeployment(this, 'NotFoundPage', {
      sources: [Source.data(SITE_NOT_FOUND_PATH.slice(1), SITE_NOT_FOUND_HTML)],
      destinationBucket: bucket,
      // the regenerator owns every other key of the bucket
      prune: false,
      contentType: 'text/html; charset=utf-8',
      cacheControl: [CacheControl.maxAge(notFoundTtl)],
      distribution: this.distribution,
      distributionPaths: [SITE_NOT_FOUND_PATH],
    });
  }

  /** The hostname users point their CNAME at. */
  get cnameTarget(): string {
    return this.distribution.distributionDomainName;
  }

  /** The host sync's actions (HOSTS_STORE_ACTIONS) on this KeyValueStore only. */
  grantHostsSync(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...HOSTS_STORE_ACTIONS], resources: [this.hosts.keyValueStoreArn] }),
    );
  }

  /** cloudfront:CreateInvalidation on this distribution only. */
  grantInvalidation(grantee: IGrantable): void {
    this.distribution.grantCreateInvalidation(grantee);
  }
}
