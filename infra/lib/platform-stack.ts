import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { type CfnStage, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type AppConfig, appConfig } from '../../contracts/app-config.ts';
import { type EventRule, eventRules } from '../../contracts/event-rules.ts';
import { type FunctionAccess, platformFunctions, SITES_ENV } from '../../contracts/function-access.ts';
import { manifest } from '../../contracts/manifest.ts';
import type { RouteDefinition } from '../../contracts/route.ts';
import { type ScheduledJob, scheduledJobs } from '../../contracts/schedules.ts';
import { type CognitoTrigger, cognitoTriggers } from '../../contracts/triggers.ts';
import { ApiOrigin } from './api-origin.ts';
import { ApiRoutes } from './api-routes.ts';
import { AppHosting } from './app-hosting.ts';
import { Auth } from './auth.ts';
import { AuthTriggers } from './auth-triggers.ts';
import { DataStores, filesBucketName } from './data-stores.ts';
import { bucketsNotifyingEventBridge, EventConsumers } from './event-consumers.ts';
import { InviteEmail } from './invite-email.ts';
import { DistributionAccessLogs, Monitoring } from './observability.ts';
import {
  type PlatformFunction,
  type PlatformResources,
  reserveConcurrency,
  type UserPoolIds,
} from './platform-function.ts';
import { ScheduledJobs } from './scheduled-jobs.ts';
import { SitesHosting } from './sites-hosting.ts';
import type { StageConfig } from './stage-config.ts';

export interface PlatformStackProps extends StackProps {
  stage: StageConfig;
  /** defaults to contracts/manifest.ts */
  routes?: readonly RouteDefinition[];
  /** defaults to contracts/event-rules.ts */
  eventRules?: readonly EventRule[];
  /** defaults to contracts/schedules.ts */
  scheduledJobs?: readonly ScheduledJob[];
  /** defaults to contracts/triggers.ts */
  cognitoTriggers?: readonly CognitoTrigger[];
  /** the ARNs of the stage's WAF web ACLs, when it has them (infra/lib/web-acl.ts, platform-app.ts) */
  webAcls?: { app: string; sites: string };
}

/**
 * The whole platform of one stage, built from the route manifest and the event rules: data stores,
 * Cognito, the HTTP API with one Lambda per route, the event consumers, and the app behind CloudFront.
 */
