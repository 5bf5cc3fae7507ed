// cognito-local's start script, with the gaps closed that the app would meet (so the browser gets what
// Cognito gives it), and a log the local cloud can read. Runs as cognito-local's child process (plain CommonJS: it patches
// cognito-local's CommonJS modules before the server starts). local/emulators/cognito.ts spawns it.
'use strict';

const fs = require('node:fs');
const pino = require(require.resolve('pino', { paths: [require.resolve('cognito-local')] }));
const { createDefaultServer } = require('cognito-local/lib/server');

const { Targets } = require('cognito-local/lib/targets/targets');
const errors = require('cognito-local/lib/errors');
const { attributeValue } = require('cognito-local/lib/services/userPoolService');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');

// 1. ResendConfirmationCode (cognito-local 5.3 answers "unsupported"): a new code for an unconfirmed
//    user, delivered like SignUp's, so the sign-up screen's "Resend code" works locally.
Targets.ResendConfirmationCode =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED')
      throw new errors.InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new errors.InvalidParameterError('User has no email to send the code to.');
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  };

// 2. Cognito's ID tokens carry the user's standard attributes (name, given_name, picture, ...);
//    cognito-local's carry only email and custom attributes. Add the others, as claims a
//    PreTokenGeneration trigger would add (a configured trigger still runs, and wins).
const STANDARD_CLAIMS = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
  'updated_at',
];
const generate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = function generateWithStandardClaims(ctx, user, ...rest) {
  const triggers = this.triggers;
  const withStandardClaims = {
    enabled: (name) => name === 'PreTokenGeneration' || triggers.enabled(name),
    preTokenGeneration: async (context, params) => {
      const configured = triggers.enabled('PreTokenGeneration')
        ? await triggers.preTokenGeneration(context, params)
        : undefined;
      const standard = {};
      for (const claim of STANDARD_CLAIMS) {
        const value = attributeValue(claim, user.Attributes);
        if (value !== undefined) standard[claim] = value;
      }
      const details = configured?.claimsOverrideDetails ?? {};
      return {
        ...configured,
        claimsOverrideDetails: {
          ...details,
          claimsToAddOrOverride: { ...standard, ...details.claimsToAddOrOverride },
        },
      };
    },
  };
  return generate.call(
    { clock: this.clock, tokenConfig: this.tokenConfig, triggers: withStandardClaims },
    ctx,
    user,
    ...rest,
  );
};

// 3. Sign-out, as Cognito has it. cognito-local's RevokeToken forgets a refresh token (a later refresh is
//    "User not authorized"), its tokens do not say which sign-in they belong to, and it has no
//    GlobalSignOut. Here, as in Cognito:
//    - every access and ID token carries `origin_jti`, the `jti` of the refresh token of its sign-in (a
//      refresh keeps the origin of the refresh token it was made with);
//    - RevokeToken revokes a refresh token and the tokens of its sign-in; revoking it again is a no-op;
//    - GlobalSignOut (with an access token) revokes every refresh token of the user and their sign-ins;
//    - a revoked refresh token is refused with NotAuthorizedException "Refresh Token has been revoked",
//      and user operations authorized with a revoked access token with "Access Token has been revoked".
//    The revoked origins are kept on the user's record (`RevokedTokenOrigins`).
//    And sessions per app client, as in Cognito (the app has two web clients that differ in their refresh
//    tokens' lifetime, contracts/session-lifetimes.ts). cognito-local already signs each token with its
//    client's AccessTokenValidity, IdTokenValidity and RefreshTokenValidity; here besides:
//    - a refresh token names the client that issued it (`client_id`) and is refused at any other, by a
//      refresh and by RevokeToken, with NotAuthorizedException "Refresh Token has different Client";
//    - an expired refresh token is refused with "Refresh Token has expired" (a refresh does not extend it);
//    - InitiateAuth answers with ExpiresIn (the access token's lifetime) and TokenType, as Cognito does.
const { AsyncLocalStorage } = require('node:async_hooks');
const { randomUUID } = require('node:crypto');
const jwt = require(require.resolve('jsonwebtoken', { paths: [require.resolve('cognito-local')] }));
const { pem: publicKey } = require('cognito-local/lib/keys/cognitoLocal.public.json');

