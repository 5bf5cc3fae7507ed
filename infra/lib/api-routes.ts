import { Duration, NestedStack } from 'aws-cdk-lib';
import {
  type CfnStage,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../contracts/route.ts';
import { routeKey as keyOf } from './api-throttle.ts';
import {
  grantResources,
  MAX_API_TIMEOUT,
  PlatformFunction,
  type PlatformResources,
  type UserPoolIds,
} from './platform-function.ts';
import type { StageConfig } from './stage-config.ts';

export interface ApiRoutesProps {
  stage: StageConfig;
  api: IHttpApi;
  /** the stage the routes are served on; it gets the stage's and the routes' throttles */
  apiStage: IHttpStage;
  routes: readonly RouteDefinition[];
  resources: PlatformResources;
  userPool: UserPoolIds;
}

/** `functions/<domain>/<operation>.ts` → `<domain>`; the domain names the nested stack of the route. */
export function routeDomain(route: RouteDefinition): string {
  const match = /^functions\/([a-z0-9-]+)\/[^/]+\.ts$/.exec(route.handler);
  if (!match?.[1])
    throw new Error(`Route ${route.id}: handler ${route.handler} is not functions/<domain>/<op>.ts`);
  return match[1];
}

/** Construct id of a route's function, e.g. `Route-listAgents`. */
export const routeFunctionId = (route: RouteDefinition): string => `Route-${route.id}`;

/** The route's own timeout, if it sets one; the default is 10 s and the HTTP API caps it at 29 s. */
function routeTimeout(route: RouteDefinition): Duration | undefined {
  return route.timeoutSeconds === undefined ? undefined : Duration.seconds(route.timeoutSeconds);
}

/**
 * One Lambda and one HTTP API route per manifest entry. Routes are grouped by domain into nested stacks:
 * each route costs about seven CloudFormation resources, so the whole manifest would pass the 500
 * resources a stack may hold, and grouping by domain keeps a route in the same nested stack when the
 * manifest is reordered.
 */
export class ApiRoutes extends Construct {
  /** by route id */
  readonly functions = new Map<string, PlatformFunction>();
  /** by domain */
  readonly stacks = new Map<string, NestedStack>();
  /** the manifest entry of each route, by route id */
  readonly definitions = new Map<string, RouteDefinition>();

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    const seen = new Set<string>();

    for (const route of props.routes) {
      const routeKey = keyOf(route);
      if (seen.has(routeKey)) throw new Error(`Route ${route.id}: ${routeKey} is declared twice`);
      seen.add(routeKey);
      if (this.functions.has(route.id)) throw new Error(`Route id ${route.id} is declared twice`);

      const domain = routeDomain(route);
      let domainStack = this.stacks.get(domain);
      if (!domainStack) {
        domainStack = new NestedStack(this, domain, {
          description: `${props.stage.namePrefix} API routes of functions/${domain}`,
        });
        this.stacks.set(domain, domainStack);
      }

      const timeout = routeTimeout(route);
      const fn = new PlatformFunction(domainStack, routeFunctionId(route), {
        entry: route.handler,
        description: routeKey,
        stage: props.stage,
        userPool: props.userPool,
        ...(timeout ? { timeout } : {}),
        maxTimeout: MAX_API_TIMEOUT,
      });
      grantResources(fn, route.resources, props.resources);

      new HttpRoute(domainStack, `HttpRoute-${route.id}`, {
        httpApi: props.api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn.fn),
      });
      this.functions.set(route.id, fn);
      this.definitions.set(route.id, route);
    }
    this.throttle(props.apiStage, props.stage, props.routes);
  }

  /**
   * The stage's default route throttle (DefaultRouteSettings: each route its own bucket) and each route's
   * own throttle (RouteSettings, by route key). CloudFormation refuses RouteSettings naming a route that
   * does not exist yet, so the stage waits for the nested stacks holding those routes.
   */
  private throttle(apiStage: IHttpStage, stage: StageConfig, routes: readonly RouteDefinition[]): void {
    const cfnStage = apiStage.node.defaultChild as CfnStage;
    cfnStage.defaultRouteSettings = {
      ...(cfnStage.defaultRouteSettings as CfnStage.RouteSettingsProperty | undefined),
      throttlingRateLimit: stage.apiThrottle.rate,
      throttlingBurstLimit: stage.apiThrottle.burst,
    };
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of routes) {
      if (!route.throttle) continue;
      // RouteSettings is a JSON map, written as CloudFormation spells it
      routeSettings[keyOf(route)] = {
        ThrottlingRateLimit: route.throttle.rate,
        ThrottlingBurstLimit: route.throttle.burst,
      };
      apiStage.node.addDependency(this.stacks.get(routeDomain(route))!);
    }
    if (Object.keys(routeSettings).length) cfnStage.routeSettings = routeSettings;
  }
}