export class PlatformStack extends Stack {
  readonly data: DataStores;
  readonly api: HttpApi;
  readonly hosting: AppHosting;
  readonly auth: Auth;
  readonly authTriggers: AuthTriggers;
  /** what `/app-config.json` holds (with deploy-time tokens) */
  readonly appConfig: AppConfig;
  readonly routes: ApiRoutes;
  readonly consumers: EventConsumers;
  /** timer-driven functions (contracts/schedules.ts): the cloud purge */
  readonly jobs: ScheduledJobs;
  /** the SES sender of invitation emails, when the stage has one */
  readonly inviteEmail?: InviteEmail;
  /** published websites: their own distribution, host → website through a KeyValueStore */
  readonly sites: SitesHosting;
  /** alarms (one SNS topic) and the dashboard */
  readonly monitoring: Monitoring;
  /** the distributions' access logs (standard logging v2, where the stack is in us-east-1) */
  readonly distributionLogs: DistributionAccessLogs;
  /** the HTTP API's access log */
  readonly apiAccessLogs: LogGroup;
  /** how the distributions reach the API (origin-verify header, the API's domain) */
  readonly apiOrigin: ApiOrigin;

  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.data = new DataStores(this, 'Data', stage);
    // how the distributions reach the API: the origin-verify header, and the API's domain where it has one
    this.apiOrigin = new ApiOrigin(this, 'ApiOrigin', { stage, secret: this.data.secrets.originVerify });
    this.api = new HttpApi(this, 'Api', {
      apiName: `${stage.namePrefix}-api`,
      description: 'EstateNet API (one Lambda per manifest route)',
      ...this.apiOrigin.httpApiProps,
    });
    this.apiAccessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    (this.api.defaultStage!.node.defaultChild as CfnStage).accessLogSettings = {
      destinationArn: this.apiAccessLogs.logGroupArn,
      format: JSON.stringify(API_ACCESS_LOG_FORMAT),
    };
    this.hosting = new AppHosting(this, 'App', {
      stage,
      api: this.api,
      apiOrigin: this.apiOrigin.originFor(this.api),
      filesBucket: this.data.buckets.files,
      filesBucketName: filesBucketName(stage),
      accessLogs: this.data.accessLogs,
      sitesBucket: this.data.buckets.sites,
    });
    this.data.allowBrowserUploads(this.hosting.appOrigins);
    this.sites = new SitesHosting(this, 'Sites', {
      stage,
      api: this.api,
      apiOrigin: this.apiOrigin.originFor(this.api),
      bucket: this.data.buckets.sites,
      filesBucket: this.data.buckets.files,
      filesBucketName: filesBucketName(stage),
    });
    if (props.webAcls) {
      this.hosting.distribution.attachWebAclId(props.webAcls.app);
      this.sites.distribution.attachWebAclId(props.webAcls.sites);
    }
    if (stage.inviteFromEmail) {
      this.inviteEmail = new InviteEmail(this, 'InviteEmail', { stage, fromAddress: stage.inviteFromEmail });
    } else {
      Annotations.of(this).addWarningV2(
        'estatenet:invite-email',
        'No invite sender (-c inviteFromEmail or appDomain): invitations are not emailed in this stage; the inviter gets the link.',
      );
    }
    // the user pool mails its codes from the same sender (or with Cognito's own email without one)
    this.auth = new Auth(this, 'Auth', {
      stage,
      appOrigins: this.hosting.appOrigins,
      ...(this.inviteEmail ? { sender: this.inviteEmail } : {}),
    });

    const userPool: UserPoolIds = {
      userPoolId: this.auth.userPool.userPoolId,
      // the API takes the access tokens of both web clients (session and "Keep me signed in")
      userPoolClientId: this.auth.apiClientIds,
    };
    const resources: PlatformResources = {
      table: this.data.table,
      buckets: this.data.buckets,
      bus: this.data.bus,
      userPool: this.auth.userPool,
      userPoolClientId: this.auth.apiClientIds,
      appUrl: this.hosting.appUrl,
      ...(this.inviteEmail ? { inviteEmail: this.inviteEmail } : {}),
      secrets: this.data.secrets,
    };

    this.authTriggers = new AuthTriggers(this, 'AuthTriggers', {
      stage,
      triggers: props.cognitoTriggers ?? cognitoTriggers,
      userPool: this.auth.userPool,
      resources,
    });

    // the app's runtime config, next to the app (the local cloud serves the same shape)
    this.appConfig = {
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      keepSignedInClientId: this.auth.keepSignedInClient.userPoolClientId,
      cognitoEndpoint: `https://cognito-idp.${this.region}.${this.urlSuffix}`,
      oauthDomain: this.auth.domain.baseUrl(),
      googleSignIn: Boolean(stage.google),
    };
    appConfig.parse(this.appConfig);
    this.hosting.deployAppConfig(this.appConfig);

    this.routes = new ApiRoutes(this, 'Routes', {
      stage,
      api: this.api,
      apiStage: this.api.defaultStage!,
      routes: props.routes ?? manifest,
      resources,
      userPool,
    });
    // anonymous callers get a fixed share of the account's concurrency (infra/lib/stage-config.ts)
    for (const [id, route] of this.routes.definitions)
      if (route.auth === 'none')
        reserveConcurrency(this.routes.functions.get(id)!, stage.publicRouteConcurrency);
    const rules = props.eventRules ?? eventRules;
    this.data.notifyEventBridge(bucketsNotifyingEventBridge(rules));
    this.consumers = new EventConsumers(this, 'Events', {
      stage,
      bus: this.data.bus,
      rules,
      resources,
      userPool,
    });
    this.jobs = new ScheduledJobs(this, 'Jobs', {
      stage,
      jobs: props.scheduledJobs ?? scheduledJobs,
      resources,
      userPool,
    });

