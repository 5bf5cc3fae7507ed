import { Names, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPE_ATTRIBUTE,
  AGENCY_NAME_ATTRIBUTE,
  APP_CONFIG_PATH,
  OAUTH_CALLBACK_PATH,
} from '../contracts/app-config.ts';
import { ENV_NAMES } from '../contracts/environment.ts';
import { type EventRule, eventRules } from '../contracts/event-rules.ts';
import { S3_EVENT_SOURCE, S3_OBJECT_CREATED } from '../contracts/events.ts';
import { manifest } from '../contracts/manifest.ts';
import { precompressedPath } from '../contracts/response-headers.ts';
import type { BucketName, RouteDefinition, RouteResources } from '../contracts/route.ts';
import {
  API_PATH_PREFIXES,
  guardRedirect,
  isApiPath,
  LOGIN_PATH,
  STATIC_FILE,
  TOKEN_COOKIE,
} from '../contracts/route-guard.ts';
import { scheduledJobs } from '../contracts/schedules.ts';
import { type CognitoTrigger, cognitoTriggers } from '../contracts/triggers.ts';
import { TABLE_GSI_DEFINITIONS, TABLE_KEY_SCHEMA, TTL_ATTRIBUTE } from '../functions/platform/data/table.ts';
import { routeDomain } from './lib/api-routes.ts';
import { MEDIA_PREFIX } from './lib/app-hosting.ts';
import { PlatformFunction, reserveConcurrency } from './lib/platform-function.ts';
import { PlatformStack } from './lib/platform-stack.ts';
import { GUARD_REDIRECT_STATUS, routeGuardFunctionSource } from './lib/route-guard-function.ts';
import { PUBLIC_ROUTE_CONCURRENCY, STAGES, stageConfig } from './lib/stage-config.ts';
import { testApp } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

/** A handler that exists, reused by the fixture routes and rules that exercise every kind of grant. */
const EXISTING_HANDLER = manifest[0]!.handler;

const fixtureRoute = (id: string, resources: RouteResources): RouteDefinition =>
  ({
    id,
    method: 'POST',
    path: `/api/fixture/${id}`,
    handler: EXISTING_HANDLER,
    auth: 'token',
    access: 'signed-in',
    summary: id,
    request: {},
    resources,
  }) as unknown as RouteDefinition;

/** Routes and rules that use every resource kind, for the grant checks the real manifest may not reach yet. */
const fixtureRoutes: RouteDefinition[] = [
  fixtureRoute('readTable', { table: 'read' }),
  fixtureRoute('writeTable', { table: 'readwrite' }),
  fixtureRoute('mixedBuckets', {
    buckets: { files: { read: ['cloud'], readwrite: ['zips'] }, sites: { readwrite: ['pages'] } },
  }),
  fixtureRoute('everything', {
    table: 'readwrite',
    buckets: { content: { readwrite: ['websites'] } },
    bus: true,
    userPool: true,
    email: true,
  }),
  fixtureRoute('sendsEmail', { table: 'readwrite', email: true }),
];
const fixtureRules: EventRule[] = [
  {
    name: 'fixture-consumer',
    description: 'fixture',
    pattern: { source: ['estatenet.platform'], 'detail-type': ['PropertyAdded'] },
    consumer: EXISTING_HANDLER,
    bus: 'platform',
    resources: { table: 'readwrite', buckets: { sites: { readwrite: ['pages'] } } },
  },
  {
    name: 'fixture-uploads',
    description: 'fixture S3 consumer',
    pattern: { source: [S3_EVENT_SOURCE], 'detail-type': [S3_OBJECT_CREATED] },
    consumer: EXISTING_HANDLER,
    bus: 'default',
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['uploads'] } } },
  },
];

/** A trigger with a bucket grant too, so the fixture checks that a trigger gets exactly what it declares. */
const fixtureTriggers: CognitoTrigger[] = [
  {
    name: 'fixture-post-confirmation',
    trigger: 'PostConfirmation',
    handler: EXISTING_HANDLER,
    resources: { table: 'read', buckets: { content: { readwrite: ['templates'] } } },
  },
];

let real: PlatformStack;
let fixture: PlatformStack;
const templates = new Map<Stack, Template>();
const templateOf = (stack: Stack): Template => {
  let template = templates.get(stack);
  if (!template) {
    template = Template.fromStack(stack);
    templates.set(stack, template);
  }
  return template;
};

