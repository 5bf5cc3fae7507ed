import { Names, type Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { type FunctionAccess, type GrantResource, platformFunctions } from '../contracts/function-access.ts';
import type { PlatformFunction } from './lib/platform-function.ts';
import type { PlatformStack } from './lib/platform-stack.ts';
import { synthesizedStage } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

/** Every platform function of a stack with its declaration's name. */
function functionsByName(stack: PlatformStack): Map<string, PlatformFunction> {
  return new Map([
    ...stack.routes.functions,
    ...stack.consumers.functions,
    ...stack.jobs.functions,
    ...stack.authTriggers.functions,
  ]);
}

/** Whether a policy resource points at a construct: by logical id, or the nested-stack parameter. */
function references(target: string, owner: Stack, construct: IConstruct): boolean {
  const resource = construct.node.defaultChild!;
  return (
    target.includes(`"${owner.getLogicalId(resource as never)}"`) ||
    target.includes(`referenceto${Names.uniqueId(resource)}`)
  );
}

/** The declared resource a synthesized policy resource is, or undefined (then the test fails). */
function kindOf(resource: unknown, owner: PlatformStack): string | undefined {
  const text = JSON.stringify(resource);
  // `<bucket ARN>/<prefix>*`: the object grant of a key prefix (`''`: the whole bucket)
  const objects = /"\/((?:[a-z-]+\/)*)\*"/.exec(text);
  if (references(text, owner, owner.data.table))
    return text.includes('"/index/*"') ? 'tableIndexes' : 'table';
  for (const [name, bucket] of Object.entries(owner.data.buckets))
    if (references(text, owner, bucket)) return objects ? `objects:${name}:${objects[1]}` : `bucket:${name}`;
  for (const [name, secret] of Object.entries(owner.data.secrets))
    if (references(text, owner, secret)) return `secret:${name}`;
  if (references(text, owner, owner.data.bus)) return 'bus';
  if (references(text, owner, owner.auth.userPool)) return 'userPool';
  if (owner.inviteEmail && references(text, owner, owner.inviteEmail.identity)) return 'emailIdentity';
  if (text.includes(':configuration-set/')) return 'emailConfigurationSet';
  if (text.includes(':distribution/')) return 'sitesDistribution';
  if (references(text, owner, owner.sites.hosts)) return 'siteHostsStore';
  return undefined;
}

const declaredKind = (ref: GrantResource) =>
  ref.kind === 'objects'
    ? `objects:${ref.bucket}:${ref.prefix}`
    : ref.kind === 'bucket'
      ? `bucket:${ref.bucket}`
      : ref.kind === 'secret'
        ? `secret:${ref.secret}`
        : ref.kind;
/** A statement's condition as the pair's suffix (the same in the declaration and the template). */
const conditionText = (condition: unknown) => (condition ? ` if ${JSON.stringify(condition)}` : '');

/**
 * `action on resource` pairs of the function's role, without the platform's own: tracing, dead letters and
 * its own log group (asserted in production.test.ts).
 */
function synthesizedGrants(
  fn: PlatformFunction,
  owner: PlatformStack,
  templateOf: (stack: Stack) => Template,
) {
  const stack = fn.fn.stack;
  const resources = templateOf(stack).toJSON().Resources as Record<string, Json>;
  const functionId = stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction);
  const roleId = resources[functionId]!.Properties.Role['Fn::GetAtt'][0] as string;
  const pairs: string[] = [];
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    if (!(resource.Properties.Roles as Json[]).some((role) => role.Ref === roleId)) continue;
    for (const statement of resource.Properties.PolicyDocument.Statement as Json[]) {
      const actions = [statement.Action].flat() as string[];
      if (actions.every((action) => /^(xray|sqs|logs):/.test(action))) continue;
      expect(statement.Effect).toBe('Allow');
      for (const target of [statement.Resource].flat())
        for (const action of actions)
          pairs.push(
            `${action} on ${kindOf(target, owner) ?? JSON.stringify(target)}${conditionText(statement.Condition)}`,
          );
    }
  }
  const variables = Object.keys(resources[functionId]!.Properties.Environment?.Variables ?? {}).filter(
    (name) => !/^(POWERTOOLS_|NODE_OPTIONS$)/.test(name),
  );
  return { pairs: [...new Set(pairs)].sort(), variables: variables.sort() };
}

/** What the declaration grants in a stage (statements of resources the stage has). */
function declaredGrants(access: FunctionAccess, owner: PlatformStack) {
  const pairs = access.statements
    .filter((statement) => statement.where !== 'emailSender' || owner.inviteEmail)
    .flatMap((statement) =>
      statement.resources.flatMap((ref) =>
        statement.actions.map(
          (action) => `${action} on ${declaredKind(ref)}${conditionText(statement.condition)}`,
        ),
      ),
    );
  return [...new Set(pairs)].sort();
}

describe.each([
  ['dev', {}],
  ['prod', { inviteFromEmail: 'invites@estatenet.example', sitesDomain: 'sites.estatenet.example' }],
] as const)('the %s stack', (stageName, overrides) => {
  const { stack, templateOf } = synthesizedStage(stageName, {
    ...overrides,
    ...(stageName === 'prod'
      ? { sitesCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/sites' }
      : {}),
  });
  const declared = platformFunctions();
  const built = functionsByName(stack);

  it('builds one function per declaration', () => {
    expect([...built.keys()].sort()).toEqual([...declared.keys()].sort());
  });

  it("grants each function's role exactly its declared statements and sets exactly its variables", () => {
    for (const [name, access] of declared) {
      const fn = built.get(name)!;
      const { pairs, variables } = synthesizedGrants(fn, stack, templateOf);
      expect(pairs, name).toEqual(declaredGrants(access, stack));
      const declaredNames = access.environment.map((entry) => entry.name);
      // every granted resource's variable is set; settings only where the stage has a value
      for (const entry of access.environment.filter((entry) => entry.kind === 'resource'))
        expect(variables, `${name} ${entry.name}`).toContain(entry.name);
      expect(
        variables.filter((variable) => !declaredNames.includes(variable)),
        name,
      ).toEqual([]);
    }
  });
});
