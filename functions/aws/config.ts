import { ENV_NAMES } from '#contracts/environment';

/**
 * Configuration read from the environment, through this one module. In AWS the CDK construct sets each
 * function's variables from its declaration (contracts/function-access.ts); the local cloud gives each
 * handler exactly the same names plus the emulator endpoints. Handlers never branch on where they run.
 *
 * A resource's name (table, buckets, bus, user pool, app URL) has no default: reading one the function was
 * not given throws, naming the variable, so a missing grant fails on its first use rather than calling
 * some other resource. Values are read on use (module scope runs for every import, granted or not).
 */
export class MissingConfigurationError extends Error {
  override name = 'MissingConfigurationError';
  constructor(readonly variable: string) {
    super(
      `Missing environment variable ${variable}: this function was not given it (declare the resource in its manifest entry, event rule, job or trigger)`,
    );
  }
}

const optional = (name: string): string | undefined => process.env[name] || undefined;
const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new MissingConfigurationError(name);
  return value;
};

export const config = {
  get region(): string {
    return optional('AWS_REGION') ?? 'us-east-1';
  },
  get tableName(): string {
    return required(ENV_NAMES.table);
  },
  buckets: {
    get files(): string {
      return required(ENV_NAMES.buckets.files);
    },
    get content(): string {
      return required(ENV_NAMES.buckets.content);
    },
    get sites(): string {
      return required(ENV_NAMES.buckets.sites);
    },
  },
  get eventBusName(): string {
    return required(ENV_NAMES.bus);
  },
  get userPoolId(): string {
    return required(ENV_NAMES.userPool);
  },
  /**
   * The app clients whose access tokens the API takes, comma-separated in USER_POOL_CLIENT_ID: the web
   * client and the "Keep me signed in" one (contracts/session-lifetimes.ts).
   */
  get userPoolClientIds(): string[] {
    return required(ENV_NAMES.userPoolClient)
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  },
  /** the app's origin, for links in emails (invitations) and published pages */
  get appUrl(): string {
    return required(ENV_NAMES.appUrl);
  },
  /**
   * SES sender of invitation emails; unset where no sender is configured (the local cloud), and the
   * invite link is then handed to the inviter instead.
   */
  email: {
    get from(): string | undefined {
      return optional(ENV_NAMES.email.from);
    },
  },
  /**
   * Where the scheduled refresh reads exchange rates (JSON `{base, date, rates}`); unset in the local
   * cloud (no internet), where the bundled snapshot stays in use.
   */
  get exchangeRatesUrl(): string | undefined {
    return optional(ENV_NAMES.exchangeRatesUrl);
  },
  /**
   * The billing provider adapter (functions/billing/billing-provider.ts): `local` completes test checkouts at
   * once (the local cloud only); `none` (the default) offers no online payment. The webhook's signing
   * secret is a Secrets Manager secret: the webhook's function is given its ARN (never the value) and
   * reads it at cold start (functions/aws/secrets.ts).
   */
  billing: {
    get provider(): string {
      return optional(ENV_NAMES.billing.provider) ?? 'none';
    },
    get webhookSecretArn(): string {
      return required(ENV_NAMES.billing.webhookSecretArn);
    },
  },
  /**
   * The Secrets Manager secret our CloudFront distributions send the API in `x-origin-verify`
   * (functions/platform/origin-verify.ts): given to the functions that read the viewer's address (`secrets:
   * ['originVerify']`); without it no request counts as coming through CloudFront.
   */
  get originVerifySecretArn(): string {
    return required(ENV_NAMES.originVerifySecretArn);
  },
  /**
   * Websites' domains: default subdomains are made under `domain`; a custom domain's CNAME points at
   * `cnameTarget` (the sites distribution's host). Custom domains start `pending` until their DNS TXT
   * proof is seen, looked up through `dnsServers` (`ip:port`, comma-separated) when set — the local cloud's
   * stand-in DNS server — else the system's resolver (in Lambda, the VPC's Amazon-provided DNS).
   */
  sites: {
    get domain(): string {
      return optional(ENV_NAMES.sites.domain) ?? 'localhost';
    },
    get cnameTarget(): string | undefined {
      return optional(ENV_NAMES.sites.cnameTarget);
    },
    get dnsServers(): string[] {
      return (optional(ENV_NAMES.sites.dnsServers) ?? '')
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean);
    },
  },
  /** Emulator endpoints; empty in AWS so the SDK uses its regional defaults. */
  endpoints: {
    get dynamodb(): string | undefined {
      return optional('AWS_ENDPOINT_URL_DYNAMODB');
    },
    get s3(): string | undefined {
      return optional('AWS_ENDPOINT_URL_S3');
    },
    get eventBridge(): string | undefined {
      return optional('AWS_ENDPOINT_URL_EVENTBRIDGE');
    },
    get cognito(): string | undefined {
      return optional('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER');
    },
    get ses(): string | undefined {
      return optional('AWS_ENDPOINT_URL_SESV2');
    },
    get secretsManager(): string | undefined {
      return optional('AWS_ENDPOINT_URL_SECRETS_MANAGER');
    },
  },
  /**
   * Local issuer: aws-jwt-verify only fetches JWKS over https, so the local cloud hands the JWKS over as a
   * file and the verifier caches it up front. Empty in AWS, where the Cognito verifier is used.
   */
  get localIssuer(): string | undefined {
    return optional('JWT_ISSUER');
  },
  get localJwksFile(): string | undefined {
    return optional('JWT_JWKS_FILE');
  },
};