beforeAll(() => {
  const app = testApp();
  real = new PlatformStack(app, 'EstateNet-test', { stage: stageConfig('dev') });
  fixture = new PlatformStack(app, 'EstateNet-fixture', {
    stage: stageConfig('prod', {
      googleClientId: 'client.apps.googleusercontent.com',
      inviteFromEmail: 'invites@example.com',
    }),
    routes: fixtureRoutes,
    eventRules: fixtureRules,
    cognitoTriggers: fixtureTriggers,
    scheduledJobs: [],
  });
  app.synth();
});

/** Where a platform function lives: its stack, template and the logical ids of the function and its role. */
function locate(fn: PlatformFunction) {
  const stack = fn.fn.stack;
  const template = templateOf(stack);
  const functionId = stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction);
  const resource = template.toJSON().Resources[functionId] as Json;
  const roleId = resource.Properties.Role['Fn::GetAtt'][0] as string;
  return { stack, template, functionId, roleId, resource };
}

/** Every statement of the identity policies attached to a role (inline or AWS::IAM::Policy). */
function roleStatements(template: Template, roleId: string): Json[] {
  const resources = template.toJSON().Resources as Record<string, Json>;
  const statements: Json[] = [];
  for (const resource of Object.values(resources)) {
    if (resource.Type === 'AWS::IAM::Policy') {
      const roles = resource.Properties.Roles as Json[];
      if (roles.some((role) => role.Ref === roleId))
        statements.push(...resource.Properties.PolicyDocument.Statement);
    }
  }
  for (const policy of resources[roleId]?.Properties.Policies ?? [])
    statements.push(...policy.PolicyDocument.Statement);
  return statements;
}

/**
 * Whether a policy resource points at a construct: by logical id in its own stack, or by the parameter
 * (`referenceto<uniqueId>Arn`) CDK passes into a nested stack.
 */
function references(target: string, owner: Stack, construct: IConstruct): boolean {
  const resource = construct.node.defaultChild!;
  return (
    target.includes(owner.getLogicalId(resource as never)) ||
    target.includes(`referenceto${Names.uniqueId(resource)}`)
  );
}

const actionsOf = (statement: Json): string[] => [statement.Action].flat();
const GUARDED_SERVICES = ['dynamodb', 's3', 'events', 'cognito-idp', 'ses'] as const;
const DYNAMODB_WRITE = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|\*)/;
const S3_WRITE = /^s3:(Put|Delete|Abort|\*)/;

function declaredServices(resources: RouteResources, owner?: PlatformStack): string[] {
  const services: string[] = [];
  // email is granted only where the stage has a sender; elsewhere the handler hands out the link
  if (resources.email && owner?.inviteEmail) services.push('ses');
  if (resources.table) services.push('dynamodb');
  if (Object.values(resources.buckets ?? {}).some(Boolean)) services.push('s3');
  if (resources.bus) services.push('events');
  if (resources.userPool) services.push('cognito-idp');
  return services.sort();
}