    this.wireSites(
      stage,
      platformFunctions({
        routes: props.routes ?? manifest,
        rules,
        jobs: props.scheduledJobs ?? scheduledJobs,
        triggers: props.cognitoTriggers ?? cognitoTriggers,
      }),
    );
    this.monitoring = new Monitoring(this, 'Monitoring', { stage, api: this.api, table: this.data.table });
    for (const fn of this.allFunctions()) this.monitoring.watchFunction(fn);
    for (const [owner, queues] of [
      [this.consumers, this.consumers.deadLetterQueues],
      [this.jobs, this.jobs.deadLetterQueues],
    ] as const) {
      for (const [name, { target, function: failed }] of queues) {
        this.monitoring.watchQueue(owner, `${name}-target`, target);
        this.monitoring.watchQueue(owner, `${name}-function`, failed);
      }
    }
    this.monitoring.finish();
    this.distributionLogs = new DistributionAccessLogs(this, 'CloudFrontLogs', {
      stage,
      bucket: this.data.accessLogs,
      distributions: { app: this.hosting.distribution, sites: this.sites.distribution },
    });
    this.suppressFindings(stage, Boolean(props.webAcls));

    const outputs: Record<string, string> = {
      ApiUrl: this.apiOrigin.urlOf(this.api),
      ...(this.apiOrigin.domain ? { ApiOriginDnsTarget: this.apiOrigin.domain.regionalDomainName } : {}),
      AppUrl: this.hosting.appUrl,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.client.userPoolClientId,
      KeepSignedInClientId: this.auth.keepSignedInClient.userPoolClientId,
      HostedUiDomain: this.auth.domain.baseUrl(),
      TableName: this.data.table.tableName,
      EventBusName: this.data.bus.eventBusName,
      FilesBucketName: this.data.buckets.files.bucketName,
      ContentBucketName: this.data.buckets.content.bucketName,
      SitesBucketName: this.data.buckets.sites.bucketName,
      AppBucketName: this.hosting.bucket.bucketName,
      SitesDistributionDomainName: this.sites.cnameTarget,
      SitesDistributionId: this.sites.distribution.distributionId,
      SiteHostsKeyValueStoreArn: this.sites.hosts.keyValueStoreArn,
      AlarmTopicArn: this.monitoring.topic.topicArn,
      DashboardName: this.monitoring.dashboard.dashboardName,
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
  }

  /** Every Lambda of the platform (routes, consumers, jobs, Cognito triggers). */
  allFunctions(): PlatformFunction[] {
    return [
      ...this.routes.functions.values(),
      ...this.consumers.functions.values(),
      ...this.jobs.functions.values(),
      ...this.authTriggers.functions.values(),
    ];
  }

  /**
   * The sites distribution's hooks into the functions that declare them (contracts/function-access.ts):
   * its domain as the CNAME target (and the stage's default website domain), invalidations of what a
   * function rewrote, the hostname store.
   */
  private wireSites(stage: StageConfig, declarations: ReadonlyMap<string, FunctionAccess>): void {
    const functions = new Map([
      ...this.routes.functions,
      ...this.consumers.functions,
      ...this.jobs.functions,
    ]);
    for (const [name, fn] of functions) {
      const variables = new Set(declarations.get(name)?.environment.map((entry) => entry.name));
      if (variables.has(SITES_ENV.cnameTarget))
        fn.fn.addEnvironment(SITES_ENV.cnameTarget, this.sites.cnameTarget);
      if (variables.has(SITES_ENV.domain) && stage.sitesDomain)
        fn.fn.addEnvironment(SITES_ENV.domain, stage.sitesDomain);
      if (variables.has(SITES_ENV.distributionId)) {
        this.sites.grantInvalidation(fn.fn);
        fn.fn.addEnvironment(SITES_ENV.distributionId, this.sites.distribution.distributionId);
      }
      if (variables.has(SITES_ENV.hostsStoreArn)) {
        this.sites.grantHostsSync(fn.fn);
        fn.fn.addEnvironment(SITES_ENV.hostsStoreArn, this.sites.hosts.keyValueStoreArn);
      }
    }
  }

