import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * What Lambda bundles use in place of `@aws-sdk/credential-provider-node` (an esbuild alias in
 * infra/lib/bundle-options.ts). Lambda hands a function its role's credentials in the environment; the
 * default chain's other providers (SSO, ini files, process, container and instance metadata) can never
 * answer there and cost ~100 KB per handler. Outside bundles (local cloud, tests) the full chain stays.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