/** The services, tables and buckets a function's role may touch, and whether 'read' stays read. */
function checkGrants(
  fn: PlatformFunction,
  declared: RouteResources,
  owner: PlatformStack,
  { verifiesTokens = true } = {},
) {
  const { template, roleId, resource } = locate(fn);
  const statements = roleStatements(template, roleId);
  const services = new Set(statements.flatMap(actionsOf).map((action) => action.split(':')[0]!));
  const guarded = GUARDED_SERVICES.filter((service) => services.has(service)).sort();
  expect(guarded).toEqual(declaredServices(declared, owner));

  const grantedBuckets = new Set<string>();
  for (const statement of statements) {
    const actions = actionsOf(statement);
    const target = JSON.stringify(statement.Resource);
    if (actions.some((action) => action.startsWith('dynamodb:'))) {
      expect(references(target, owner, owner.data.table), target).toBe(true);
      if (declared.table === 'read')
        expect(actions.filter((action) => DYNAMODB_WRITE.test(action))).toEqual([]);
    }
    if (actions.some((action) => action.startsWith('cognito-idp:'))) {
      expect(references(target, owner, owner.auth.userPool), target).toBe(true);
    }
    if (actions.some((action) => action.startsWith('ses:'))) {
      expect(actions).toEqual(['ses:SendEmail']);
      expect(references(target, owner, owner.inviteEmail!.identity), target).toBe(true);
      expect(target).toMatch(/configuration-set\/estatenet-[a-z]+-invites/);
    }
    if (actions.some((action) => action.startsWith('events:'))) {
      expect(references(target, owner, owner.data.bus), target).toBe(true);
    }
    if (actions.some((action) => action.startsWith('s3:'))) {
      for (const [name, bucket] of Object.entries(owner.data.buckets) as [BucketName, Bucket][]) {
        if (!references(target, owner, bucket)) continue;
        grantedBuckets.add(name);
        if (!declared.buckets?.[name]?.readwrite)
          expect(actions.filter((action) => S3_WRITE.test(action))).toEqual([]);
      }
    }
  }
  const declaredBuckets = Object.entries(declared.buckets ?? {})
    .filter(([, access]) => access)
    .map(([name]) => name);
  expect([...grantedBuckets].sort()).toEqual(declaredBuckets.sort());

  // a grant sets the variable the handler reads; nothing ungranted is advertised
  const env = Object.keys(resource.Properties.Environment.Variables as Json);
  expect(env.includes(ENV_NAMES.userPool)).toBe(verifiesTokens || Boolean(declared.userPool));
  expect(env.includes(ENV_NAMES.userPoolClient)).toBe(verifiesTokens || Boolean(declared.userPool));
  expect(env.includes(ENV_NAMES.table)).toBe(Boolean(declared.table));
  expect(env.includes(ENV_NAMES.bus)).toBe(Boolean(declared.bus));
  expect(env.includes(ENV_NAMES.appUrl)).toBe(Boolean(declared.email));
  expect(env.includes(ENV_NAMES.email.from)).toBe(Boolean(declared.email && owner.inviteEmail));
  for (const name of ['files', 'content', 'sites'] as const) {
    expect(env.includes(ENV_NAMES.buckets[name])).toBe(Boolean(declared.buckets?.[name]));
  }
}

describe('API routes from the manifest', () => {
  it('has one Lambda per manifest route, grouped in nested stacks by domain', () => {
    expect(manifest.length).toBeGreaterThan(0);
    expect(real.routes.functions.size).toBe(manifest.length);
    let lambdas = 0;
    for (const stack of real.routes.stacks.values()) {
      lambdas += Object.keys(templateOf(stack).findResources('AWS::Lambda::Function')).length;
    }
    expect(lambdas).toBe(manifest.length);
    expect([...real.routes.stacks.keys()].sort()).toEqual([...new Set(manifest.map(routeDomain))].sort());
  });

  it('gives every route an API Gateway route "METHOD path" integrated with its own function', () => {
    for (const route of manifest) {
      const fn = real.routes.functions.get(route.id)!;
      expect(fn.node.id).toBe(`Route-${route.id}`);
      const { template, functionId } = locate(fn);
      const resources = template.toJSON().Resources as Record<string, Json>;
      const apiRoutes = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route', {
          Properties: { RouteKey: `${route.method} ${route.path}` },
        }),
      );
      expect(apiRoutes, `${route.id}`).toHaveLength(1);
      const integrationId = apiRoutes[0]!.Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[integrationId]!.Properties;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
    }
  });

  it('grants every route exactly the services of its manifest entry, and read never writes', () => {
    for (const route of manifest) checkGrants(real.routes.functions.get(route.id)!, route.resources, real);
  });

  it('grants each kind of resource exactly as declared (fixture manifest)', () => {
    for (const route of fixtureRoutes) {
      checkGrants(fixture.routes.functions.get(route.id)!, route.resources, fixture);
    }
    const { template, roleId } = locate(fixture.routes.functions.get('readTable')!);
    const actions = roleStatements(template, roleId).flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
      expect(actions).not.toContain(write);
    }
  });

  const readOnlyRoute = manifest.find(
    (route) => route.resources.table === 'read' && declaredServices(route.resources).length === 1,
  );
  it.runIf(readOnlyRoute)(`gives ${readOnlyRoute?.id} only read actions on the table`, () => {
    const { template, roleId } = locate(real.routes.functions.get(readOnlyRoute!.id)!);
    const actions = roleStatements(template, roleId).flatMap(actionsOf);
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => DYNAMODB_WRITE.test(action))).toEqual([]);
    expect(actions.filter((action) => /^(s3|events):/.test(action))).toEqual([]);
  });

  it('builds every function as Node 22 on arm64 with tracing, 256 MB and a retained log group', () => {
    const routeFunctions = [...real.routes.functions.values(), ...fixture.routes.functions.values()];
    for (const fn of [...routeFunctions, ...fixture.consumers.functions.values()]) {
      const { resource } = locate(fn);
      expect(resource.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 256,
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
      });
      expect(resource.Properties.LoggingConfig.LogGroup.Ref).toBeDefined();
    }
    for (const fn of routeFunctions) expect(locate(fn).resource.Properties.Timeout).toBeLessThanOrEqual(29);
    for (const stack of real.routes.stacks.values()) {
      templateOf(stack).allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 });
    }
    for (const stack of fixture.routes.stacks.values()) {
      templateOf(stack).allResources('AWS::Logs::LogGroup', { DeletionPolicy: 'Retain' });
    }
  });
});

