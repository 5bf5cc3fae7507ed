import type { Server } from 'node:http';
import { LOCAL_ACCOUNT, LOCAL_REGION, type LocalIam } from '../iam/policy.ts';
import { createJsonIamDoor } from './dynamodb-iam.ts';

/**
 * The local Cognito's IAM door, in front of cognito-local: a SigV4-signed call (the admin API our
 * functions would use: AdminGetUser, AdminCreateUser, ListUsers…) needs `cognito-idp:<Operation>` on the
 * user pool it names, as Cognito checks its caller's identity policy; the unsigned public API (sign-up,
 * sign-in, the browser's calls) needs no IAM, as in AWS. A refusal answers as Cognito does: 400
 * `AccessDeniedException` with IAM's message.
 */
export const createCognitoIamDoor = (upstream: string, iam: LocalIam): Server =>
  createJsonIamDoor(upstream, iam, {
    targetPrefix: 'AWSCognitoIdentityProviderService.',
    checks: (operation, body, signed) =>
      signed
        ? [
            {
              action: `cognito-idp:${operation}`,
              resource:
                typeof body.UserPoolId === 'string'
                  ? `arn:aws:cognito-idp:${LOCAL_REGION}:${LOCAL_ACCOUNT}:userpool/${body.UserPoolId}`
                  : '*',
            },
          ]
        : [],
    denied: (message) => ({
      status: 400,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'AccessDeniedException' },
      body: JSON.stringify({ __type: 'AccessDeniedException', message }),
    }),
  });
