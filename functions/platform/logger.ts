import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per container; the middy stack adds the Lambda context and request id. */
export const logger = new Logger({ serviceName: 'estatenet' });