describe('event consumers', () => {
  it('wires every consumer to a rule on the platform bus', () => {
    expect(real.consumers.functions.size).toBe(eventRules.length);
    // plus one schedule rule per scheduled job (infra/scheduled-jobs.test.ts)
    templateOf(real).resourceCountIs('AWS::Events::Rule', eventRules.length + scheduledJobs.length);

    const template = templateOf(fixture);
    template.resourceCountIs('AWS::Events::Rule', 2);
    const { functionId } = locate(fixture.consumers.functions.get('fixture-consumer')!);
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: fixture.getLogicalId(fixture.data.bus.node.defaultChild as never) },
      EventPattern: { source: ['estatenet.platform'], 'detail-type': ['PropertyAdded'] },
      Targets: [{ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } }],
    });
    checkGrants(fixture.consumers.functions.get('fixture-consumer')!, fixtureRules[0]!.resources, fixture);
  });

  it('regenerates the pages when a website’s hosts change, beside the host sync (canonical and sitemap follow)', () => {
    const ruleOf = (name: string) => {
      const { functionId, template } = locate(real.consumers.functions.get(name)!);
      return Object.values(template.findResources('AWS::Events::Rule')).find(
        (candidate) => candidate.Properties.Targets[0].Arn['Fn::GetAtt']?.[0] === functionId,
      );
    };
    for (const name of ['regenerate-pages', 'sync-site-hosts']) {
      expect(ruleOf(name)!.Properties.EventPattern['detail-type'], name).toContain('WebsiteHostsChanged');
    }
    // every regeneration, whatever its event, is followed by the cache invalidation on the platform bus
    expect(ruleOf('invalidate-site-cache')!.Properties).toMatchObject({
      EventBusName: { Ref: real.getLogicalId(real.data.bus.node.defaultChild as never) },
      EventPattern: { source: ['estatenet.platform'], 'detail-type': ['WebsitePagesRegenerated'] },
    });
  });

  it('takes S3 object events from the default bus, only for the buckets the rule declares', () => {
    const template = templateOf(fixture);
    const filesId = fixture.getLogicalId(fixture.data.buckets.files.node.defaultChild as never);
    const { functionId } = locate(fixture.consumers.functions.get('fixture-uploads')!);
    const rule = Object.values(template.findResources('AWS::Events::Rule')).find(
      (candidate) => candidate.Properties.Targets[0].Arn['Fn::GetAtt'][0] === functionId,
    );
    expect(rule!.Properties.EventBusName).toBeUndefined();
    expect(rule!.Properties.EventPattern).toEqual({
      source: [S3_EVENT_SOURCE],
      'detail-type': [S3_OBJECT_CREATED],
      detail: { bucket: { name: [{ Ref: filesId }] } },
    });
    checkGrants(fixture.consumers.functions.get('fixture-uploads')!, fixtureRules[1]!.resources, fixture);
    // the bucket must send its events to EventBridge, in the real stack too (account-storage)
    for (const stack of [fixture, real]) {
      templateOf(stack).hasResourceProperties('Custom::S3BucketNotifications', {
        BucketName: { Ref: stack.getLogicalId(stack.data.buckets.files.node.defaultChild as never) },
        NotificationConfiguration: { EventBridgeConfiguration: {} },
      });
    }
  });
});

