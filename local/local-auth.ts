import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, findCognitoUser, signIn, type UserPoolAccess } from './accounts.ts';
import type { InvokeOutcome } from './lambda-api.ts';
import { addAccountPage, type ChooserAccount, chooserPage, errorPage } from './local-auth-page.ts';

/** The stand-in's URL prefix on the app origin; the app config's `oauthDomain` is `<app>/local-auth`. */
export const LOCAL_AUTH_PREFIX = '/local-auth';
export const AUTHORIZE_PATH = `${LOCAL_AUTH_PREFIX}/oauth2/authorize`;
export const TOKEN_PATH = `${LOCAL_AUTH_PREFIX}/oauth2/token`;
export const LOGOUT_PATH = `${LOCAL_AUTH_PREFIX}/logout`;

/** Authorization codes live 5 minutes and work once, as Cognito's do. */
export const CODE_LIFETIME_MS = 5 * 60 * 1000;
/** Seconds an access token is valid for (its `exp` − `iat`): the token endpoint's `expires_in`. */
function expiresIn(accessToken: string | undefined): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(accessToken?.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
      iat?: unknown;
    };
    return typeof claims.exp === 'number' && typeof claims.iat === 'number'
      ? claims.exp - claims.iat
      : undefined;
  } catch {
    return undefined;
  }
}

/** The Google accounts the chooser always offers. */
export const DEMO_GOOGLE_ACCOUNTS: readonly ChooserAccount[] = [
  { name: 'Demo Google User', email: 'google.demo@estatenet.local' },
  { name: 'Priya Shah', email: 'priya.shah@estatenet.local' },
];

interface StoredGoogleAccount {
  name: string;
  /** the random permanent password of the cognito-local user (never shown) */
  password: string;
  /** Google's id for the account (`Google_<id>` is the federated user name in Cognito) */
  googleId: string;
  /** whether the post-confirmation trigger ran for it (its first sign-in) */
  confirmed: boolean;
}

interface AccountsFile {
  accounts: Record<string, StoredGoogleAccount>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  email: string;
  expiresAt: number;
}

export interface LocalAuthOptions {
  /** the pool and its web clients: `clientId` (the session client) and the "Keep me signed in" one */
  pool: UserPoolAccess & { keepSignedInClientId: string };
  /** `.data/cognito/google-accounts.json`: the stand-in's Google accounts and their passwords */
  accountsFile: string;
  /** runs the post-confirmation trigger, as Cognito does on a federated user's first sign-in */
  postConfirmation?: (event: unknown) => Promise<InvokeOutcome>;
  log: (line: string) => void;
}

interface AuthorizeParams {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  identity_provider: string;
  scope: string;
}

const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'identity_provider',
  'scope',
] as const satisfies readonly (keyof AuthorizeParams)[];

const SUPPORTED_SCOPES = new Set(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin', 'phone']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 7636: 43–128 characters of the unreserved set */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/** A password that satisfies the pool's policy: upper, lower, digits, symbols, 32 characters. */
function randomPassword(): string {
  return `Gg1!${base64url(randomBytes(24))}`;
}

function readBody(request: IncomingMessage, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > limit) {
        request.destroy();
        reject(new Error('body too large'));
      }
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
  });
  response.end(html);
}

/** Cognito's token endpoint answers errors as `{ error }` JSON with status 400 (401 for a bad client). */
function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
  });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location, 'cache-control': 'no-store' });
  response.end();
}

