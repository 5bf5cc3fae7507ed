import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Aws, Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  type ICachePolicy,
  type IOrigin,
  type OriginBindConfig,
  type OriginBindOptions,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { APP_CONFIG_PATH, type AppConfig } from '../../contracts/app-config.ts';
import {
  APP_CACHE_CONTROL,
  type AppOrigins,
  appCacheControl,
  appSecurityHeaders,
  BEHAVIOURS,
  type Behaviour,
  HASHED_ASSETS_PREFIX,
  PRECOMPRESSED_CONTENT_TYPES,
  PRECOMPRESSED_SUFFIX,
  type SecurityHeaders,
  SITE_PREVIEW_SECURITY_HEADERS,
} from '../../contracts/response-headers.ts';
import { API_PATH_PREFIXES } from '../../contracts/route-guard.ts';
import { privateBucket } from './data-stores.ts';
import { mediaResponseFunctionSource } from './media-response-function.ts';
import { REPO_ROOT } from './platform-function.ts';
import { routeGuardFunctionSource } from './route-guard-function.ts';
import { sitePreviewFunctionSource } from './site-router-function.ts';
import type { StageConfig } from './stage-config.ts';

/** Where `npm run build` writes the SPA. */
export const APP_BUILD_DIR = path.join(REPO_ROOT, 'frontend', 'dist');

/** Public media (property photos, profile pictures, logos) under this prefix of the files bucket. */
export const MEDIA_PREFIX = 'media/';
/** `app-config.json`: the key of the runtime config next to the app. */
export const APP_CONFIG_KEY = APP_CONFIG_PATH.replace(/^\//, '');

export interface AppHostingProps {
  stage: StageConfig;
  api: IHttpApi;
  /** the API as CloudFront reaches it, with the origin-verify header (infra/lib/api-origin.ts) */
  apiOrigin?: IOrigin;
  /** the files bucket: its `media/` objects are served on the app origin under `/media/*` */
  filesBucket: IBucket;
  /** its name, known without referring to the bucket (`filesBucketName`) */
  filesBucketName: string;
  /** where the app bucket's server access logs go */
  accessLogs: IBucket;
  /** the published pages, previewed on the app origin under `/sites/{websiteId}/` */
  sitesBucket: IBucket;
}

/** The AWS names of the app's origins (contracts/response-headers.ts's `AppOrigins`) in this stage. */
export interface AwsAppOrigins {
  region: string;
  urlSuffix: string;
  authDomainPrefix: string;
  filesBucketName: string;
}

/** Cognito's regional endpoint, the hosted UI's domain and the files bucket's regional endpoint. */
export function awsAppOrigins(names: AwsAppOrigins): AppOrigins {
  return {
    cognito: `https://cognito-idp.${names.region}.${names.urlSuffix}`,
    hostedUi: `https://${names.authDomainPrefix}.auth.${names.region}.amazoncognito.com`,
    files: `https://${names.filesBucketName}.s3.${names.region}.${names.urlSuffix}`,
  };
}

const FRAME_OPTIONS: Record<SecurityHeaders['frameOption'], HeadersFrameOption> = {
  DENY: HeadersFrameOption.DENY,
  SAMEORIGIN: HeadersFrameOption.SAMEORIGIN,
};
const REFERRER_POLICIES: Record<SecurityHeaders['referrerPolicy'], HeadersReferrerPolicy> = {
  'strict-origin-when-cross-origin': HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
};

/**
 * A response headers policy of the security headers contracts/response-headers.ts defines for a
 * behaviour (the local hosts send the same); each overrides what the origin sends.
 */
export function securityHeadersPolicy(
  scope: Construct,
  id: string,
  props: { name: string; comment: string; headers: SecurityHeaders },
): ResponseHeadersPolicy {
  const { headers } = props;
  const hsts = headers.strictTransportSecurity;
  return new ResponseHeadersPolicy(scope, id, {
    responseHeadersPolicyName: props.name,
    comment: props.comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: headers.contentSecurityPolicy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubdomains,
        preload: hsts.preload,
        override: true,
      },
      frameOptions: { frameOption: FRAME_OPTIONS[headers.frameOption], override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICIES[headers.referrerPolicy], override: true },
    },
  });
}

/** The managed cache policy a behaviour of contracts/response-headers.ts names. */
export function cachePolicyOf(behaviour: Behaviour): ICachePolicy {
  return behaviour.cachePolicy === 'CachingOptimized'
    ? CachePolicy.CACHING_OPTIMIZED
    : CachePolicy.CACHING_DISABLED;
}

/**
 * An S3 origin with origin access control whose bucket policy lets this distribution read ONE prefix
 * only. `S3BucketOrigin.withOriginAccessControl` grants `s3:GetObject` on every object of the bucket;
 * the files bucket also holds private cloud files, so the grant names `media/*` alone.
 */