describe('data stores', () => {
  it('has the single table with pk/sk, the GSIs, TTL and PITR', () => {
    templateOf(real).resourceCountIs('AWS::DynamoDB::Table', 1);
    templateOf(real).hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: TABLE_KEY_SCHEMA,
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: TABLE_GSI_DEFINITIONS,
    });
  });

  it('keeps dev data destroyable and prod data retained', () => {
    templateOf(real).hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    templateOf(fixture).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
    templateOf(fixture).allResources('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
  });

  it('blocks public access, encrypts and enforces TLS on every bucket', () => {
    const template = templateOf(real);
    const buckets = template.findResources('AWS::S3::Bucket');
    // files, content, sites, app, and the access-log bucket they all log to
    expect(Object.keys(buckets)).toHaveLength(5);
    template.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    for (const bucketId of Object.keys(buckets)) {
      const policy = policies.find((p) => p.Properties.Bucket.Ref === bucketId);
      expect(policy, bucketId).toBeDefined();
      expect(policy!.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('lets the app origin upload to and download from the files bucket', () => {
    const filesId = real.getLogicalId(real.data.buckets.files.node.defaultChild as never);
    const files = templateOf(real).toJSON().Resources[filesId] as Json;
    const [rule] = files.Properties.CorsConfiguration.CorsRules as Json[];
    expect(rule!.AllowedMethods.sort()).toEqual(['GET', 'POST', 'PUT']);
    expect(JSON.stringify(rule!.AllowedOrigins)).toContain(
      real.getLogicalId(real.hosting.distribution.node.defaultChild as never),
    );
  });
});

describe('auth', () => {
  it('has an email user pool and a public authorization-code client', () => {
    const template = templateOf(real);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      SupportedIdentityProviders: ['COGNITO'],
    });
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('adds Google when configured, with the secret as a Secrets Manager reference', () => {
    const template = templateOf(fixture);
    const providers = Object.values(template.findResources('AWS::Cognito::UserPoolIdentityProvider'));
    expect(providers).toHaveLength(1);
    const details = providers[0]!.Properties.ProviderDetails;
    expect(providers[0]!.Properties.ProviderType).toBe('Google');
    expect(details.client_id).toBe('client.apps.googleusercontent.com');
    expect(JSON.stringify(details.client_secret)).toContain(
      '{{resolve:secretsmanager:estatenet-prod/google-client-secret',
    );
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
  });
});

describe('accounts', () => {
  it('declares the sign-up custom attributes as mutable strings', () => {
    const [pool] = Object.values(templateOf(real).findResources('AWS::Cognito::UserPool'));
    const custom = (pool!.Properties.Schema as Json[]).filter((attribute) => attribute.AttributeDataType);
    expect(custom.map((attribute) => `custom:${attribute.Name}`).sort()).toEqual(
      [ACCOUNT_TYPE_ATTRIBUTE, AGENCY_NAME_ATTRIBUTE].sort(),
    );
    for (const attribute of custom)
      expect(attribute).toMatchObject({ AttributeDataType: 'String', Mutable: true });
  });

  it('lets the web client sign in with a password, SRP, refresh tokens, and the code flow to /authentication/callback', () => {
    const template = templateOf(real);
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const properties = client!.Properties;
    expect(properties.ExplicitAuthFlows.sort()).toEqual(
      ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH'].sort(),
    );
    expect(properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    });
    const distributionId = real.getLogicalId(real.hosting.distribution.node.defaultChild as never);
    expect(properties.CallbackURLs).toContainEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, OAUTH_CALLBACK_PATH]],
    });
    expect(properties.CallbackURLs).toContain(`http://localhost:3000${OAUTH_CALLBACK_PATH}`);
  });

  it('maps the Google profile’s name, so federated users have one', () => {
    const [provider] = Object.values(
      templateOf(fixture).findResources('AWS::Cognito::UserPoolIdentityProvider'),
    );
    expect(provider!.Properties.AttributeMapping).toMatchObject({ email: 'email', name: 'name' });
  });

  it('attaches every trigger of contracts/triggers.ts to the pool, with 5 s and exactly its grants', () => {
    for (const [stack, triggers] of [
      [real, cognitoTriggers],
      [fixture, fixtureTriggers],
    ] as const) {
      expect([...stack.authTriggers.functions.keys()]).toEqual(triggers.map((trigger) => trigger.name));
      const template = templateOf(stack);
      const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool'));
      const poolId = stack.getLogicalId(stack.auth.userPool.node.defaultChild as never);
      for (const trigger of triggers) {
        const fn = stack.authTriggers.functions.get(trigger.name)!;
        const { functionId, resource } = locate(fn);
        expect(pool!.Properties.LambdaConfig[trigger.trigger]).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
        expect(resource.Properties).toMatchObject({
          Timeout: 5,
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
        });
        template.hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
          Principal: 'cognito-idp.amazonaws.com',
          SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
        });
        // the pool refers to the trigger, so the trigger must not refer to the pool
        checkGrants(fn, trigger.resources, stack, { verifiesTokens: false });
      }
    }
    expect(real.authTriggers.functions.get('post-confirmation')).toBeDefined();
  });

  it('refuses a trigger that asks for the user pool it is attached to', () => {
    const app = testApp();
    expect(
      () =>
        new PlatformStack(app, 'EstateNet-cycle', {
          stage: stageConfig('dev'),
          routes: [],
          eventRules: [],
          cognitoTriggers: [{ ...fixtureTriggers[0]!, resources: { userPool: true } }],
        }),
    ).toThrow(/cannot be granted the user pool/);
  });
});