class AuthorizeError extends Error {
  constructor(
    /** OAuth error code sent back to the app's redirect URI */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The local cloud's stand-in for the Cognito hosted UI's Google sign-in (cognito-local has no hosted UI):
 * `GET <prefix>/oauth2/authorize` shows a Google-style account chooser, choosing an account creates or
 * reuses a cognito-local user for it (running the post-confirmation trigger on its first sign-in, as
 * Cognito does for a federated user) and redirects back with a one-time authorization code bound to the
 * client, the redirect URI and the PKCE challenge; `POST <prefix>/oauth2/token` exchanges the code for
 * REAL cognito-local tokens, in the shape of Cognito's token endpoint.
 */
export function createLocalAuth(options: LocalAuthOptions) {
  const codes = new Map<string, PendingCode>();
  const client = cognitoClient(options.pool.endpoint);
  /** the app clients the hosted UI serves, as both CDK web clients name Google */
  const webClients = new Set([options.pool.clientId, options.pool.keepSignedInClientId]);

  const readAccounts = (): AccountsFile => {
    if (!existsSync(options.accountsFile)) return { accounts: {} };
    return JSON.parse(readFileSync(options.accountsFile, 'utf8')) as AccountsFile;
  };
  const writeAccounts = (file: AccountsFile) => {
    mkdirSync(dirname(options.accountsFile), { recursive: true });
    writeFileSync(options.accountsFile, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  };

  /** Demo accounts first, then the ones added with "Use another account". */
  const chooserAccounts = (): ChooserAccount[] => {
    const known = new Map(DEMO_GOOGLE_ACCOUNTS.map((account) => [account.email, account]));
    for (const [email, account] of Object.entries(readAccounts().accounts))
      if (!known.has(email)) known.set(email, { email, name: account.name });
    return [...known.values()];
  };

  /** The callback URLs registered on the app client, or undefined for an unknown client. */
  async function callbackUrls(clientId: string): Promise<string[] | undefined> {
    if (!webClients.has(clientId)) return undefined;
    try {
      const described = await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: options.pool.userPoolId, ClientId: clientId }),
      );
      return described.UserPoolClient?.CallbackURLs ?? [];
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  }

  /**
   * Checks the request as the hosted UI does. Problems with the client or the redirect URI are shown on
   * the page (the browser must never be sent to an unregistered URI); the others go back to the app.
   */
  async function validateAuthorize(
    params: AuthorizeParams,
  ): Promise<{ page?: string; error?: AuthorizeError }> {
    const registered = await callbackUrls(params.client_id);
    if (!registered) return { page: `Unknown client_id "${params.client_id}".` };
    if (!params.redirect_uri || !registered.includes(params.redirect_uri)) {
      return { page: `redirect_uri "${params.redirect_uri}" is not a callback URL of this app client.` };
    }
    if (params.response_type !== 'code')
      return { error: new AuthorizeError('unsupported_response_type', 'response_type must be code') };
    if (params.identity_provider && params.identity_provider !== 'Google')
      return {
        error: new AuthorizeError(
          'invalid_request',
          `identity_provider ${params.identity_provider} is not configured`,
        ),
      };
    if (!PKCE_VALUE.test(params.code_challenge))
      return { error: new AuthorizeError('invalid_request', 'code_challenge is required (PKCE)') };
    if (params.code_challenge_method !== 'S256')
      return { error: new AuthorizeError('invalid_request', 'code_challenge_method must be S256') };
    const scopes = params.scope.split(/\s+/).filter(Boolean);
    const unknown = scopes.find((scope) => !SUPPORTED_SCOPES.has(scope));
    if (unknown) return { error: new AuthorizeError('invalid_scope', `scope ${unknown} is not allowed`) };
    return {};
  }

  const backToApp = (params: AuthorizeParams, values: Record<string, string>) => {
    const target = new URL(params.redirect_uri);
    for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value);
    if (params.state) target.searchParams.set('state', params.state);
    return target.toString();
  };

  const paramsOf = (source: URLSearchParams): AuthorizeParams =>
    Object.fromEntries(
      AUTHORIZE_PARAMS.map((name) => [name, source.get(name) ?? '']),
    ) as unknown as AuthorizeParams;

  const formParams = (params: AuthorizeParams) =>
    Object.fromEntries(Object.entries(params).filter(([, value]) => value !== '')) as Record<string, string>;

  const authorizeHref = (params: AuthorizeParams, extra: Record<string, string> = {}) =>
    `${AUTHORIZE_PATH}?${new URLSearchParams({ ...formParams(params), ...extra })}`;

  function renderChooser(response: ServerResponse, params: AuthorizeParams, error?: string, status = 200) {
    sendHtml(
      response,
      status,
      chooserPage({
        action: AUTHORIZE_PATH,
        params: formParams(params),
        accounts: chooserAccounts(),
        ...(error ? { error } : {}),
      }),
    );
  }

  function renderAddAccount(
    response: ServerResponse,
    params: AuthorizeParams,
    values?: { name?: string; email?: string },
    error?: string,
  ) {
    sendHtml(
      response,
      error ? 400 : 200,
      addAccountPage({
        action: AUTHORIZE_PATH,
        params: formParams(params),
        backHref: authorizeHref(params),
        ...(values ? { values } : {}),
        ...(error ? { error } : {}),
      }),
    );
  }

