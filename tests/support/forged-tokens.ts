import { createHmac, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const KEYS = join(ROOT, 'node_modules/cognito-local/lib/keys');

type Claims = Record<string, unknown>;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Claims;

/** The header and payload of a JWT (no verification). */
export function decodeJwt(token: string): { header: Claims; payload: Claims; signature: string } {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || signature === undefined) throw new Error('not a JWT');
  return { header: decode(header), payload: decode(payload), signature };
}

let privatePem: string | undefined;

/** Signs header and payload with cognito-local's own private key (RS256), exactly as it signs tokens. */
export function signWithCognitoLocalKey(header: Claims, payload: Claims): string {
  privatePem ??= (
    JSON.parse(readFileSync(join(KEYS, 'cognitoLocal.private.json'), 'utf8')) as { pem: string }
  ).pem;
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(privatePem).toString('base64url')}`;
}

/** The kinds of bad token `forgedTokens` makes; every one must be answered 401. */
export const BAD_TOKEN_KINDS = [
  'no token',
  'malformed token',
  'expired token',
  'wrong issuer',
  'wrong audience (client_id of another app client)',
  'alg none',
  'tampered signature',
  'tampered payload (sub of another agent, original signature)',
  'an ID token instead of an access token',
  'HS256 signed with the public key (algorithm confusion)',
  'signed by an unknown key id',
] as const;
export type BadTokenKind = (typeof BAD_TOKEN_KINDS)[number];

/** The same token re-signed unchanged: the control that shows forging alone breaks nothing. */
export function resignedUnchanged(valid: string): string {
  const { header, payload } = decodeJwt(valid);
  return signWithCognitoLocalKey(header, payload);
}

/**
 * Bad access tokens derived from a real one, each wrong in exactly one property: the claim changes are
 * re-signed with cognito-local's private key, so the signature is valid and only that claim is wrong.
 * `undefined` means "no Authorization header at all".
 */
export function forgedTokens(
  valid: string,
  options: { otherAgentId: string },
): Record<BadTokenKind, string | undefined> {
  const { header, payload, signature } = decodeJwt(valid);
  const [encodedHeader, encodedPayload] = valid.split('.');
  const now = Math.floor(Date.now() / 1000);
  const resign = (changes: Claims) => signWithCognitoLocalKey(header, { ...payload, ...changes });
  const flipped = Buffer.from(signature, 'base64url');
  flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
  const issuer = String(payload.iss);
  const publicPem = (
    JSON.parse(readFileSync(join(KEYS, 'cognitoLocal.public.json'), 'utf8')) as { pem: string }
  ).pem;
  const hsHeader = encode({ ...header, alg: 'HS256' });
  const hsInput = `${hsHeader}.${encodedPayload}`;
  return {
    'no token': undefined,
    'malformed token': 'this-is-not-a-jwt',
    'expired token': resign({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }),
    'wrong issuer': resign({ iss: `${issuer.replace(/\/[^/]+$/, '')}/us-east-1_SomeOtherPool` }),
    'wrong audience (client_id of another app client)': resign({ client_id: 'another-app-client-0000' }),
    'alg none': `${encode({ ...header, alg: 'none' })}.${encodedPayload}.`,
    'tampered signature': `${encodedHeader}.${encodedPayload}.${flipped.toString('base64url')}`,
    'tampered payload (sub of another agent, original signature)': `${encodedHeader}.${encode({ ...payload, sub: options.otherAgentId, username: options.otherAgentId })}.${signature}`,
    'an ID token instead of an access token': resign({ token_use: 'id' }),
    'HS256 signed with the public key (algorithm confusion)': `${hsInput}.${createHmac('sha256', publicPem).update(hsInput).digest('base64url')}`,
    'signed by an unknown key id': signWithCognitoLocalKey({ ...header, kid: 'SomeOtherKey' }, payload),
  };
}