describe('app config', () => {
  const deployments = (stack: PlatformStack) =>
    Object.entries(templateOf(stack).findResources('Custom::CDKBucketDeployment'));

  it('deploys /app-config.json next to the app with the pool, client, regional endpoint and hosted UI', () => {
    const appBucketId = real.getLogicalId(real.hosting.bucket.node.defaultChild as never);
    const [, deployment] = deployments(real).find(([id]) => id.includes('AppConfigDeployment'))!;
    expect(deployment.Properties).toMatchObject({
      DestinationBucketName: { Ref: appBucketId },
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache', 'content-type': 'application/json' },
      DistributionPaths: [APP_CONFIG_PATH],
    });
    const markers = JSON.stringify(deployment.Properties.SourceMarkers);
    for (const construct of [real.auth.userPool, real.auth.client, real.auth.domain]) {
      expect(markers).toContain(real.getLogicalId(construct.node.defaultChild as never));
    }
    expect(real.appConfig).toMatchObject({ googleSignIn: false });
    expect(real.appConfig.cognitoEndpoint).toMatch(/^https:\/\/cognito-idp\./);
    expect(real.appConfig.oauthDomain).toMatch(/^https:\/\//);
    expect(fixture.appConfig.googleSignIn).toBe(true);
  });

  it('keeps the app deployment from pruning it', () => {
    for (const [id, deployment] of deployments(real)) {
      if (id.includes('AppConfigDeployment') || deployment.Properties.Prune === false) continue;
      expect(deployment.Properties.Exclude, id).toContain(APP_CONFIG_PATH.slice(1));
    }
  });
});

describe('media on the app origin', () => {
  it('serves /media/* from the files bucket through origin access control, cached, GET and HEAD only', () => {
    const template = templateOf(real);
    const distribution = template.toJSON().Resources[
      real.getLogicalId(real.hosting.distribution.node.defaultChild as never)
    ] as Json;
    const config = distribution!.Properties.DistributionConfig;
    const media = (config.CacheBehaviors as Json[]).find((b) => b.PathPattern === `/${MEDIA_PREFIX}*`)!;
    expect(media).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // Managed-CachingOptimized
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    // no cookie guard on pictures; only the viewer-response function that sends anything else as a download
    expect(media.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-response',
        FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^AppMediaResponse/), 'FunctionARN'] },
      },
    ]);
    const origin = (config.Origins as Json[]).find((candidate) => candidate.Id === media.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(JSON.stringify(origin.DomainName)).toContain('estatenet-dev-files-');
  });

  it('lets the app and sites distributions read media/* of the files bucket and nothing else', () => {
    const template = templateOf(real);
    const filesId = real.getLogicalId(real.data.buckets.files.node.defaultChild as never);
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    const cloudFrontStatements = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as Json[])
        .filter((statement) => statement.Principal?.Service === 'cloudfront.amazonaws.com')
        .map((statement) => ({ bucket: policy.Properties.Bucket.Ref as string, statement })),
    );
    const onFiles = cloudFrontStatements.filter(({ bucket }) => bucket === filesId);
    // one statement per distribution, each naming its own distribution as the source
    expect(onFiles).toHaveLength(2);
    for (const { statement } of onFiles) {
      expect(statement).toMatchObject({
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [filesId, 'Arn'] }, `/${MEDIA_PREFIX}*`]] },
      });
    }
    const sources = onFiles.map(({ statement }) => JSON.stringify(statement.Condition));
    for (const distribution of [real.hosting.distribution, real.sites.distribution]) {
      const id = real.getLogicalId(distribution.node.defaultChild as never);
      expect(sources.filter((source) => source.includes(`{"Ref":"${id}"}`))).toHaveLength(1);
    }
    // the only other grants to CloudFront are the app bucket's and the sites bucket's (sites distribution)
    const appBucketId = real.getLogicalId(real.hosting.bucket.node.defaultChild as never);
    const sitesId = real.getLogicalId(real.data.buckets.sites.node.defaultChild as never);
    expect(new Set(cloudFrontStatements.map(({ bucket }) => bucket))).toEqual(
      new Set([filesId, appBucketId, sitesId]),
    );
  });
});

