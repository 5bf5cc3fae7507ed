import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { defineStage } from '../lib/platform-app.ts';
import { type StageOverrides, stageConfig } from '../lib/stage-config.ts';

/** `cdk synth|deploy -c stage=dev|staging|prod`; optional `-c appDomain=… -c googleClientId=…`. */
const app = new App();

const context = (key: keyof StageOverrides): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const overrides: StageOverrides = {};
for (const key of [
  'appDomain',
  'appCertificateArn',
  'authDomainPrefix',
  'googleClientId',
  'googleClientSecretName',
  'inviteFromEmail',
  'senderPending',
  'exchangeRatesUrl',
  'sitesDomain',
  'sitesCertificateArn',
  'alarmEmail',
  'publicRouteConcurrency',
  'webAcl',
  'apiOriginDomain',
  'apiOriginCertificateArn',
] as const) {
  const value = context(key);
  if (value) overrides[key] = value;
}

const stageName: unknown = app.node.tryGetContext('stage');
let stage: ReturnType<typeof stageConfig>;
try {
  stage = stageConfig(typeof stageName === 'string' ? stageName : undefined, overrides);
  // Environment-agnostic on purpose: no lookups, so synth needs no AWS credentials (the web ACLs' stack
  // is pinned to us-east-1, where CloudFront's must be: infra/lib/platform-app.ts)
  defineStage(app, stage, { description: `EstateNet platform (${stage.stage})` });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// cdk-nag: an unsuppressed AwsSolutions error fails the synth (suppressions carry their reasons in infra/lib)
Aspects.of(app).add(new AwsSolutionsChecks());
Tags.of(app).add('project', 'estatenet');
Tags.of(app).add('stage', stage.stage);
