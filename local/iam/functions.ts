import { type FunctionAccess, platformFunctions } from '#contracts/function-access';
import type { FunctionEnvironment } from '../lambda-runtime.ts';
import type { LocalCredentials, LocalIam, LocalResourceNames } from './policy.ts';
import { localPolicy } from './policy.ts';

/**
 * Variables of the local cloud that are not grants and that a function gets besides its declared ones:
 * where the emulators are, how to verify the local issuer's tokens, the local billing adapter. The stand-in
 * DNS server of the custom-domain proofs goes only to the functions that make website domains.
 */
const LOCAL_SETTINGS = [
  'AWS_REGION',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_EVENTBRIDGE',
  'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  'AWS_ENDPOINT_URL_LAMBDA',
  'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  'BILLING_PROVIDER',
] as const;
const TOKEN_SETTINGS = ['JWT_ISSUER', 'JWT_JWKS_FILE'] as const;
const SITES_LOCAL_SETTINGS = ['SITES_DNS_SERVERS'] as const;

/** Process settings a Lambda runtime has too (log level, the SDK's Node version notice). */
const RUNTIME_PASSTHROUGH = ['POWERTOOLS_DEV', 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'TZ'];

/** A function's environment: its declared variables with this cloud's values, and its own credentials. */
export function functionEnvironment(
  access: FunctionAccess,
  cloudEnv: Readonly<Record<string, string>>,
  credentials: LocalCredentials,
): Record<string, string> {
  const env: Record<string, string> = {
    POWERTOOLS_SERVICE_NAME: 'estatenet',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'INFO',
  };
  for (const name of RUNTIME_PASSTHROUGH) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  const declared = access.environment.map((entry) => entry.name);
  const verifiesTokens = declared.includes('USER_POOL_CLIENT_ID');
  const makesDomains = declared.includes('SITES_CNAME_TARGET');
  for (const name of [
    ...LOCAL_SETTINGS,
    ...(verifiesTokens ? TOKEN_SETTINGS : []),
    ...(makesDomains ? SITES_LOCAL_SETTINGS : []),
    ...declared,
  ]) {
    const value = cloudEnv[name];
    if (value !== undefined) env[name] = value;
  }
  env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
  env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  return env;
}

/**
 * Gives every function of contracts/function-access.ts its policy (in this cloud's ARNs) and answers
 * each one's environment for the local Lambda: its declared variables and its own credentials.
 */
export function registerFunctions(
  iam: LocalIam,
  options: { names: LocalResourceNames; cloudEnv: Readonly<Record<string, string>> },
): Map<string, FunctionEnvironment> {
  const environments = new Map<string, FunctionEnvironment>();
  for (const [name, access] of platformFunctions()) {
    const credentials = iam.addFunction(name, localPolicy(access, options.names));
    environments.set(name, { env: functionEnvironment(access, options.cloudEnv, credentials) });
  }
  return environments;
}

/** Every function's credentials, for emulators that look access keys up (s3rver). */
export function functionCredentials(iam: LocalIam): LocalCredentials[] {
  return [...platformFunctions().keys()].map((name) => iam.credentialsFor(name));
}
