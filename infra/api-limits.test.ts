import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { manifest } from '../contracts/manifest.ts';
import { requiresToken } from '../contracts/route.ts';
import { HTTP_API_INTEGRATION_TIMEOUT_MS } from '../local/api-gateway.ts';
import { routeDomain } from './lib/api-routes.ts';
import {
  ACCOUNT_THROTTLE,
  DEFAULT_ROUTE_THROTTLE,
  PUBLIC_ROUTE_THROTTLE_MAX,
  routeKey,
} from './lib/api-throttle.ts';
import { STAGES } from './lib/stage-config.ts';
import { synthesizedStage } from './support/stacks.ts';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked by key, checked by the assertions
type Json = Record<string, any>;

const throttled = manifest.filter((route) => route.throttle);
const publicRoutes = manifest.filter((route) => !requiresToken(route));

/** The HTTP API's $default stage resource of a stage's template, with its logical id. */
function apiStage(stage: (typeof STAGES)[number]) {
  const { template, stack } = synthesizedStage(stage);
  const stages = Object.entries(template.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Json>);
  expect(stages).toHaveLength(1);
  const [logicalId, resource] = stages[0]!;
  return { logicalId, resource, template, stack };
}

describe('API throttling', () => {
  it('gives every stage a default route throttle within the account’s, prod the largest', () => {
    for (const stage of STAGES) {
      const { rate, burst } = DEFAULT_ROUTE_THROTTLE[stage];
      expect(rate, stage).toBeLessThanOrEqual(ACCOUNT_THROTTLE.rate);
      expect(burst, stage).toBeLessThanOrEqual(ACCOUNT_THROTTLE.burst);
      expect(rate, stage).toBeLessThanOrEqual(DEFAULT_ROUTE_THROTTLE.prod.rate);
    }
  });

  it('throttles every public route tighter than any stage’s default, within the public maximum', () => {
    expect(publicRoutes.length).toBeGreaterThan(0);
    const lowestRate = Math.min(...STAGES.map((stage) => DEFAULT_ROUTE_THROTTLE[stage].rate));
    const lowestBurst = Math.min(...STAGES.map((stage) => DEFAULT_ROUTE_THROTTLE[stage].burst));
    for (const route of publicRoutes) {
      expect(route.throttle, route.id).toBeDefined();
      expect(route.throttle!.rate, route.id).toBeLessThan(lowestRate);
      expect(route.throttle!.burst, route.id).toBeLessThan(lowestBurst);
      expect(route.throttle!.rate, route.id).toBeLessThanOrEqual(PUBLIC_ROUTE_THROTTLE_MAX.rate);
      expect(route.throttle!.burst, route.id).toBeLessThanOrEqual(PUBLIC_ROUTE_THROTTLE_MAX.burst);
    }
  });

  it.each(['dev', 'prod'] as const)(
    'gives each public route its own RouteSettings on the %s stage, with its manifest numbers',
    (stage) => {
      const { resource } = apiStage(stage);
      const settings = resource.Properties.RouteSettings as Record<string, Json>;
      for (const route of publicRoutes) {
        expect(settings[routeKey(route)], route.id).toEqual({
          ThrottlingRateLimit: route.throttle!.rate,
          ThrottlingBurstLimit: route.throttle!.burst,
        });
      }
    },
  );

  it.each(['dev', 'prod'] as const)(
    'sets the %s stage’s default route throttle on the HTTP API stage',
    (stage) => {
      const { resource } = apiStage(stage);
      expect(resource.Properties.StageName).toBe('$default');
      expect(resource.Properties.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: DEFAULT_ROUTE_THROTTLE[stage].rate,
        ThrottlingBurstLimit: DEFAULT_ROUTE_THROTTLE[stage].burst,
      });
      // the access log set on the same stage is kept
      expect(resource.Properties.AccessLogSettings).toBeDefined();
    },
  );

  it('sets each manifest route’s own throttle under its route key, and only those', () => {
    const { resource } = apiStage('dev');
    expect(resource.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        throttled.map((route) => [
          routeKey(route),
          { ThrottlingRateLimit: route.throttle!.rate, ThrottlingBurstLimit: route.throttle!.burst },
        ]),
      ),
    );
  });

  it('creates the stage after the routes its RouteSettings name (CloudFormation refuses unknown keys)', () => {
    const { resource, stack } = apiStage('dev');
    const routes = synthesizedStage('dev').stack.routes;
    const dependsOn = new Set<string>(resource.DependsOn ?? []);
    for (const route of throttled) {
      const nested = routes.stacks.get(routeDomain(route))!;
      const nestedResource = nested.nestedStackResource!;
      expect(dependsOn, route.id).toContain(Stack.of(stack).getLogicalId(nestedResource as never));
      const apiRoutes = synthesizedStage('dev')
        .templateOf(nested)
        .findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey(route) } });
      expect(Object.keys(apiRoutes), route.id).toHaveLength(1);
    }
  });
});

describe('API integration timeout', () => {
  it('leaves every route integration at HTTP API’s 30 s (the local gateway’s), above every function’s timeout', () => {
    const { stack, templateOf } = synthesizedStage('dev');
    let integrations = 0;
    for (const nested of stack.routes.stacks.values()) {
      const template = templateOf(nested);
      for (const integration of Object.values(
        template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Json>,
      )) {
        integrations += 1;
        // absent: HTTP API's default, 30 s
        expect(integration.Properties.TimeoutInMillis ?? 30_000).toBe(HTTP_API_INTEGRATION_TIMEOUT_MS);
      }
      for (const fn of Object.values(
        template.findResources('AWS::Lambda::Function') as Record<string, Json>,
      )) {
        expect(fn.Properties.Timeout * 1000).toBeLessThan(HTTP_API_INTEGRATION_TIMEOUT_MS);
      }
    }
    expect(integrations).toBe(manifest.length);
  });
});