/**
 * The origin (a refresh token's `jti`) of the tokens being made: a new one for a sign-in, the presented
 * refresh token's for a refresh.
 */
const issuing = new AsyncLocalStorage();
const signToken = jwt.sign;
jwt.sign = function signWithOrigin(payload, ...rest) {
  const session = issuing.getStore();
  if (session && payload && typeof payload === 'object') {
    if (payload.token_use === 'access' || payload.token_use === 'id')
      payload = { ...payload, origin_jti: session.origin };
    // the refresh token: its sign-in's origin, and the app client that issued it
    else if ('cognito:username' in payload)
      payload = { ...payload, jti: session.origin, client_id: session.clientId };
  }
  return signToken.call(this, payload, ...rest);
};
const generateTokens = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = function generateWithOrigin(...args) {
  // generate(ctx, user, userGroups, userPoolClient, ...)
  const session = {
    origin: issuing.getStore()?.origin ?? randomUUID(),
    clientId: args[3]?.ClientId,
  };
  return issuing.run(session, () => generateTokens.apply(this, args));
};

/** A token's claims without checking it (cognito-local's own targets read tokens this way). */
const claimsOf = (token) => {
  const claims = typeof token === 'string' ? jwt.decode(token) : null;
  return claims && typeof claims === 'object' ? claims : {};
};
const revokedOrigins = (user) => (Array.isArray(user?.RevokedTokenOrigins) ? user.RevokedTokenOrigins : []);
/** The user a refresh token names (cognito-local's carry `cognito:username`), or null. */
const refreshTokenUser = (ctx, userPool, claims) =>
  typeof claims['cognito:username'] === 'string'
    ? userPool.getUserByUsername(ctx, claims['cognito:username'])
    : null;

/** A refresh token works only at the app client that issued it (tokens from before this check name none). */
function checkRefreshTokenClient(claims, clientId) {
  if (typeof claims.client_id === 'string' && claims.client_id !== clientId)
    throw new errors.NotAuthorizedError('Refresh Token has different Client');
}

/**
 * Cognito's refusals of a refresh token this stand-in can tell: revoked, expired (its client's
 * RefreshTokenValidity after the sign-in: a refresh does not extend it), not one it issued, issued to
 * another app client.
 */
async function checkRefreshToken(services, ctx, clientId, token) {
  if (typeof token !== 'string' || !token) return;
  const claims = claimsOf(token);
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const user = await refreshTokenUser(ctx, userPool, claims);
  if (claims.jti && revokedOrigins(user).includes(claims.jti))
    throw new errors.NotAuthorizedError('Refresh Token has been revoked');
  try {
    jwt.verify(token, publicKey, { algorithms: ['RS256'] });
  } catch (error) {
    throw new errors.NotAuthorizedError(
      error instanceof jwt.TokenExpiredError ? 'Refresh Token has expired' : 'Invalid Refresh Token',
    );
  }
  if (!user || !Array.isArray(user.RefreshTokens) || !user.RefreshTokens.includes(token))
    throw new errors.NotAuthorizedError('Invalid Refresh Token');
  checkRefreshTokenClient(claims, clientId);
}

/** Cognito's answer names how long its access token lasts; cognito-local's does not. */
function withExpiresIn(answer) {
  const result = answer?.AuthenticationResult;
  if (!result?.AccessToken) return answer;
  const { exp, iat } = claimsOf(result.AccessToken);
  const expiresIn = typeof exp === 'number' && typeof iat === 'number' ? exp - iat : undefined;
  return { ...answer, AuthenticationResult: { ...result, ExpiresIn: expiresIn, TokenType: 'Bearer' } };
}

const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
for (const name of ['InitiateAuth', 'AdminInitiateAuth']) {
  const target = Targets[name];
  Targets[name] = (services) => {
    const run = target(services);
    return async (ctx, req) => {
      if (!REFRESH_FLOWS.has(req.AuthFlow)) return withExpiresIn(await run(ctx, req));
      const token = req.AuthParameters?.REFRESH_TOKEN;
      await checkRefreshToken(services, ctx, req.ClientId, token);
      const origin = claimsOf(token).jti;
      return withExpiresIn(await (origin ? issuing.run({ origin }, () => run(ctx, req)) : run(ctx, req)));
    };
  };
}

