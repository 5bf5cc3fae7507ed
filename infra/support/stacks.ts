import { readFileSync } from 'node:fs';
import { App, Aspects, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { SynthesisMessage } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { defineStage } from '../lib/platform-app.ts';
import type { PlatformStack, PlatformStackProps } from '../lib/platform-stack.ts';
import { type StageName, type StageOverrides, stageConfig } from '../lib/stage-config.ts';
import type { EdgeStack } from '../lib/web-acl.ts';

/** The context `cdk synth` runs with (cdk.json's feature flags), without bundling or template validation. */
export function testApp(): App {
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  };
  // bundling and the built-in template validation are left to `npm run synth`; the tests check wiring
  return new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
}

export interface SynthesizedStage {
  stack: PlatformStack;
  /** the us-east-1 stack of the stage's web ACLs, where it has them (infra/lib/web-acl.ts) */
  edge?: EdgeStack;
  /** the stack's template (nested stacks: `templateOf`) */
  template: Template;
  templateOf(stack: Stack): Template;
  /** cdk-nag AwsSolutions findings: `level path: message` */
  nag: { errors: string[]; warnings: string[] };
}

const cache = new Map<string, SynthesizedStage>();

/**
 * One stage's stack, synthesized once per test file (the module cache), with cdk-nag's AwsSolutions
 * checks applied as `npm run synth` applies them (infra/bin/app.ts).
 */
export function synthesizedStage(
  stage: StageName,
  overrides: StageOverrides = {},
  props: Partial<PlatformStackProps> = {},
): SynthesizedStage {
  const key = JSON.stringify([stage, overrides, Object.keys(props)]);
  const cached = cache.get(key);
  if (cached) return cached;
  const app = testApp();
  // built as infra/bin/app.ts builds it (with the us-east-1 edge stack where the stage has web ACLs)
  const { platform: stack, edge } = defineStage(app, stageConfig(stage, overrides), props);
  Aspects.of(app).add(new AwsSolutionsChecks());
  app.synth();
  const templates = new Map<Stack, Template>();
  const templateOf = (target: Stack): Template => {
    let template = templates.get(target);
    if (!template) {
      template = Template.fromStack(target);
      templates.set(target, template);
    }
    return template;
  };
  // nested stacks report their findings into the parent stack's artifact
  const annotations = [stack, ...(edge ? [edge] : [])].map((target) => Annotations.fromStack(target));
  const pattern = Match.stringLikeRegexp('AwsSolutions-');
  const format = (message: SynthesisMessage) => `${message.id}: ${String(message.entry.data)}`;
  const synthesized: SynthesizedStage = {
    stack,
    ...(edge ? { edge } : {}),
    template: templateOf(stack),
    templateOf,
    nag: {
      errors: annotations.flatMap((of) => of.findError('*', pattern).map(format)),
      warnings: annotations.flatMap((of) => of.findWarning('*', pattern).map(format)),
    },
  };
  cache.set(key, synthesized);
  return synthesized;
}
