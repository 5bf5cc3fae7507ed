import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_CONFIG_PATH, type AppConfig, appConfig } from '#contracts/app-config';
import { eventRules } from '#contracts/event-rules';
import { S3_EVENT_SOURCE, S3_OBJECT_CREATED, S3_OBJECT_DELETED } from '#contracts/events';
import { platformFunctions, secretName } from '#contracts/function-access';
import { appSecurityHeaders, PUBLISHED_SITE_SECURITY_HEADERS } from '#contracts/response-headers';
import { isApiPath } from '#contracts/route-guard';
import { scheduledJobs } from '#contracts/schedules';
import { cognitoTriggers } from '#contracts/triggers';
import { createApiGateway, executeApiEndpoint } from './api-gateway.ts';
import { ensureTable, ensureUserPool } from './bootstrap.ts';
import { asCloudFrontOriginRequest } from './cloudfront-origin.ts';
import { startDnsServer } from './dns-server.ts';
import { codeLogLine, startCognito } from './emulators/cognito.ts';
import { createCognitoIamDoor } from './emulators/cognito-iam.ts';
import { startDynamoDbThread } from './emulators/dynamodb.ts';
import { createDynamoDbIamDoor } from './emulators/dynamodb-iam.ts';
import { LOCAL_ACCESS_KEY, startS3 } from './emulators/s3.ts';
import { startSecretsManager } from './emulators/secrets-manager.ts';
import { createEventBus } from './event-bus.ts';
import { functionCredentials, registerFunctions } from './iam/functions.ts';
import { LOCAL_IAM_SECRET_ENV, LocalIam, localSecretArn } from './iam/policy.ts';
import { s3Authorizer } from './iam/s3-access.ts';
import { prepareBundles } from './lambda/bundles.ts';
import {
  createFunctionInvoker,
  createLambdaApi,
  type LocalFunction,
  TRIGGER_TIMEOUT_MS,
} from './lambda-api.ts';
import { configureFunctions, invokeLambda, stopFunctions } from './lambda-runtime.ts';
import { createLocalAuth, LOCAL_AUTH_PREFIX } from './local-auth.ts';
import { createMediaProxy, MEDIA_PREFIX } from './media-proxy.ts';
import { assertPortFree, freePort } from './ports.ts';
import { createSitesHost, isAppHost } from './sites-host.ts';
import { createStaticHost, setSecurityHeaders } from './static-host.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

export interface CloudPorts {
  app: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  events: number;
  /** the Lambda Invoke API cognito-local calls its triggers through */
  lambda: number;
  /** the local API Gateway's own endpoint (AWS: execute-api), without the front door */
  api: number;
}

/** `npm start`'s fixed ports; tests pass `undefined` to get free ones. */
export const DEFAULT_PORTS: CloudPorts = {
  app: 3000,
  dynamodb: 4566,
  s3: 4567,
  cognito: 9229,
  events: 4568,
  lambda: 4569,
  api: 4570,
};

export interface LocalCloudOptions {
  ports?: CloudPorts;
  dataDirectory: string;
  distDirectory?: string;
  log?: (line: string) => void;
}

/** Everything a handler, the seed or a test needs to reach the local cloud, as environment variables. */
export type CloudEnvironment = Record<string, string>;

/** Signs the local billing provider's webhooks (a local-only value: no real provider ever uses it). */
export const LOCAL_BILLING_WEBHOOK_SECRET = 'whsec_local_estatenet';

export interface LocalCloud {
  appUrl: string;
  /** the local API Gateway's own endpoint: what execute-api is in AWS (requests here skip CloudFront) */
  apiUrl: string;
  /** what the app reads from `/app-config.json` */
  appConfig: AppConfig;
  env: CloudEnvironment;
  /** `clientId`: the web client; `keepSignedInClientId`: the "Keep me signed in" one (local/bootstrap.ts) */
  userPool: {
    userPoolId: string;
    clientId: string;
    keepSignedInClientId: string;
    issuer: string;
    endpoint: string;
  };
  /** waits until every event delivery in flight has finished */
  drainEvents: () => Promise<void>;
  stop: () => Promise<void>;
}

const NAMES = {
  namePrefix: 'estatenet-local',
  table: 'estatenet-local',
  buckets: { files: 'estatenet-files', content: 'estatenet-content', sites: 'estatenet-sites' },
  bus: 'estatenet-local',
  userPool: 'estatenet-local',
};

/** The Cognito triggers by function name, as the local Lambda API serves them. */
function triggerFunctions(): Map<string, LocalFunction> {
  return new Map(
    cognitoTriggers.map((trigger) => [
      trigger.name,
      { handler: trigger.handler, timeoutMs: TRIGGER_TIMEOUT_MS },
    ]),
  );
}

