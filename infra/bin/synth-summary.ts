import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest } from '#contracts/manifest';

/**
 * Printed after `npm run synth`: what the cloud assembly holds. Route functions live in nested stacks
 * (one per handler domain) because the whole manifest passes CloudFormation's 500 resources per stack.
 */
const stage = process.argv[2] ?? 'dev';
const outDirectory = join(import.meta.dirname, '..', '..', 'cdk.out');
const stackName = `EstateNet-${stage}`;
const prefix = stackName.replace(/[^A-Za-z0-9]/g, '');

type Template = { Resources?: Record<string, { Type: string; Properties?: { Description?: string } }> };
const read = (file: string) => JSON.parse(readFileSync(join(outDirectory, file), 'utf8')) as Template;
const resourcesOf = (template: Template) => Object.values(template.Resources ?? {});

const nested = readdirSync(outDirectory).filter(
  (file) => file.startsWith(prefix) && file.endsWith('.nested.template.json'),
);
const templates = [read(`${stackName}.template.json`), ...nested.map(read)];
const all = templates.flatMap(resourcesOf);
const routeFunctions = all.filter(
  (resource) =>
    resource.Type === 'AWS::Lambda::Function' &&
    /^(GET|POST|PUT|PATCH|DELETE) \//.test(resource.Properties?.Description ?? ''),
);
const routes = all.filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route');
const triggers = all.filter(
  (resource) =>
    resource.Type === 'AWS::Lambda::Function' &&
    /^Cognito \w+ trigger/.test(resource.Properties?.Description ?? ''),
);

console.log(
  `${stackName}: ${routeFunctions.length} route Lambda functions and ${routes.length} API routes for ${manifest.length} manifest routes ` +
    `in ${nested.length} nested stacks; ` +
    `${triggers.length} Cognito trigger functions; ` +
    `${all.filter((resource) => resource.Type === 'AWS::Lambda::Function').length} Lambda functions in all.`,
);
if (routeFunctions.length !== manifest.length || routes.length !== manifest.length) process.exit(1);
