import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Stack } from 'aws-cdk-lib';
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
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_PATH_PREFIXES } from '../../contracts/route-guard.ts';
import { privateBucket } from './data-stores.ts';
import { REPO_ROOT } from './platform-function.ts';
import { routeGuardFunctionSource } from './route-guard-function.ts';
import type { StageConfig } from './stage-config.ts';

/** Where `npm run build` writes the SPA. */
export const APP_BUILD_DIR = path.join(REPO_ROOT, 'frontend', 'dist');

export interface AppHostingProps {
  stage: StageConfig;
  api: IHttpApi;
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

  constructor(scope: Construct, id: string, { stage, api }: AppHostingProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = privateBucket(this, 'AppBucket', stage);

    this.routeGuard = new EdgeFunction(this, 'RouteGuard', {
      functionName: `${stage.namePrefix}-route-guard`,
      comment: 'Cookie route guard and SPA fallback (contracts/route-guard.ts)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(routeGuardFunctionSource()),
    });

    const apiOrigin = new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    });
    const apiBehavior: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
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
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [{ function: this.routeGuard, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(API_PATH_PREFIXES.map((prefix) => [`${prefix}*`, apiBehavior])),
      // No error responses: they would apply to the API behaviours too and turn API 403/404 answers into
      // index.html. The route guard function rewrites page paths to /index.html instead.
    });

    const cloudFrontUrl = `https://${this.distribution.distributionDomainName}`;
    this.appUrl = stage.appDomain ? `https://${stage.appDomain}` : cloudFrontUrl;
    this.appOrigins = [...new Set([this.appUrl, cloudFrontUrl, ...stage.devOrigins])];

    if (existsSync(path.join(APP_BUILD_DIR, 'index.html'))) {
      new BucketDeployment(this, 'AppDeployment', {
        sources: [Source.asset(APP_BUILD_DIR)],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
    } else {
      Annotations.of(this).addWarningV2(
        'estatenet:app-not-built',
        'frontend/dist is missing: run `npm run build` before deploying, or the app bucket stays empty',
      );
    }
  }
}
