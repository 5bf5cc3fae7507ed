import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * The handler behind every manifest route whose issue is not done yet, in AWS and in the local cloud.
 * Deliberately free of the middy stack so each planned Lambda stays a few hundred bytes.
 */
export const NOT_IMPLEMENTED_BODY = { error: 'Not implemented yet' } as const;

export const handler = async (): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 501,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(NOT_IMPLEMENTED_BODY),
});

export const PLANNED_HANDLER_FILE = 'functions/lib/planned.ts';
