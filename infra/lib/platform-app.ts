import { type App, Fn } from 'aws-cdk-lib';
import { PlatformStack, type PlatformStackProps } from './platform-stack.ts';
import type { StageConfig } from './stage-config.ts';
import { EDGE_OUTPUTS, EDGE_REGION, EdgeStack } from './web-acl.ts';

/** The stacks of one stage: the platform, and its us-east-1 edge stack where the stage has web ACLs. */
export interface StageStacks {
  platform: PlatformStack;
  edge?: EdgeStack;
}

/**
 * Builds a stage's stacks in `app` (infra/bin/app.ts, and the infra tests the same way). With web ACLs, the
 * edge stack in us-east-1 holds them and the platform stack names them by `Fn::GetStackOutput` of the edge
 * stack's outputs in us-east-1: a weak reference across Regions that needs no export, no custom resource,
 * and no Region of the platform stack's own (it stays environment-agnostic: synth needs no AWS credentials).
 * The platform stack is deployed after the edge stack.
 */
export function defineStage(
  app: App,
  stage: StageConfig,
  props: Partial<Omit<PlatformStackProps, 'stage'>> = {},
): StageStacks {
  const id = `EstateNet-${stage.stage}`;
  if (!stage.webAcl) return { platform: new PlatformStack(app, id, { ...props, stage }) };
  const edge = new EdgeStack(app, `${id}-edge`, {
    stage,
    description: `EstateNet edge (${stage.stage}): the distributions' WAF web ACLs`,
  });
  const platform = new PlatformStack(app, id, {
    ...props,
    stage,
    webAcls: {
      app: Fn.getStackOutput(edge.stackName, EDGE_OUTPUTS.app, EDGE_REGION),
      sites: Fn.getStackOutput(edge.stackName, EDGE_OUTPUTS.sites, EDGE_REGION),
    },
  });
  platform.addStackDependency(edge, 'its distributions name the web ACLs of the edge stack');
  return { platform, edge };
}