async function resolvePorts(fixed: CloudPorts | undefined): Promise<CloudPorts> {
  if (!fixed) {
    return {
      app: await freePort(),
      dynamodb: await freePort(),
      s3: await freePort(),
      cognito: await freePort(),
      events: await freePort(),
      lambda: await freePort(),
      api: await freePort(),
    };
  }
  for (const [service, port] of Object.entries(fixed)) await assertPortFree(service, port);
  return fixed;
}

/**
 * Starts the local cloud: dynalite, s3rver and cognito-local on loopback, the local EventBridge bus and
 * the local API Gateway + static host, then bootstraps table, buckets and user pool idempotently. The
 * handlers run in this process with the real SDK clients pointed at the emulators by environment only.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const log = options.log ?? (() => undefined);
  const ports = await resolvePorts(options.ports);
  const appUrl = `http://localhost:${ports.app}`;
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const data = (name: string) => join(options.dataDirectory, name);
  mkdirSync(options.dataDirectory, { recursive: true });

  const stops: Array<() => Promise<void>> = [];
  // each function runs as itself, under the policy of its declaration (local/iam/); the admin key is the
  // seed's, the tests' and the cloud's own
  const iam = new LocalIam(LOCAL_ACCESS_KEY, log);
  const bus = createEventBus({
    iam,
    busName: NAMES.bus,
    rules: eventRules,
    deliver: (rule, event) =>
      invokeLambda(REPO_ROOT, rule.consumer, event, { functionName: rule.name, timeoutMs: 60_000 }),
    log,
  });
  try {
    const dynamodb = await startDynamoDbThread(ports.dynamodb, data('dynamodb'));
    stops.push(dynamodb.stop);
    const dynamodbDoor = createDynamoDbIamDoor(dynamodb.endpoint, iam);
    const dynamodbDoorPort = await freePort();
    await listen(dynamodbDoor, dynamodbDoorPort);
    stops.push(() => close(dynamodbDoor));
    // the handlers' bundles, built now (or taken from the cache) rather than on the first requests
    const bundling = prepareBundles(
      REPO_ROOT,
      [...platformFunctions().values()].map((fn) => fn.handler),
    );
    bundling.catch(() => undefined); // awaited below
    const corsOrigins = [appUrl, `http://127.0.0.1:${ports.app}`];
    const s3 = await startS3(
      ports.s3,
      data('s3'),
      Object.values(NAMES.buckets).map((name) => ({ name, corsOrigins })),
      (event) => {
        log(`s3 ${event.eventName} ${event.bucket}/${event.key}`);
        // In AWS the files bucket sends EventBridge notifications; s3rver's events become the same events.
        if (event.bucket !== NAMES.buckets.files) return;
        const created = event.eventName.startsWith('ObjectCreated');
        bus.publish({
          Source: S3_EVENT_SOURCE,
          DetailType: created ? S3_OBJECT_CREATED : S3_OBJECT_DELETED,
          Detail: JSON.stringify({
            bucket: { name: event.bucket },
            object: { key: event.key, ...(created ? { size: event.size } : {}) },
            reason: event.eventName,
          }),
        });
      },
      log,
      functionCredentials(iam),
      s3Authorizer(iam),
    );
    stops.push(s3.stop);
    // Cognito triggers: cognito-local calls them through the Lambda Invoke API, by function name
    const functions = triggerFunctions();
    const invokeFunction = createFunctionInvoker({ root: REPO_ROOT, functions, log });
    const lambdaApi = createLambdaApi(invokeFunction, functions);
    await listen(lambdaApi, ports.lambda);
    stops.push(() => close(lambdaApi));
    const cognito = await startCognito({
      port: ports.cognito,
      directory: data('cognito'),
      lambdaEndpoint: `http://127.0.0.1:${ports.lambda}`,
      triggerFunctions: Object.fromEntries(cognitoTriggers.map((trigger) => [trigger.trigger, trigger.name])),
      // cognito-local prints the codes it would mail; one readable line each
      onCode: (delivery) => log(codeLogLine(delivery)),
      onLog: log,
    });
    stops.push(cognito.stop);
    // signed calls (the admin API) pass Cognito's IAM door; the browser's public API needs no IAM
    const cognitoDoor = createCognitoIamDoor(cognito.endpoint, iam);
    const cognitoDoorPort = await freePort();
    await listen(cognitoDoor, cognitoDoorPort);
    stops.push(() => close(cognitoDoor));

    await ensureTable(dynamodb.endpoint, NAMES.table);
    const userPool = await ensureUserPool(cognito.endpoint, NAMES.userPool, corsOrigins);
    // aws-jwt-verify fetches JWKS over https only: hand it the emulator's keys as a file instead.
    const jwksFile = data('cognito/jwks.json');
    const jwks = await (await fetch(`${userPool.issuer}/.well-known/jwks.json`)).text();
    writeFileSync(jwksFile, jwks);
    // Secrets Manager's stand-in: the secrets functions read at cold start, behind the IAM door
    // what the front door sends the API as CloudFront sends the stack's (functions/platform/origin-verify.ts)
    const originSecret = randomBytes(32).toString('base64url');
    const secretsManager = await startSecretsManager(iam, [
      { name: secretName(NAMES.namePrefix, 'billingWebhook'), value: LOCAL_BILLING_WEBHOOK_SECRET },
      { name: secretName(NAMES.namePrefix, 'originVerify'), value: originSecret },
    ]);
    stops.push(secretsManager.stop);
    // the custom-domain proofs' DNS: a stand-in server answering from a file (local/dns-server.ts)
    const dnsRecordsFile = data('dns/records.json');
    const dns = await startDnsServer({ port: await freePort(), recordsFile: dnsRecordsFile, log });
    stops.push(dns.stop);

    const env: CloudEnvironment = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      // every DynamoDB call passes the IAM door (the admin's too, which it allows everything)
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamodbDoorPort}`,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: `http://127.0.0.1:${ports.events}`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${cognitoDoorPort}`,
      AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${ports.lambda}`,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.endpoint,
      TABLE_NAME: NAMES.table,
      FILES_BUCKET: NAMES.buckets.files,
      CONTENT_BUCKET: NAMES.buckets.content,
      SITES_BUCKET: NAMES.buckets.sites,
      EVENT_BUS_NAME: NAMES.bus,
      USER_POOL_ID: userPool.userPoolId,
      // the API takes the access tokens of both web clients, as in AWS (infra/lib/auth.ts apiClientIds)
      USER_POOL_CLIENT_ID: `${userPool.clientId},${userPool.keepSignedInClientId}`,
      JWT_ISSUER: userPool.issuer,
      JWT_JWKS_FILE: jwksFile,
      APP_URL: appUrl,
      // the local billing provider completes test checkouts at once; webhooks are signed with a local
      // secret, which the webhook's function reads from the Secrets Manager stand-in as it would in AWS
      BILLING_PROVIDER: 'local',
      BILLING_WEBHOOK_SECRET_ARN: localSecretArn(secretName(NAMES.namePrefix, 'billingWebhook')),
      ORIGIN_VERIFY_SECRET_ARN: localSecretArn(secretName(NAMES.namePrefix, 'originVerify')),
      // websites: default subdomains under *.localhost (browsers resolve it to 127.0.0.1); custom domains
      // point their CNAME at the app's host, and are proven by a TXT record in the stand-in DNS server,
      // whose records are the file LOCAL_DNS_RECORDS_FILE (tests and people edit it)
      SITES_DOMAIN: 'localhost',
      SITES_CNAME_TARGET: new URL(appUrl).hostname,
      SITES_DNS_SERVERS: dns.address,
      LOCAL_DNS_RECORDS_FILE: dnsRecordsFile,
      // what the functions' secrets derive from: the tests sign as a function to probe its grants
      [LOCAL_IAM_SECRET_ENV]: iam.secretKey,
    };
    // The cloud's own hosts (and code the tests run in their process) read the whole configuration, as admin.
    Object.assign(process.env, env);
    // Each function gets exactly its own variables and its own credentials (local/iam/functions.ts)
    configureFunctions(
      registerFunctions(iam, {
        names: { ...NAMES, userPoolId: userPool.userPoolId },
        cloudEnv: env,
      }),
    );
    await bundling;
    stops.push(stopFunctions);

    await listen(bus.server, ports.events);
    stops.push(() => close(bus.server));

    // What the browser needs: Cognito's JSON API directly (cognito-local answers CORS for any origin)
    // and the OAuth domain of the Google sign-in stand-in on the app origin.
    const config = appConfig.parse({
      region: 'us-east-1',
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPool.clientId,
      keepSignedInClientId: userPool.keepSignedInClientId,
      cognitoEndpoint: `http://localhost:${ports.cognito}`,
      oauthDomain: `${appUrl}${LOCAL_AUTH_PREFIX}`,
      googleSignIn: true,
    } satisfies AppConfig);
    const configJson = JSON.stringify(config);

    const { manifest } = await import('#contracts/manifest');
    const handleApi = createApiGateway({ root: REPO_ROOT, manifest, log });
    // the dev stage keeps its execute-api endpoint (no API domain): a request there reaches the routes
    // without CloudFront's headers (infra/lib/api-origin.ts)
    const executeApi = createServer((request, response) => {
      void executeApiEndpoint(handleApi, { enabled: true })(
        request,
        response,
        new URL(request.url ?? '/', apiUrl),
      );
    });
    await listen(executeApi, ports.api);
    stops.push(() => close(executeApi));
    const postConfirmation = cognitoTriggers.find((trigger) => trigger.trigger === 'PostConfirmation');
    const handleLocalAuth = createLocalAuth({
      pool: {
        endpoint: cognito.endpoint,
        userPoolId: userPool.userPoolId,
        clientId: userPool.clientId,
        keepSignedInClientId: userPool.keepSignedInClientId,
      },
      accountsFile: data('cognito/google-accounts.json'),
      ...(postConfirmation
        ? { postConfirmation: (event) => invokeFunction(postConfirmation.name, event) }
        : {}),
      log,
    });
    const serveMedia = createMediaProxy(s3.endpoint, NAMES.buckets.files);
    // the app distribution's headers (contracts/response-headers.ts) with this cloud's origins
    const appHeaders = appSecurityHeaders({
      cognito: new URL(config.cognitoEndpoint).origin,
      hostedUi: new URL(config.oauthDomain).origin,
      files: new URL(s3.endpoint).origin,
    });
    const serveApp = createStaticHost({
      distDirectory: options.distDirectory ?? join(REPO_ROOT, 'frontend/dist'),
      securityHeaders: appHeaders,
      appConfig: { path: APP_CONFIG_PATH, json: configJson },
    });
    /** The security headers of the distribution a Host reaches: the app's, or the published sites'. */
    const distributionHeaders = (request: IncomingMessage) =>
      isAppHost(request.headers.host, ports.app) ? appHeaders : PUBLISHED_SITE_SECURITY_HEADERS;
    // imported once the environment is set (the data layer reads its configuration at import)
    const { websiteIdForHost } = await import('#functions/website-domains/website-domains');
    const sites = createSitesHost({
      s3Endpoint: s3.endpoint,
      bucket: NAMES.buckets.sites,
      appPort: ports.app,
      websiteIdForHost,
    });
    const app = createServer((request, response) => {
      const url = new URL(request.url ?? '/', appUrl);
      if (isApiPath(url.pathname)) {
        setSecurityHeaders(response, distributionHeaders(request));
        // CloudFront's origin request: the viewer's address and the origin-verify secret
        asCloudFrontOriginRequest(request, originSecret);
        return void handleApi(request, response, url);
      }
      const started = performance.now();
      response.once('finish', () =>
        log(
          `${request.method} ${url.pathname} ${response.statusCode} ${Math.round(performance.now() - started)}ms`,
        ),
      );
      // in AWS: the hosted UI's domain, and the /media/* behaviour of either distribution
      if (url.pathname.startsWith(`${LOCAL_AUTH_PREFIX}/`))
        return void handleLocalAuth(request, response, url);
      if (url.pathname.startsWith(MEDIA_PREFIX)) {
        setSecurityHeaders(response, distributionHeaders(request));
        return void serveMedia(request, response, url);
      }
      // in AWS the sites distribution: a website's domain, or /sites/{websiteId}/… on the app's origin
      void (async () => {
        if (
          (await sites.serveDomain(request, response, url)) ||
          (await sites.serveAppPath(request, response, url))
        )
          return;
        serveApp(request, response, url);
      })().catch((error: unknown) => {
        log(`sites host failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        response.end();
      });
    });
    await listen(app, ports.app);
    stops.push(async () => {
      await close(app);
      await bus.drain();
    });
    stops.push(startScheduledJobs(log));

    return {
      appUrl,
      apiUrl,
      appConfig: config,
      env,
      userPool: { ...userPool, endpoint: cognito.endpoint },
      drainEvents: bus.drain,
      stop: () => stopAll(stops),
    };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}

/**
 * EventBridge schedules, locally: a timer per job of contracts/schedules.ts invokes its handler with a
 * Scheduled Event, one run at a time; a job that runs after each deploy in AWS also runs once at start.
 * Answers the stop function (waits for a run in progress).
 */
function startScheduledJobs(log: (line: string) => void): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = scheduledJobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const event = {
        version: '0',
        id: randomUUID(),
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: '000000000000',
        time: new Date().toISOString(),
        region: 'local',
        resources: [`arn:aws:events:local:000000000000:rule/${job.name}`],
        detail: {},
      };
      const run = invokeLambda(REPO_ROOT, job.handler, event, {
        functionName: job.name,
        timeoutMs: job.timeoutSeconds * 1000,
      })
        .catch((error: unknown) =>
          log(`scheduled ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    if (job.runAfterDeploy) tick();
    return setInterval(tick, job.localEverySeconds * 1000);
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}

/** Stops in reverse order of start: the app first, so no request reaches a stopped emulator. */
async function stopAll(stops: Array<() => Promise<void>>) {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    server.closeAllConnections();
  });
}