describe('app hosting', () => {
  it('serves the app bucket through OAC and the API prefixes through the HTTP API, uncached', () => {
    const template = templateOf(real);
    // app bucket, /media/* on the files bucket, /sites/* previews and the sites distribution on the sites
    // bucket, and the sites distribution's own /media/*
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 5);
    const distribution = template.toJSON().Resources[
      real.getLogicalId(real.hosting.distribution.node.defaultChild as never)
    ] as Json;
    const config = distribution!.Properties.DistributionConfig;
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    const behaviours = (config.CacheBehaviors as Json[]).filter(
      (behaviour) => behaviour.PathPattern !== `/${MEDIA_PREFIX}*` && behaviour.PathPattern !== '/sites/*',
    );
    expect(behaviours.map((behaviour) => behaviour.PathPattern)).toEqual(
      API_PATH_PREFIXES.map((p) => `${p}*`),
    );
    for (const behaviour of behaviours) {
      expect(behaviour).toMatchObject({
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      });
      expect(behaviour.AllowedMethods).toContain('POST');
    }
    const guardId = real.getLogicalId(real.hosting.routeGuard.node.defaultChild as never);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [guardId, 'FunctionARN'] } },
    ]);
  });

  it('has a cloudfront-js-2.0 route guard built from contracts/route-guard.ts', () => {
    const guard = templateOf(real).toJSON().Resources[
      real.getLogicalId(real.hosting.routeGuard.node.defaultChild as never)
    ] as Json;
    expect(guard!.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const code = guard!.Properties.FunctionCode as string;
    expect(code).toContain(JSON.stringify(TOKEN_COOKIE));
    expect(code).toContain(JSON.stringify(LOGIN_PATH));
  });

  it('redirects exactly when guardRedirect does, and serves index.html for every page', () => {
    const handler = new Function(`${routeGuardFunctionSource()}\nreturn handler;`)() as (event: Json) => Json;
    const paths = [
      '/',
      '/agents/profile',
      '/properties/success',
      '/authentication/login',
      '/authentication/callback',
      '/api',
      '/api/agents',
      '/cloud',
      '/cloud/files',
      '/websites/1',
      '/website-domains/setup',
      '/assets/index-3f2a.js',
      '/favicon.svg',
      '/report.verylongext',
    ];
    const assets = new Set(['/assets/index-3f2a.js', '/favicon.svg']);
    const cookieHeaders = [
      undefined,
      'token=',
      'token=abc',
      'theme=dark; token=a=b',
      'tokenx=abc',
      'theme=dark',
    ];
    for (const path of paths) {
      for (const header of cookieHeaders) {
        const cookies: Json = {};
        for (const part of header?.split(';') ?? []) {
          const [name, ...value] = part.trim().split('=');
          cookies[name!] = { value: value.join('=') };
        }
        const result = handler({ request: { uri: path, cookies, headers: {}, querystring: {} } });
        const expected = guardRedirect(path, header);
        if (expected) {
          expect(result, `${path} ${header}`).toMatchObject({
            statusCode: GUARD_REDIRECT_STATUS,
            headers: { location: { value: expected } },
          });
        } else {
          expect(result.statusCode, `${path} ${header}`).toBeUndefined();
          const page = !assets.has(path) && !isApiPath(path);
          expect(result.uri).toBe(page ? '/index.html' : path);
        }
      }
    }
  });

  it("sends the build's Brotli of a hashed JS or CSS file exactly when precompressedPath does", () => {
    const handler = new Function(`${routeGuardFunctionSource()}\nreturn handler;`)() as (event: Json) => Json;
    const paths = [
      '/assets/index-3f2a.js',
      '/assets/index-3f2a.css',
      '/assets/index-3f2a.js.br',
      '/assets/nested/index-3f2a.js',
      '/assets/inter-latin-400-3f2a.woff2',
      '/assets/default-avatar-3f2a.svg',
      '/index.js',
      '/agents/profile',
    ];
    const acceptEncodings = [
      undefined,
      'gzip, deflate, br, zstd',
      'br',
      'BR;q=0.5',
      'gzip, br;q=0',
      'br; q=0.0',
      'gzip, deflate',
      'brotli',
      '',
    ];
    let rewritten = 0;
    for (const path of paths) {
      for (const acceptEncoding of acceptEncodings) {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': { value: acceptEncoding } };
        const cookies = { token: { value: 'abc' } };
        const result = handler({ request: { uri: path, cookies, headers, querystring: {} } });
        const expected = precompressedPath(path, acceptEncoding);
        if (expected) rewritten += 1;
        const page = !STATIC_FILE.test(path);
        expect(result.uri, `${path} ${acceptEncoding}`).toBe(expected ?? (page ? '/index.html' : path));
      }
    }
    expect(rewritten).toBe(2 * 3);
  });

  it('outputs the URLs, ids and names the deploy needs', () => {
    const outputs = Object.keys(templateOf(real).toJSON().Outputs as Json);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'ApiUrl',
        'AppUrl',
        'UserPoolId',
        'UserPoolClientId',
        'TableName',
        'FilesBucketName',
        'ContentBucketName',
        'SitesBucketName',
      ]),
    );
  });
});