export class PrefixOriginAccessControlOrigin extends S3BucketOrigin {
  /**
   * @param origin the bucket as the distribution reaches it (by name)
   * @param bucket the bucket itself, whose policy gets the grant
   */
  constructor(
    origin: IBucket,
    private readonly bucket: IBucket,
    private readonly prefix: string,
  ) {
    super(origin);
  }

  override bind(scope: Construct, options: OriginBindOptions): OriginBindConfig {
    const originAccessControl = new S3OriginAccessControl(scope, 'S3OriginAccessControl');
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${this.prefix}*`)],
        conditions: {
          StringEquals: {
            'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${options.distributionId}`,
          },
        },
      }),
    );
    const config = this._bind(scope, options);
    return {
      ...config,
      originProperty: {
        ...config.originProperty!,
        originAccessControlId: originAccessControl.originAccessControlId,
      },
    };
  }
}

/**
 * The files bucket's `media/` objects as an origin (read-only, origin access control for `media/*` only):
 * `/media/*` on the app distribution, and on the sites distribution so the published pages' same-origin
 * `/media/...` pictures load on every website hostname.
 */
export function mediaOrigin(scope: Construct, filesBucket: IBucket, filesBucketName: string): IOrigin {
  const stack = Stack.of(scope);
  return new PrefixOriginAccessControlOrigin(
    Bucket.fromBucketAttributes(scope, 'MediaBucket', {
      bucketName: filesBucketName,
      bucketRegionalDomainName: `${filesBucketName}.s3.${stack.region}.${stack.urlSuffix}`,
    }),
    filesBucket,
    MEDIA_PREFIX,
  ) as IOrigin;
}

/**
 * The viewer-response function of a `/media/*` behaviour: anything but a picture (or another type a
 * browser runs nothing of) is sent as an attachment (infra/lib/media-response-function.ts).
 */
export function mediaResponseFunction(scope: Construct, id: string, functionName: string): EdgeFunction {
  return new EdgeFunction(scope, id, {
    functionName,
    comment: 'Public media: anything but a picture, PDF, text, video or audio is sent as an attachment',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(mediaResponseFunctionSource()),
  });
}

/**
 * The app's origin: the built SPA in a private bucket behind CloudFront (origin access control), the
 * cookie route guard as a CloudFront Function, and the API prefixes routed to the HTTP API on the same
 * origin so the browser never makes a cross-origin API call.
 */