/** Revokes refresh tokens of `user` (all of them when `tokens` is omitted) and the sign-ins they began. */
async function revoke(ctx, userPool, user, tokens = user.RefreshTokens ?? [], extraOrigins = []) {
  const origins = [...tokens.map((token) => claimsOf(token).jti), ...extraOrigins].filter(Boolean);
  await userPool.saveUser(ctx, {
    ...user,
    RefreshTokens: (user.RefreshTokens ?? []).filter((token) => !tokens.includes(token)),
    RevokedTokenOrigins: [...new Set([...revokedOrigins(user), ...origins])],
  });
}

Targets.RevokeToken =
  ({ cognito }) =>
  async (ctx, req) => {
    if (!req.ClientId || !req.Token)
      throw new errors.InvalidParameterError('ClientId and Token are required');
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const claims = claimsOf(req.Token);
    if (claims.token_use)
      throw new errors.CognitoError('UnsupportedTokenTypeException', 'Unsupported token type');
    const user = await refreshTokenUser(ctx, userPool, claims);
    if (claims.jti && revokedOrigins(user).includes(claims.jti)) return {};
    if (!user || !Array.isArray(user.RefreshTokens) || !user.RefreshTokens.includes(req.Token))
      throw new errors.NotAuthorizedError('Invalid Refresh Token');
    checkRefreshTokenClient(claims, req.ClientId);
    await revoke(ctx, userPool, user, [req.Token]);
    return {};
  };

/** The user of a valid access token that has not been revoked, or Cognito's refusal of the token. */
async function accessTokenUser(services, ctx, accessToken) {
  const claims = claimsOf(accessToken);
  try {
    jwt.verify(accessToken, publicKey, { algorithms: ['RS256'] });
  } catch (error) {
    throw new errors.NotAuthorizedError(
      error instanceof jwt.TokenExpiredError ? 'Access Token has expired' : 'Invalid Access Token',
    );
  }
  if (
    claims.token_use !== 'access' ||
    typeof claims.client_id !== 'string' ||
    typeof claims.username !== 'string'
  )
    throw new errors.NotAuthorizedError('Invalid Access Token');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (!user) throw new errors.UserNotFoundError('User does not exist.');
  if (claims.origin_jti && revokedOrigins(user).includes(claims.origin_jti))
    throw new errors.NotAuthorizedError('Access Token has been revoked');
  return { user, userPool, claims };
}

Targets.GlobalSignOut = (services) => async (ctx, req) => {
  if (!req.AccessToken) throw new errors.InvalidParameterError('AccessToken is required');
  const { user, userPool, claims } = await accessTokenUser(services, ctx, req.AccessToken);
  await revoke(ctx, userPool, user, undefined, [claims.origin_jti]);
  return {};
};

// the user operations an access token authorizes refuse a revoked one (cognito-local's read it unchecked)
for (const name of [
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUser',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]) {
  const target = Targets[name];
  if (!target) continue;
  Targets[name] = (services) => {
    const run = target(services);
    return async (ctx, req) => {
      const claims = claimsOf(req.AccessToken);
      if (claims.token_use === 'access' && claims.origin_jti)
        await accessTokenUser(services, ctx, req.AccessToken);
      return run(ctx, req);
    };
  };
}

// 4. The log: JSON lines, each written to stdout at once. cognito-local's start script (and pino's own
//    SonicBoom destination) buffer writes to a pipe and can hold a line back until the next one is
//    logged, which delayed a confirmation code until the next request. local/emulators/cognito.ts reads
//    these lines.
const waiter = new Int32Array(new SharedArrayBuffer(4));
const stdout = {
  write(line) {
    let pending = Buffer.from(line);
    while (pending.length > 0) {
      try {
        pending = pending.subarray(fs.writeSync(1, pending));
      } catch (error) {
        // a full pipe: wait for the reader a moment
        if (error.code !== 'EAGAIN') throw error;
        Atomics.wait(waiter, 0, 0, 5);
      }
    }
  },
};
const logger = pino({ level: process.env.DEBUG ? 'debug' : 'info' }, stdout);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address();
    logger.info(`Cognito Local running on http://${address.address}:${address.port}`);
  })
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
