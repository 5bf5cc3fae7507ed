import { readFileSync } from 'node:fs';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { config } from '#aws/config';
import type { Role, SubscriptionStatus } from '#contracts/plans';
import { TOKEN_COOKIE } from '#contracts/route-guard';
import { Agent, type AgentItem } from '#platform/accounts/entities';
import { forbidden, unauthorized } from './errors.ts';
import { logger } from './logger.ts';

/** Who is calling: taken from the verified token and the agent record, never from the path or body. */
export interface Identity {
  agentId: string;
  email: string;
  role: Role;
  userType: string | undefined;
  agencyId: string | undefined;
  /** billing state of the plan; records written before it existed count as active */
  subscriptionStatus: SubscriptionStatus;
  agent: AgentItem;
}

/**
 * Verifies Cognito access tokens. In AWS the Cognito verifier fetches the pool's JWKS; the local issuer
 * is plain http, which aws-jwt-verify refuses to fetch, so its JWKS is read from a file and cached.
 */
function createVerifier() {
  if (config.localIssuer && config.localJwksFile) {
    const verifier = JwtRsaVerifier.create({
      issuer: config.localIssuer,
      audience: null,
      customJwtCheck: ({ payload }) =>
        validateCognitoJwtFields(payload, { tokenUse: 'access', clientId: config.userPoolClientIds }),
    });
    verifier.cacheJwks(JSON.parse(readFileSync(config.localJwksFile, 'utf8')) as Jwks);
    return verifier;
  }
  return CognitoJwtVerifier.create({
    userPoolId: config.userPoolId,
    tokenUse: 'access',
    clientId: config.userPoolClientIds,
  });
}

let verifier: ReturnType<typeof createVerifier> | undefined;

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * The app's `token` cookie (TOKEN_COOKIE, URI-encoded by the app), from API Gateway's `cookies` (payload
 * 2.0) or a raw Cookie header; undefined when absent or empty.
 */
export function cookieToken(
  cookies: readonly string[] | undefined,
  cookieHeader?: string,
): string | undefined {
  const parts = [...(cookies ?? []), ...(cookieHeader ? cookieHeader.split(';') : [])];
  for (const part of parts) {
    const [name, ...value] = part.trim().split('=');
    if (name !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('=')).trim() || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Verifies the token and returns its subject (the agent id). Any failure is a 401. */
export async function verifyAccessToken(token: string | undefined): Promise<{ sub: string }> {
  if (!token) throw unauthorized('Authentication token is missing');
  verifier ??= createVerifier();
  try {
    const payload = await verifier.verify(token);
    if (!payload.sub) throw new Error('token has no subject');
    return { sub: payload.sub };
  } catch (error) {
    logger.info('token rejected', { reason: error instanceof Error ? error.name : 'unknown' });
    throw unauthorized('Invalid or expired token');
  }
}

export async function loadIdentity(agentId: string): Promise<Identity> {
  const agent = await Agent.get({ agent_id: agentId });
  // A verified user without an agent record has not finished sign-up (post-confirmation creates it).
  if (!agent) throw forbidden('No agent profile exists for this account');
  return {
    agentId,
    email: agent.email,
    role: agent.role,
    userType: agent.user_type,
    agencyId: agent.agency_id,
    subscriptionStatus: agent.subscription_status ?? 'active',
    agent,
  };
}
