import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { OAUTH_CALLBACK_PATH } from '../../contracts/app-config.ts';
import type { RouteThrottle } from '../../contracts/route.ts';
import { DEFAULT_ROUTE_THROTTLE } from './api-throttle.ts';

/** The environments the CDK app deploys; `cdk deploy -c stage=<name>`. */
export const STAGES = ['dev', 'staging', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

export interface GoogleSignIn {
  /** OAuth client id of the Google Cloud project (public, not a secret) */
  clientId: string;
  /** NAME of the Secrets Manager secret holding the client secret; the value never appears in code */
  clientSecretName: string;
}

export interface StageConfig {
  stage: StageName;
  /** prefix of the physical names we choose (bus, API, user pool, CloudFront Function) */
  namePrefix: string;
  /** what happens to stateful resources (table, buckets, user pool, logs) when the stack goes */
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** custom domain of the app, e.g. `app.example.com`; the CloudFront domain is used when absent */
  appDomain?: string;
  /** ACM certificate (us-east-1) for `appDomain`; both or neither */
  appCertificateArn?: string;
  /** extra origins allowed to call the files bucket and to finish the sign-in flow (local frontend) */
  devOrigins: string[];
  /** prefix of the Cognito hosted-UI domain `<prefix>.auth.<region>.amazoncognito.com` (globally unique) */
  authDomainPrefix: string;
  /** Google identity provider; the provider is skipped when absent */
  google?: GoogleSignIn;
  /**
   * sender of invitation emails (SES): `-c inviteFromEmail=…`, else `invites@<appDomain>`; without one the
   * stage sends no email and the inviter gets the link (as in the local cloud), and synth warns
   */
  inviteFromEmail?: string;
  /**
   * The sender's SES identity awaits verification (`-c senderPending=true`, a stage's first deploy with a
   * sender): Cognito refuses an unverified identity, so the user pool keeps Cognito's own email until a
   * deploy without it. Otherwise a stage with a sender mails confirmation codes and password resets from it.
   */
  senderPending: boolean;
  /**
   * exchange-rate provider read by the scheduled refresh (`-c exchangeRatesUrl=https://…`, JSON
   * `{base, date, rates}`); without one the bundled snapshot stays in use
   */
  exchangeRatesUrl?: string;
  /**
   * domain under which published websites get their default hostname (`<subdomain>.<sitesDomain>`), with
   * an ACM certificate in us-east-1 for `*.<sitesDomain>` (`sitesCertificateArn`); both or neither. Custom
   * domains are added to the sites distribution as they are verified (docs/infrastructure.md).
   */
  sitesDomain?: string;
  sitesCertificateArn?: string;
  /** address subscribed to the stage's alarm topic (`-c alarmEmail=…`); the topic exists either way */
  alarmEmail?: string;
  /**
   * Cognito feature plan: Plus (threat protection in full-function mode: compromised credentials, adaptive
   * authentication) in prod, Essentials elsewhere (threat protection is a Plus feature and costs per user)
   */
  threatProtection: boolean;
  /** the API 5xx share (percent of requests over 5 minutes) that raises the alarm */
  api5xxRatePercent: number;
  /**
   * the HTTP API stage's default route throttle (each route its own bucket); a manifest route's `throttle`
   * replaces it for that route (infra/lib/api-throttle.ts)
   */
  apiThrottle: RouteThrottle;
  /**
   * reserved concurrency of each public (`auth: 'none'`) route's function: anonymous traffic can never take
   * more of the account's concurrency than this, and always has this much. Every reservation comes out of
   * the account's concurrency quota, and Lambda keeps at least 100 of it unreserved, so the deploy fails
   * in an account whose quota cannot spare public routes × this (a new account's quota may be 10: ask for
   * an increase, or deploy with `-c publicRouteConcurrency=0`, no reservation)
   */
  publicRouteConcurrency: number;
  /**
   * WAF web ACLs with rate-based rules on both distributions (infra/lib/web-acl.ts): on in prod and
   * staging, off in dev (`-c webAcl=true|false`). CloudFront's web ACLs live in us-east-1, in a stack of
   * their own (`EstateNet-<stage>-edge`).
   */
  webAcl: boolean;
  /**
   * the API's own custom domain (`-c apiOriginDomain=api-origin.example.com`) with a regional ACM certificate
   * in the stage's Region (`apiOriginCertificateArn`), both or neither: the distributions reach the API
   * there and its execute-api endpoint is disabled (infra/lib/api-origin.ts). A CNAME from the domain to the
   * `ApiOriginDnsTarget` output is the operator's (docs/infrastructure.md).
   */
  apiOriginDomain?: string;
  apiOriginCertificateArn?: string;
}

/** Where the hosted UI sends the browser back to; the SPA exchanges the code (PKCE) on this route. */
export const AUTH_CALLBACK_PATH = OAUTH_CALLBACK_PATH;

const LOCAL_APP_ORIGIN = 'http://localhost:3000';

const stageDefaults: Record<
  StageName,
  Omit<
    StageConfig,
    | 'stage'
    | 'namePrefix'
    | 'authDomainPrefix'
    | 'apiThrottle'
    | 'senderPending'
    | 'publicRouteConcurrency'
    | 'apiOriginDomain'
    | 'apiOriginCertificateArn'
  >
> = {
  dev: {
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_WEEK,
    devOrigins: [LOCAL_APP_ORIGIN],
    threatProtection: false,
    api5xxRatePercent: 5,
    webAcl: false,
  },
  staging: {
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_MONTH,
    devOrigins: [],
    threatProtection: false,
    api5xxRatePercent: 2,
    webAcl: true,
  },
  prod: {
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.SIX_MONTHS,
    devOrigins: [],
    threatProtection: true,
    api5xxRatePercent: 1,
    webAcl: true,
  },
};

/**
 * Each public route's reserved concurrency by stage: 6 public routes today take 60 / 60 / 300 of the
 * account's concurrency (a default quota of 1,000 keeps its 100 unreserved with room to spare).
 */
export const PUBLIC_ROUTE_CONCURRENCY: Record<StageName, number> = { dev: 10, staging: 10, prod: 50 };

/** Deploy-time settings that may come from `-c key=value` (none of them is a secret). */
export interface StageOverrides {
  appDomain?: string;
  appCertificateArn?: string;
  authDomainPrefix?: string;
  googleClientId?: string;
  googleClientSecretName?: string;
  inviteFromEmail?: string;
  /** `true` while the sender's SES identity awaits verification (StageConfig.senderPending) */
  senderPending?: string;
  exchangeRatesUrl?: string;
  sitesDomain?: string;
  sitesCertificateArn?: string;
  alarmEmail?: string;
  /** each public route's reserved concurrency, a whole number; `0`: none (StageConfig.publicRouteConcurrency) */
  publicRouteConcurrency?: string;
  /** `true` or `false`: the stage's web ACLs (StageConfig.webAcl) */
  webAcl?: string;
  apiOriginDomain?: string;
  apiOriginCertificateArn?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isStageName(name: string): name is StageName {
  return (STAGES as readonly string[]).includes(name);
}

/** The settings of one stage; an unknown stage name is an error, never a silent default. */
export function stageConfig(name: string | undefined, overrides: StageOverrides = {}): StageConfig {
  const stage = name ?? 'dev';
  if (!isStageName(stage)) {
    throw new Error(`Unknown stage "${stage}": use -c stage=${STAGES.join('|')}`);
  }
  const namePrefix = `estatenet-${stage}`;
  if (Boolean(overrides.appDomain) !== Boolean(overrides.appCertificateArn)) {
    throw new Error('appDomain and appCertificateArn must be given together');
  }
  const inviteFromEmail =
    overrides.inviteFromEmail ?? (overrides.appDomain ? `invites@${overrides.appDomain}` : undefined);
  if (Boolean(overrides.sitesDomain) !== Boolean(overrides.sitesCertificateArn)) {
    throw new Error('sitesDomain and sitesCertificateArn must be given together');
  }
  if (overrides.alarmEmail !== undefined && !EMAIL.test(overrides.alarmEmail)) {
    throw new Error(`alarmEmail "${overrides.alarmEmail}" is not an email address`);
  }
  if (inviteFromEmail !== undefined && !EMAIL.test(inviteFromEmail)) {
    throw new Error(`inviteFromEmail "${inviteFromEmail}" is not an email address`);
  }
  if (overrides.senderPending !== undefined && !['true', 'false'].includes(overrides.senderPending)) {
    throw new Error(`senderPending "${overrides.senderPending}" must be true or false`);
  }
  if (overrides.publicRouteConcurrency !== undefined && !/^\d{1,4}$/.test(overrides.publicRouteConcurrency)) {
    throw new Error(`publicRouteConcurrency "${overrides.publicRouteConcurrency}" is not a whole number`);
  }
  if (overrides.webAcl !== undefined && !['true', 'false'].includes(overrides.webAcl)) {
    throw new Error(`webAcl "${overrides.webAcl}" must be true or false`);
  }
  if (Boolean(overrides.apiOriginDomain) !== Boolean(overrides.apiOriginCertificateArn)) {
    throw new Error('apiOriginDomain and apiOriginCertificateArn must be given together');
  }
  if (overrides.exchangeRatesUrl !== undefined && !/^https:\/\/[^\s]+$/.test(overrides.exchangeRatesUrl)) {
    throw new Error(`exchangeRatesUrl "${overrides.exchangeRatesUrl}" is not an https URL`);
  }
  return {
    ...stageDefaults[stage],
    apiThrottle: DEFAULT_ROUTE_THROTTLE[stage],
    publicRouteConcurrency:
      overrides.publicRouteConcurrency !== undefined
        ? Number(overrides.publicRouteConcurrency)
        : PUBLIC_ROUTE_CONCURRENCY[stage],
    stage,
    namePrefix,
    authDomainPrefix: overrides.authDomainPrefix ?? namePrefix,
    ...(overrides.appDomain ? { appDomain: overrides.appDomain } : {}),
    ...(overrides.appCertificateArn ? { appCertificateArn: overrides.appCertificateArn } : {}),
    ...(inviteFromEmail ? { inviteFromEmail } : {}),
    senderPending: overrides.senderPending === 'true',
    ...(overrides.exchangeRatesUrl ? { exchangeRatesUrl: overrides.exchangeRatesUrl } : {}),
    ...(overrides.sitesDomain && overrides.sitesCertificateArn
      ? { sitesDomain: overrides.sitesDomain, sitesCertificateArn: overrides.sitesCertificateArn }
      : {}),
    ...(overrides.alarmEmail ? { alarmEmail: overrides.alarmEmail } : {}),
    ...(overrides.webAcl !== undefined ? { webAcl: overrides.webAcl === 'true' } : {}),
    ...(overrides.apiOriginDomain && overrides.apiOriginCertificateArn
      ? {
          apiOriginDomain: overrides.apiOriginDomain,
          apiOriginCertificateArn: overrides.apiOriginCertificateArn,
        }
      : {}),
    ...(overrides.googleClientId
      ? {
          google: {
            clientId: overrides.googleClientId,
            clientSecretName: overrides.googleClientSecretName ?? `${namePrefix}/google-client-secret`,
          },
        }
      : {}),
  };
}