export class AppHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly routeGuard: EdgeFunction;
  /** `https://` URL the app is served from */
  readonly appUrl: string;
  /** every origin the app can be opened on (CloudFront domain, custom domain, local dev) */
  readonly appOrigins: string[];

  /** the security headers of every answer on the app origin (CSP, HSTS, frame/content-type, referrer) */
  readonly responseHeaders: ResponseHeadersPolicy;
  /** `/sites/*`: published pages previewed on the app origin, sandboxed */
  readonly sitePreview: EdgeFunction;
  readonly sitePreviewHeaders: ResponseHeadersPolicy;
  /** `/media/*`: non-pictures as attachments */
  readonly mediaResponse: EdgeFunction;

  constructor(
    scope: Construct,
    id: string,
    {
      stage,
      api,
      apiOrigin: givenApiOrigin,
      filesBucket,
      filesBucketName,
      accessLogs,
      sitesBucket,
    }: AppHostingProps,
  ) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = privateBucket(this, 'AppBucket', stage, { accessLogs });

    this.routeGuard = new EdgeFunction(this, 'RouteGuard', {
      functionName: `${stage.namePrefix}-route-guard`,
      comment: 'Cookie route guard and SPA fallback (contracts/route-guard.ts)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(routeGuardFunctionSource()),
    });

    this.responseHeaders = securityHeadersPolicy(this, 'SecurityHeaders', {
      name: `${stage.namePrefix}-app-security-headers`,
      comment: 'EstateNet app: CSP limited to our origins, HSTS, no framing, nosniff, referrer policy',
      headers: appSecurityHeaders(
        awsAppOrigins({
          region: stack.region,
          urlSuffix: stack.urlSuffix,
          authDomainPrefix: stage.authDomainPrefix,
          filesBucketName,
        }),
      ),
    });

    this.sitePreview = new EdgeFunction(this, 'SitePreview', {
      functionName: `${stage.namePrefix}-site-preview`,
      comment: 'Published pages under /sites/{websiteId}/ on the app origin',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(sitePreviewFunctionSource()),
    });
    this.sitePreviewHeaders = securityHeadersPolicy(this, 'SitePreviewHeaders', {
      name: `${stage.namePrefix}-site-preview-headers`,
      comment: 'Published pages on the app origin: sandboxed (no access to the app’s cookies or storage)',
      headers: SITE_PREVIEW_SECURITY_HEADERS,
    });

    this.mediaResponse = mediaResponseFunction(this, 'MediaResponse', `${stage.namePrefix}-media-response`);

    const apiOrigin =
      givenApiOrigin ??
      new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      });
    const apiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: this.responseHeaders,
      // API Gateway routes on its own Host; everything else (Authorization, cookies, query) goes through
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    const customDomain =
      stage.appDomain && stage.appCertificateArn
        ? {
            domainNames: [stage.appDomain],
            certificate: Certificate.fromCertificateArn(this, 'AppCertificate', stage.appCertificateArn),
          }
        : {};

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${stage.namePrefix} app`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...customDomain,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cachePolicyOf(BEHAVIOURS.app),
        responseHeadersPolicy: this.responseHeaders,
        compress: BEHAVIOURS.app.compress,
        functionAssociations: [{ function: this.routeGuard, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...Object.fromEntries(API_PATH_PREFIXES.map((prefix) => [`${prefix}*`, apiBehavior])),
        // previews: always the latest regeneration (only the sites distribution is invalidated after one)
        [BEHAVIOURS.sitePreview.pathPattern]: {
          origin: S3BucketOrigin.withOriginAccessControl(sitesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cachePolicyOf(BEHAVIOURS.sitePreview),
          responseHeadersPolicy: this.sitePreviewHeaders,
          compress: BEHAVIOURS.sitePreview.compress,
          functionAssociations: [{ function: this.sitePreview, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // public media from the files bucket; no route guard (an <img> sends no token)
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
      // No error responses: they would apply to the API behaviours too and turn API 403/404 answers into
      // index.html. The route guard function rewrites page paths to /index.html instead.
    });

    const cloudFrontUrl = `https://${this.distribution.distributionDomainName}`;
    this.appUrl = stage.appDomain ? `https://${stage.appDomain}` : cloudFrontUrl;
    this.appOrigins = [...new Set([this.appUrl, cloudFrontUrl, ...stage.devOrigins])];

    if (existsSync(path.join(APP_BUILD_DIR, 'index.html'))) {
      // the content-hashed files first, cached for a year (contracts/response-headers.ts); the files of
      // earlier builds stay, so a page loaded before a deploy still finds its lazy chunks
      const hashedFiles = Source.asset(path.join(APP_BUILD_DIR, HASHED_ASSETS_PREFIX));
      const assets = new BucketDeployment(this, 'AppAssetsDeployment', {
        sources: [hashedFiles],
        destinationBucket: this.bucket,
        destinationKeyPrefix: HASHED_ASSETS_PREFIX,
        exclude: [`*${PRECOMPRESSED_SUFFIX}`],
        prune: false,
        cacheControl: [CacheControl.fromString(APP_CACHE_CONTROL.hashedAsset)],
        memoryLimit: 512,
      });
      // the build's Brotli of each JS and CSS file, sent by the route guard function to viewers that take
      // it: one deployment per type, as the type and encoding are set per deployment, not per file
      const brotli = Object.entries(PRECOMPRESSED_CONTENT_TYPES).map(
        ([extension, contentType]) =>
          new BucketDeployment(this, `AppAssetsBrotli${extension.slice(1).toUpperCase()}Deployment`, {
            sources: [hashedFiles],
            destinationBucket: this.bucket,
            destinationKeyPrefix: HASHED_ASSETS_PREFIX,
            exclude: ['*'],
            include: [`*${extension}${PRECOMPRESSED_SUFFIX}`],
            prune: false,
            contentType,
            contentEncoding: 'br',
            cacheControl: [CacheControl.fromString(APP_CACHE_CONTROL.hashedAsset)],
            memoryLimit: 512,
          }),
      );
      // then index.html and the other files, revalidated on every load
      const documents = new BucketDeployment(this, 'AppDeployment', {
        sources: [Source.asset(APP_BUILD_DIR)],
        destinationBucket: this.bucket,
        // app-config.json is deployed on its own (deployAppConfig) and the hashed files above; excluded here
        // so this deployment's pruning keeps them. .vite/ holds the build manifest the size budgets read,
        // not something to serve.
        exclude: [APP_CONFIG_KEY, '.vite/*', `${HASHED_ASSETS_PREFIX}*`],
        cacheControl: [CacheControl.fromString(APP_CACHE_CONTROL.document)],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      documents.node.addDependency(assets, ...brotli);
    } else {
      Annotations.of(this).addWarningV2(
        'estatenet:app-not-built',
        'frontend/dist is missing: run `npm run build` before deploying, or the app bucket stays empty',
      );
    }
  }

  /**
   * `/app-config.json` next to the app: the runtime config the app reads before it renders (user pool,
   * client, Cognito's regional endpoint, the hosted-UI domain), with its deploy-time values filled in by
   * CloudFormation. Revalidated on every load, and invalidated in CloudFront on every deploy.
   */
  deployAppConfig(config: AppConfig): BucketDeployment {
    return new BucketDeployment(this, 'AppConfigDeployment', {
      sources: [Source.jsonData(APP_CONFIG_KEY, config)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.fromString(appCacheControl(APP_CONFIG_KEY))],
      contentType: 'application/json',
      distribution: this.distribution,
      distributionPaths: [APP_CONFIG_PATH],
    });
  }
}
