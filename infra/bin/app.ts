import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PlatformStack } from '../lib/platform-stack.ts';
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
  'exchangeRatesUrl',
  'sitesDomain',
  'sitesCertificateArn',
  'alarmEmail',
] as const) {
  const value = context(key);
  if (value) overrides[key] = value;
}

const stageName: unknown = app.node.tryGetContext('stage');
let stage: ReturnType<typeof stageConfig>;
try {
  stage = stageConfig(typeof stageName === 'string' ? stageName : undefined, overrides);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Environment-agnostic on purpose: no lookups, so synth needs no AWS credentials.
new PlatformStack(app, `EstateNet-${stage.stage}`, {
  stage,
  description: `EstateNet platform (${stage.stage})`,
});
// cdk-nag: an unsuppressed AwsSolutions error fails the synth (suppressions carry their reasons in infra/lib)
Aspects.of(app).add(new AwsSolutionsChecks());
Tags.of(app).add('project', 'estatenet');
Tags.of(app).add('stage', stage.stage);
