/**
 * Configuration read from the environment once per container. In AWS the CDK construct sets these; the
 * local cloud sets the same names plus the emulator endpoints. Handlers never branch on where they run.
 */
const env = (name: string, fallback = ''): string => process.env[name] ?? fallback;

export const config = {
  region: env('AWS_REGION', 'us-east-1'),
  tableName: env('TABLE_NAME', 'estatenet-local'),
  buckets: {
    files: env('FILES_BUCKET', 'estatenet-files'),
    content: env('CONTENT_BUCKET', 'estatenet-content'),
    sites: env('SITES_BUCKET', 'estatenet-sites'),
  },
  eventBusName: env('EVENT_BUS_NAME', 'estatenet-local'),
  userPoolId: env('USER_POOL_ID'),
  userPoolClientId: env('USER_POOL_CLIENT_ID'),
  /** the app's origin, for links in emails (invitations) */
  appUrl: env('APP_URL'),
  /**
   * SES sender of invitation emails; unset where no sender is configured (the local cloud), and the
   * invite link is then handed to the inviter instead.
   */
  email: { from: env('INVITE_FROM_EMAIL') || undefined },
  /**
   * Where the scheduled refresh reads exchange rates (JSON `{base, date, rates}`); unset in the local
   * cloud (no internet), where the bundled snapshot stays in use.
   */
  exchangeRatesUrl: env('EXCHANGE_RATES_URL') || undefined,
  /**
   * The billing provider adapter (functions/lib/billing-provider.ts): `local` completes test checkouts at
   * once (the local cloud only); `none` (the default) offers no online payment. The webhook secret signs
   * the provider's events; without one every webhook is refused.
   */
  billing: {
    provider: env('BILLING_PROVIDER') || 'none',
    webhookSecret: env('BILLING_WEBHOOK_SECRET') || undefined,
  },
  /**
   * Websites' domains: default subdomains are made under `domain`; a custom domain's CNAME points at
   * `cnameTarget` (the sites distribution's host). Custom domains start `pending` until verified, unless
   * `customDomainsActive` (the local cloud, whose site host answers for any Host header).
   */
  sites: {
    domain: env('SITES_DOMAIN', 'localhost'),
    cnameTarget: env('SITES_CNAME_TARGET') || undefined,
    customDomainsActive: env('SITES_CUSTOM_DOMAINS_ACTIVE') === 'true',
  },
  /** Emulator endpoints; empty in AWS so the SDK uses its regional defaults. */
  endpoints: {
    dynamodb: env('AWS_ENDPOINT_URL_DYNAMODB') || undefined,
    s3: env('AWS_ENDPOINT_URL_S3') || undefined,
    eventBridge: env('AWS_ENDPOINT_URL_EVENTBRIDGE') || undefined,
    cognito: env('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER') || undefined,
    ses: env('AWS_ENDPOINT_URL_SESV2') || undefined,
  },
  /**
   * Local issuer: aws-jwt-verify only fetches JWKS over https, so the local cloud hands the JWKS over as a
   * file and the verifier caches it up front. Empty in AWS, where the Cognito verifier is used.
   */
  localIssuer: env('JWT_ISSUER') || undefined,
  localJwksFile: env('JWT_JWKS_FILE') || undefined,
} as const;

export const ENV_NAMES = {
  table: 'TABLE_NAME',
  buckets: { files: 'FILES_BUCKET', content: 'CONTENT_BUCKET', sites: 'SITES_BUCKET' },
  bus: 'EVENT_BUS_NAME',
  userPool: 'USER_POOL_ID',
  userPoolClient: 'USER_POOL_CLIENT_ID',
  appUrl: 'APP_URL',
  email: { from: 'INVITE_FROM_EMAIL' },
  exchangeRatesUrl: 'EXCHANGE_RATES_URL',
  billing: { provider: 'BILLING_PROVIDER', webhookSecret: 'BILLING_WEBHOOK_SECRET' },
  sites: {
    domain: 'SITES_DOMAIN',
    cnameTarget: 'SITES_CNAME_TARGET',
    customDomainsActive: 'SITES_CUSTOM_DOMAINS_ACTIVE',
  },
} as const;