  /**
   * The cognito-local user behind a local Google account: created on its first sign-in with a random
   * permanent password kept in the accounts file, then the post-confirmation trigger runs (Cognito runs it
   * with PostConfirmation_ConfirmSignUp when a federated user signs in for the first time).
   */
  async function ensureGoogleUser(email: string, name: string, clientId: string): Promise<void> {
    const file = readAccounts();
    let account = file.accounts[email];
    const sub = await findCognitoUser(options.pool, email);
    if (!account && sub) {
      throw new AuthorizeError(
        'access_denied',
        `${email} already has an EstateNet account with a password. Sign in with your email and password.`,
      );
    }
    if (!account || !sub) {
      account = {
        name,
        password: randomPassword(),
        googleId: account?.googleId ?? String(randomInt(1e9, 1e10 - 1)) + String(randomInt(1e9, 1e10 - 1)),
        confirmed: false,
      };
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: options.pool.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: name },
          ],
        }),
      );
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: options.pool.userPoolId,
          Username: email,
          Password: account.password,
          Permanent: true,
        }),
      );
      file.accounts[email] = account;
      writeAccounts(file);
    }
    if (account.confirmed) return;
    const userSub = (await findCognitoUser(options.pool, email))!;
    if (options.postConfirmation) {
      const outcome = await options.postConfirmation(
        postConfirmationEvent(
          { ...options.pool, clientId },
          {
            email,
            name: account.name,
            sub: userSub,
            googleId: account.googleId,
          },
        ),
      );
      if (!outcome.ok) {
        // Cognito fails the sign-in when the trigger fails; the next sign-in tries the trigger again
        throw new Error(`the post-confirmation trigger failed: ${outcome.errorMessage}`);
      }
    }
    file.accounts[email] = { ...account, confirmed: true };
    writeAccounts(file);
    options.log(`local-auth: first Google sign-in of ${email}: account created`);
  }

  function issueCode(params: AuthorizeParams, email: string): string {
    const now = Date.now();
    for (const [code, pending] of codes) if (pending.expiresAt <= now) codes.delete(code);
    const code = base64url(randomBytes(32));
    codes.set(code, {
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      email,
      expiresAt: now + CODE_LIFETIME_MS,
    });
    return code;
  }

  async function getAuthorize(response: ServerResponse, url: URL) {
    const params = paramsOf(url.searchParams);
    const { page, error } = await validateAuthorize(params);
    if (page) return sendHtml(response, 400, errorPage(page));
    if (error)
      return redirect(response, backToApp(params, { error: error.code, error_description: error.message }));
    if (url.searchParams.get('screen') === 'add') return renderAddAccount(response, params);
    renderChooser(response, params);
  }

  async function postAuthorize(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    const params = paramsOf(form);
    const { page, error } = await validateAuthorize(params);
    if (page) return sendHtml(response, 400, errorPage(page));
    if (error)
      return redirect(response, backToApp(params, { error: error.code, error_description: error.message }));

    const email = (form.get('email') ?? '').trim().toLowerCase();
    const isNew = form.get('new_account') === '1';
    const listed = chooserAccounts().find((account) => account.email === email);
    const name = isNew ? (form.get('name') ?? '').trim() : (listed?.name ?? '');
    if (isNew && (!name || !EMAIL.test(email))) {
      return renderAddAccount(
        response,
        params,
        { name, email },
        !name ? 'Enter your name.' : 'Enter a valid email address.',
      );
    }
    if (!isNew && !listed) return renderChooser(response, params, 'Choose one of the accounts below.', 400);
    try {
      await ensureGoogleUser(email, name, params.client_id);
    } catch (failure) {
      if (failure instanceof AuthorizeError) {
        return isNew
          ? renderAddAccount(response, params, { name, email }, failure.message)
          : renderChooser(response, params, failure.message, 400);
      }
      options.log(
        `local-auth: sign-in of ${email} failed: ${failure instanceof Error ? failure.message : failure}`,
      );
      return sendHtml(response, 500, errorPage('Your account could not be set up. Try again in a moment.'));
    }
    redirect(response, backToApp(params, { code: issueCode(params, email) }));
  }

  async function postToken(request: IncomingMessage, response: ServerResponse) {
    const contentType = String(request.headers['content-type'] ?? '');
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      request.resume();
      return sendJson(response, 400, { error: 'invalid_request' });
    }
    const form = new URLSearchParams(await readBody(request));
    const grantType = form.get('grant_type');
    const clientId = form.get('client_id') ?? '';
    if (!grantType) return sendJson(response, 400, { error: 'invalid_request' });
    if (!webClients.has(clientId)) return sendJson(response, 400, { error: 'invalid_client' });

    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return sendJson(response, 400, { error: 'invalid_request' });
      try {
        const result = await client.send(
          new InitiateAuthCommand({
            ClientId: clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: refreshToken },
          }),
        );
        return sendJson(response, 200, {
          access_token: result.AuthenticationResult?.AccessToken,
          id_token: result.AuthenticationResult?.IdToken,
          token_type: 'Bearer',
          expires_in: expiresIn(result.AuthenticationResult?.AccessToken),
        });
      } catch {
        return sendJson(response, 400, { error: 'invalid_grant' });
      }
    }
    if (grantType !== 'authorization_code')
      return sendJson(response, 400, { error: 'unsupported_grant_type' });

    const code = form.get('code') ?? '';
    const verifier = form.get('code_verifier') ?? '';
    const redirectUri = form.get('redirect_uri') ?? '';
    if (!code || !redirectUri) return sendJson(response, 400, { error: 'invalid_request' });
    const pending = codes.get(code);
    // a code works once, whatever the outcome of this attempt
    codes.delete(code);
    if (!pending || pending.expiresAt <= Date.now())
      return sendJson(response, 400, { error: 'invalid_grant' });
    if (pending.clientId !== clientId || pending.redirectUri !== redirectUri)
      return sendJson(response, 400, { error: 'invalid_grant' });
    if (!PKCE_VALUE.test(verifier)) return sendJson(response, 400, { error: 'invalid_grant' });
    const challenge = Buffer.from(base64url(createHash('sha256').update(verifier).digest()));
    const expected = Buffer.from(pending.codeChallenge);
    if (challenge.length !== expected.length || !timingSafeEqual(challenge, expected))
      return sendJson(response, 400, { error: 'invalid_grant' });

    const account = readAccounts().accounts[pending.email];
    if (!account) return sendJson(response, 400, { error: 'invalid_grant' });
    // the tokens of the client the code was issued to (its own lifetimes)
    const tokens = await signIn(
      { ...options.pool, clientId: pending.clientId },
      pending.email,
      account.password,
    );
    sendJson(response, 200, {
      access_token: tokens.accessToken,
      id_token: tokens.idToken,
      refresh_token: tokens.refreshToken,
      token_type: 'Bearer',
      expires_in: expiresIn(tokens.accessToken),
    });
  }

  /** The hosted UI's sign-out: back to a registered sign-out URL (there is no hosted-UI session locally). */
  async function getLogout(response: ServerResponse, url: URL) {
    const clientId = url.searchParams.get('client_id') ?? '';
    const logoutUri = url.searchParams.get('logout_uri') ?? '';
    if (!webClients.has(clientId)) return sendHtml(response, 400, errorPage('Unknown client_id.'));
    const described = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: options.pool.userPoolId, ClientId: clientId }),
    );
    if (!described.UserPoolClient?.LogoutURLs?.includes(logoutUri))
      return sendHtml(response, 400, errorPage('logout_uri is not a sign-out URL of this app client.'));
    redirect(response, logoutUri);
  }

  return async function handleLocalAuth(request: IncomingMessage, response: ServerResponse, url: URL) {
    const route = `${request.method} ${url.pathname.replace(/\/$/, '')}`;
    try {
      switch (route) {
        case `GET ${AUTHORIZE_PATH}`:
          return await getAuthorize(response, url);
        case `POST ${AUTHORIZE_PATH}`:
          return await postAuthorize(request, response);
        case `POST ${TOKEN_PATH}`:
          return await postToken(request, response);
        case `GET ${LOGOUT_PATH}`:
          return await getLogout(response, url);
        default:
          request.resume();
          if (url.pathname === TOKEN_PATH || url.pathname === AUTHORIZE_PATH) {
            response.writeHead(405, { allow: url.pathname === TOKEN_PATH ? 'POST' : 'GET, POST' });
            return response.end();
          }
          return sendJson(response, 404, { error: 'Not found' });
      }
    } catch (error) {
      options.log(
        `local-auth ${route} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      );
      if (!response.headersSent) sendJson(response, 500, { error: 'server_error' });
      else response.end();
    }
  };
}

/**
 * The event Cognito sends the post-confirmation trigger when a Google user signs in for the first time:
 * the user name is `Google_<google id>`, the status EXTERNAL_PROVIDER, and `identities` names Google.
 */
export function postConfirmationEvent(
  pool: UserPoolAccess,
  user: { email: string; name: string; sub: string; googleId: string },
) {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: pool.userPoolId,
    userName: `Google_${user.googleId}`,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: pool.clientId },
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    request: {
      userAttributes: {
        sub: user.sub,
        'cognito:user_status': 'EXTERNAL_PROVIDER',
        email: user.email,
        email_verified: 'true',
        name: user.name,
        identities: JSON.stringify([
          {
            userId: user.googleId,
            providerName: 'Google',
            providerType: 'Google',
            issuer: null,
            primary: true,
            dateCreated: Date.now(),
          },
        ]),
      },
    },
    response: {},
  };
}
