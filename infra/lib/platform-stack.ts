import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import { type AppConfig, appConfig } from '../../contracts/app-config.ts';
import { manifest } from '../../contracts/manifest.ts';
import type { RouteDefinition } from '../../contracts/route.ts';
import { type CognitoTrigger, cognitoTriggers } from '../../contracts/triggers.ts';
import { type EventRule, eventRules } from '../../events/rules.ts';
import { type ScheduledJob, scheduledJobs } from '../../events/schedules.ts';
import { ApiRoutes } from './api-routes.ts';
import { AppHosting } from './app-hosting.ts';
import { Auth } from './auth.ts';
import { AuthTriggers } from './auth-triggers.ts';
import { DataStores, filesBucketName } from './data-stores.ts';
import { bucketsNotifyingEventBridge, EventConsumers } from './event-consumers.ts';
import { InviteEmail } from './invite-email.ts';
import type { PlatformResources, UserPoolIds } from './platform-function.ts';
import { ScheduledJobs } from './scheduled-jobs.ts';
import type { StageConfig } from './stage-config.ts';

export interface PlatformStackProps extends StackProps {
  stage: StageConfig;
  /** defaults to contracts/manifest.ts */
  routes?: readonly RouteDefinition[];
  /** defaults to events/rules.ts */
  eventRules?: readonly EventRule[];
  /** defaults to events/schedules.ts */
  scheduledJobs?: readonly ScheduledJob[];
  /** defaults to contracts/triggers.ts */
  cognitoTriggers?: readonly CognitoTrigger[];
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
  /** timer-driven functions (events/schedules.ts): the cloud purge */
  readonly jobs: ScheduledJobs;
  /** the SES sender of invitation emails, when the stage has one */
  readonly inviteEmail?: InviteEmail;

  constructor(scope: Construct, id: string, props: PlatformStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.data = new DataStores(this, 'Data', stage);
    this.api = new HttpApi(this, 'Api', {
      apiName: `${stage.namePrefix}-api`,
      description: 'EstateNet API (one Lambda per manifest route)',
    });
    this.hosting = new AppHosting(this, 'App', {
      stage,
      api: this.api,
      filesBucket: this.data.buckets.files,
      filesBucketName: filesBucketName(stage),
    });
    this.data.allowBrowserUploads(this.hosting.appOrigins);
    this.auth = new Auth(this, 'Auth', { stage, appOrigins: this.hosting.appOrigins });

    const userPool: UserPoolIds = {
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
    };
    if (stage.inviteFromEmail) {
      this.inviteEmail = new InviteEmail(this, 'InviteEmail', { stage, fromAddress: stage.inviteFromEmail });
    } else {
      Annotations.of(this).addWarningV2(
        'estatenet:invite-email',
        'No invite sender (-c inviteFromEmail or appDomain): invitations are not emailed in this stage; the inviter gets the link.',
      );
    }
    const resources: PlatformResources = {
      table: this.data.table,
      buckets: this.data.buckets,
      bus: this.data.bus,
      userPool: this.auth.userPool,
      userPoolClientId: this.auth.client.userPoolClientId,
      appUrl: this.hosting.appUrl,
      ...(this.inviteEmail ? { inviteEmail: this.inviteEmail } : {}),
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
      cognitoEndpoint: `https://cognito-idp.${this.region}.${this.urlSuffix}`,
      oauthDomain: this.auth.domain.baseUrl(),
      googleSignIn: Boolean(stage.google),
    };
    appConfig.parse(this.appConfig);
    this.hosting.deployAppConfig(this.appConfig);

    this.routes = new ApiRoutes(this, 'Routes', {
      stage,
      api: this.api,
      routes: props.routes ?? manifest,
      resources,
      userPool,
    });
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

    const outputs: Record<string, string> = {
      ApiUrl: this.api.apiEndpoint,
      AppUrl: this.hosting.appUrl,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.client.userPoolClientId,
      HostedUiDomain: this.auth.domain.baseUrl(),
      TableName: this.data.table.tableName,
      EventBusName: this.data.bus.eventBusName,
      FilesBucketName: this.data.buckets.files.bucketName,
      ContentBucketName: this.data.buckets.content.bucketName,
      SitesBucketName: this.data.buckets.sites.bucketName,
      AppBucketName: this.hosting.bucket.bucketName,
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
  }
}
