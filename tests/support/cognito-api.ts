import { inject } from 'vitest';

/**
 * Calls Cognito's JSON API the way the browser does (the app calls cognito-local directly, cross-origin,
 * with the endpoint from `/app-config.json`): `POST /` with `X-Amz-Target` and the app's Origin header.
 */
export async function cognitoCall<T = Record<string, unknown>>(
  operation: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: T; headers: Headers }> {
  const cloud = inject('cloud');
  const response = await fetch(cloud.userPool.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      origin: cloud.appUrl,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

/** Attributes as Cognito's API takes them. */
export const attributes = (values: Record<string, string>) =>
  Object.entries(values).map(([Name, Value]) => ({ Name, Value }));
