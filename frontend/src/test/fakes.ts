import type { AppConfig } from '#contracts/app-config';
import { setAppConfig } from '../app/config.ts';

export const testConfig: AppConfig = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'web-client',
  keepSignedInClientId: 'web-client-kept',
  cognitoEndpoint: 'http://cognito.test/',
  oauthDomain: 'http://auth.test/local-auth',
  googleSignIn: true,
};

export function useTestConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config = { ...testConfig, ...overrides };
  setAppConfig(config);
  return config;
}

const encode = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given claims (the app only reads sub and exp). */
export function fakeJwt(claims: { sub?: string; exp?: number } & Record<string, unknown>): string {
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A JSON response as Cognito's API sends it. */
export function cognitoResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/x-amz-json-1.1' },
  });
}
