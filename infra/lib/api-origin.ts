import { Stack } from 'aws-cdk-lib';
import { DomainName, type HttpApiProps, type IHttpApi, SecurityPolicy } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { type IOrigin, OriginProtocolPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/platform/origin-verify.ts';
import type { StageConfig } from './stage-config.ts';

export interface ApiOriginProps {
  stage: StageConfig;
  /** the stage's `originVerify` secret (infra/lib/data-stores.ts, contracts/function-access.ts `SECRETS`) */
  secret: ISecret;
}

/**
 * How the CloudFront distributions reach the HTTP API (docs/decisions.md, "Origin verify"):
 *
 * - every origin request carries `x-origin-verify` with the stage's generated secret (an origin custom
 *   header; CloudFront overwrites one a viewer sends), so the API tells CloudFront's requests — whose
 *   `CloudFront-Viewer-Address` it may trust — from any other (functions/platform/origin-verify.ts). The header's
 *   value is a CloudFormation dynamic reference to the secret, resolved on deploy, never in the template;
 * - with an API domain (`apiOriginDomain` + a regional certificate) the distributions use it and the API's
 *   execute-api endpoint is disabled, so the only ways in are the distributions (behind their web ACLs) and
 *   that domain. An HTTP API can only be reached by a custom domain once execute-api is off, and the domain
 *   needs a certificate in the stage's Region and a DNS record, which only a stage with a domain of its own
 *   has: prod is given one at deploy; dev keeps execute-api (the secret still decides what is trusted).
 */
export class ApiOrigin extends Construct {
  /** the API's custom domain, when the stage has one */
  readonly domain?: DomainName;
  private readonly secret: ISecret;
  private readonly stage: StageConfig;

  constructor(scope: Construct, id: string, { stage, secret }: ApiOriginProps) {
    super(scope, id);
    this.stage = stage;
    this.secret = secret;
    if (stage.apiOriginDomain && stage.apiOriginCertificateArn) {
      this.domain = new DomainName(this, 'Domain', {
        domainName: stage.apiOriginDomain,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.apiOriginCertificateArn),
        securityPolicy: SecurityPolicy.TLS_1_2,
      });
    }
  }

  /** The HTTP API's settings: execute-api off and the domain mapped, when the stage has an API domain. */
  get httpApiProps(): Pick<HttpApiProps, 'disableExecuteApiEndpoint' | 'defaultDomainMapping'> {
    return this.domain
      ? { disableExecuteApiEndpoint: true, defaultDomainMapping: { domainName: this.domain } }
      : { disableExecuteApiEndpoint: false };
  }

  /** The API's host as CloudFront reaches it: its domain, else its execute-api host. */
  hostOf(api: IHttpApi): string {
    if (this.domain) return this.stage.apiOriginDomain!;
    const stack = Stack.of(this);
    return `${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** The API as an origin of a distribution: HTTPS, with the origin-verify header. */
  originFor(api: IHttpApi): IOrigin {
    return new HttpOrigin(this.hostOf(api), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: this.secret.secretValue.unsafeUnwrap() },
    });
  }

  /** The API's URL outside CloudFront (the stack's `ApiUrl` output). */
  urlOf(api: IHttpApi & { apiEndpoint: string }): string {
    return this.domain ? `https://${this.stage.apiOriginDomain}` : api.apiEndpoint;
  }
}