describe('stage config', () => {
  it('rejects an unknown stage and defaults to dev', () => {
    expect(() => stageConfig('qa')).toThrow(/Unknown stage "qa"/);
    expect(stageConfig(undefined).stage).toBe('dev');
  });

  it('skips Google unless a client id is configured, and never holds a secret value', () => {
    expect(stageConfig('prod').google).toBeUndefined();
    expect(stageConfig('prod', { googleClientId: 'id' }).google).toEqual({
      clientId: 'id',
      clientSecretName: 'estatenet-prod/google-client-secret',
    });
  });

  it('sends invitations from -c inviteFromEmail, else from the app domain, else not at all', () => {
    expect(stageConfig('dev').inviteFromEmail).toBeUndefined();
    expect(stageConfig('prod', { inviteFromEmail: 'team@example.com' }).inviteFromEmail).toBe(
      'team@example.com',
    );
    expect(
      stageConfig('prod', { appDomain: 'app.example.com', appCertificateArn: 'arn:cert' }).inviteFromEmail,
    ).toBe('invites@app.example.com');
    expect(() => stageConfig('dev', { inviteFromEmail: 'not-an-address' })).toThrow(/not an email/);
  });

  it('requires a custom domain and its certificate together', () => {
    expect(() => stageConfig('prod', { appDomain: 'app.example.com' })).toThrow(/together/);
    expect(() => stageConfig('prod', { sitesDomain: 'sites.example.com' })).toThrow(/together/);
    expect(() => stageConfig('prod', { sitesCertificateArn: 'arn:cert' })).toThrow(/together/);
  });

  it('takes an alarm address per stage, and threat protection and the 5xx threshold from the stage', () => {
    expect(stageConfig('prod', { alarmEmail: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
    expect(stageConfig('dev').alarmEmail).toBeUndefined();
    expect(() => stageConfig('prod', { alarmEmail: 'ops' })).toThrow(/not an email/);
    expect(stageConfig('prod')).toMatchObject({ threatProtection: true, api5xxRatePercent: 1 });
    expect(stageConfig('staging')).toMatchObject({ threatProtection: false, logRetention: 30 });
    expect(stageConfig('dev')).toMatchObject({ threatProtection: false, logRetention: 7 });
  });

  it('reserves each public route’s concurrency per stage, or as -c publicRouteConcurrency says (0: none)', () => {
    expect(stageConfig('prod').publicRouteConcurrency).toBe(PUBLIC_ROUTE_CONCURRENCY.prod);
    expect(stageConfig('dev', { publicRouteConcurrency: '3' }).publicRouteConcurrency).toBe(3);
    expect(() => stageConfig('dev', { publicRouteConcurrency: 'many' })).toThrow(/not a whole number/);
    // the account keeps 100 of its default 1,000 unreserved: every stage's public routes fit with room
    const publicRoutes = manifest.filter((route) => route.auth === 'none').length;
    for (const stage of STAGES)
      expect(publicRoutes * PUBLIC_ROUTE_CONCURRENCY[stage]).toBeLessThanOrEqual(450);
    // 0 reserves nothing (a reserved concurrency of 0 would switch the function off)
    const stack = new Stack(testApp(), 'Reservation');
    const fn = new PlatformFunction(stack, 'Public', { entry: EXISTING_HANDLER, stage: stageConfig('dev') });
    reserveConcurrency(fn, 0);
    expect((fn.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions).toBeUndefined();
    reserveConcurrency(fn, 7);
    expect((fn.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions).toBe(7);
  });
});
