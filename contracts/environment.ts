/**
 * The names of the environment variables a function is given: the CDK construct and the local cloud set
 * them from each function's declaration (contracts/function-access.ts), the handlers read them through
 * functions/aws/config.ts. One list, so the three cannot disagree on a name.
 */
export const ENV_NAMES = {
  table: 'TABLE_NAME',
  buckets: { files: 'FILES_BUCKET', content: 'CONTENT_BUCKET', sites: 'SITES_BUCKET' },
  bus: 'EVENT_BUS_NAME',
  userPool: 'USER_POOL_ID',
  userPoolClient: 'USER_POOL_CLIENT_ID',
  appUrl: 'APP_URL',
  email: { from: 'INVITE_FROM_EMAIL' },
  exchangeRatesUrl: 'EXCHANGE_RATES_URL',
  billing: { provider: 'BILLING_PROVIDER', webhookSecretArn: 'BILLING_WEBHOOK_SECRET_ARN' },
  originVerifySecretArn: 'ORIGIN_VERIFY_SECRET_ARN',
  sites: {
    domain: 'SITES_DOMAIN',
    cnameTarget: 'SITES_CNAME_TARGET',
    dnsServers: 'SITES_DNS_SERVERS',
  },
} as const;