  /** cdk-nag findings that are accepted, each with its reason (the rest are fixed, not suppressed). */
  private suppressFindings(stage: StageConfig, webAcls: boolean): void {
    NagSuppressions.addResourceSuppressions(
      this.routes,
      [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Every handler verifies the Cognito JWT itself (aws-jwt-verify), so AWS and the local cloud answer 401 alike; the routes the manifest marks auth: none (the billing webhook, the links people get by email or subscribe to, website contact forms) are public by design, each with a throttle of its own (infra/lib/api-throttle.ts).',
        },
      ],
      true,
    );
    const customDomain = { app: Boolean(stage.appDomain), sites: Boolean(stage.sitesDomain) };
    for (const [name, distribution] of [
      ['app', this.hosting.distribution],
      ['sites', this.sites.distribution],
    ] as const) {
      NagSuppressions.addResourceSuppressions(distribution, [
        {
          id: 'AwsSolutions-CFR1',
          reason: 'Agents and their visitors are worldwide; no country is restricted.',
        },
        ...(webAcls
          ? []
          : [
              {
                id: 'AwsSolutions-CFR2',
                reason:
                  'The stage has no WAF web ACLs (webAcl off: dev); prod and staging have them (infra/lib/web-acl.ts). The API still throttles each route and the handlers limit each sender.',
              },
            ]),
        {
          id: 'AwsSolutions-CFR3',
          reason:
            'The rule reads only the legacy Logging property, which needs an ACL-enabled bucket (ours are BucketOwnerEnforced). Standard logging v2 delivers this distribution’s access logs to the access-log bucket where the stack is deployed in us-east-1, the one region CloudWatch Logs takes CloudFront sources (infra/lib/observability.ts DistributionAccessLogs); elsewhere CloudFront’s default CloudWatch metrics and the API access log remain.',
        },
        ...(customDomain[name]
          ? []
          : [
              {
                id: 'AwsSolutions-CFR4',
                reason:
                  'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with one it uses TLSv1.2_2021 (cdk.json).',
              },
            ]),
      ]);
    }
    // CDK's own singleton functions (bucket deployments, bucket notifications, auto-delete objects)
    for (const construct of this.node.children) {
      if (
        !/^(Custom::CDKBucketDeployment|BucketNotificationsHandler|Custom::S3AutoDeleteObjects)/.test(
          construct.node.id,
        )
      )
        continue;
      NagSuppressions.addResourceSuppressions(
        construct,
        [
          { id: 'AwsSolutions-L1', reason: 'A CDK-provided function; its runtime is chosen by aws-cdk-lib.' },
          {
            id: 'AwsSolutions-IAM4',
            reason: 'A CDK-provided function with the basic execution role aws-cdk-lib gives it.',
            appliesTo: [{ regex: '/^Policy::arn:<AWS::Partition>:iam::aws:policy\\/service-role\\/.*$/' }],
          },
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'A function aws-cdk-lib provides, with the policy aws-cdk-lib writes for it: the bucket deployment copies the app into its bucket and invalidates the app distribution, the notifications handler turns on S3 → EventBridge notifications, the auto-delete handler empties a dev or staging bucket when the stack is deleted.',
            appliesTo: [{ regex: '/^(Action|Resource)::.*$/' }],
          },
        ],
        true,
      );
    }
  }
}

/** The event rule whose consumer writes published pages into the sites bucket. */
export const PAGE_REGENERATOR_RULE = 'regenerate-pages';
/** The event rule whose consumer invalidates the sites distribution after a regeneration. */
export const SITE_CACHE_INVALIDATOR_RULE = 'invalidate-site-cache';
/** The event rule whose consumer keeps the sites KeyValueStore (hostname → websiteId). */
export const HOST_SYNC_RULE = 'sync-site-hosts';

/** One JSON line per API request (CloudWatch Logs Insights reads the fields). */
export const API_ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationError: '$context.integrationErrorMessage',
};
