import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { accessKeyOf, LOCAL_ACCOUNT, LOCAL_REGION, type LocalIam } from '../iam/policy.ts';

/**
 * The local DynamoDB's IAM door: in front of the emulator, each request's caller (the access key of its
 * SigV4 signature) must be allowed the operation's action on each table or index it names, as DynamoDB
 * checks its identity policy — `dynamodb:Query` on `table/<name>/index/<index>` for a query on an index,
 * every item's own action and table in a transaction, every table of a batch. A refusal answers as
 * DynamoDB does: 400 `com.amazon.coral.service#AccessDeniedException` with IAM's message. What passes is
 * forwarded unchanged.
 */

const TARGET_PREFIX = 'DynamoDB_20120810.';

interface Check {
  action: string;
  resource: string;
}

type Body = Record<string, unknown>;

const tableArn = (table: unknown) =>
  `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${String(table)}`;

/** The actions and resources one request needs (DynamoDB's authorization of each operation). */
export function checksOf(operation: string, body: Body): Check[] {
  const action = `dynamodb:${operation}`;
  switch (operation) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((body.RequestItems as Body | undefined) ?? {}).map((table) => ({
        action,
        resource: tableArn(table),
      }));
    case 'TransactWriteItems':
      return ((body.TransactItems as Body[] | undefined) ?? []).flatMap((item) => {
        const [kind, request] = Object.entries(item)[0] ?? [];
        const itemAction =
          kind === 'ConditionCheck' ? 'ConditionCheckItem' : kind === 'Put' ? 'PutItem' : `${kind}Item`;
        return [{ action: `dynamodb:${itemAction}`, resource: tableArn((request as Body)?.TableName) }];
      });
    case 'TransactGetItems':
      return ((body.TransactItems as Body[] | undefined) ?? []).map((item) => ({
        action: 'dynamodb:GetItem',
        resource: tableArn((item.Get as Body | undefined)?.TableName),
      }));
    case 'ListTables':
      return [{ action, resource: '*' }];
    default: {
      const table = tableArn(body.TableName);
      const index = typeof body.IndexName === 'string' ? `${table}/index/${body.IndexName}` : undefined;
      return [{ action, resource: index ?? table }];
    }
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** How a JSON-protocol service names its operations and refuses a call. */
export interface JsonService {
  /** `X-Amz-Target` prefix of its operations */
  targetPrefix: string;
  /** the checks of an operation; `signed` tells a SigV4-signed call from an anonymous one */
  checks: (operation: string, body: Body, signed: boolean) => Check[];
  /** the service's refusal: status, content type and body */
  denied: (message: string) => { status: number; headers: Record<string, string>; body: string };
}

/**
 * A server in front of `upstream` (an emulator's endpoint) that refuses what the caller's policy does not
 * allow, in the service's own terms, and forwards everything else unchanged.
 */
export function createJsonIamDoor(upstream: string, iam: LocalIam, service: JsonService): Server {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  const server = createServer(async (request, response) => {
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      response.destroy();
      return;
    }
    const operation = String(request.headers['x-amz-target'] ?? '');
    if (operation.startsWith(service.targetPrefix)) {
      let parsed: Body = {};
      try {
        parsed = JSON.parse(body.toString('utf8') || '{}') as Body;
      } catch {
        // the emulator answers malformed JSON itself
      }
      const authorization = request.headers.authorization;
      const accessKey = accessKeyOf(authorization);
      const checks = service.checks(
        operation.slice(service.targetPrefix.length),
        parsed,
        Boolean(authorization),
      );
      for (const check of checks) {
        const decision = iam.authorize(accessKey, check.action, check.resource);
        if (decision.allowed) continue;
        const answer = service.denied(decision.message);
        response.writeHead(answer.status, {
          ...answer.headers,
          'content-length': Buffer.byteLength(answer.body),
          'x-amzn-requestid': crypto.randomUUID(),
        });
        return response.end(answer.body);
      }
    }
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    forwarded.end(body);
  });
  server.on('close', () => agent.destroy());
  return server;
}

/** DynamoDB's door (in front of dynalite and its transactions layer). */
export const createDynamoDbIamDoor = (upstream: string, iam: LocalIam): Server =>
  createJsonIamDoor(upstream, iam, {
    targetPrefix: TARGET_PREFIX,
    checks: (operation, body) => checksOf(operation, body),
    denied: (message) => ({
      status: 400,
      headers: { 'content-type': 'application/x-amz-json-1.0' },
      body: JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: message }),
    }),
  });
