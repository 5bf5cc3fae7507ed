import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * `sendEmail` through `@aws-sdk/client-sesv2`, against a local server standing in for SES (the local
 * cloud has no SES: invitations there are handed over as links). The stand-in answers as SES v2 does
 * (REST-JSON, the error type in `x-amzn-ErrorType`), so the client's own reading of errors and its
 * retries are what is tested.
 */

interface Captured {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let endpoint: string;
const captured: Captured[] = [];
/** the next answers, in order; then 200 with a message id */
let answers: Array<{ status: number; type: string; message: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      });
      const answer = answers.shift();
      if (answer) {
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          'x-amzn-errortype': `${answer.type}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`,
        });
        response.end(JSON.stringify({ message: answer.message }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"MessageId":"m-${captured.length}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  captured.length = 0;
  answers = [];
});

async function loadEmail(from: string | undefined) {
  vi.resetModules();
  vi.stubEnv('AWS_ENDPOINT_URL_SESV2', endpoint);
  vi.stubEnv('INVITE_FROM_EMAIL', from ?? '');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('AWS_SESSION_TOKEN', '');
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  return import('./email.ts');
}

const message = {
  to: 'invitee@example.com',
  subject: 'Maya invited you to join Harbor & Pine',
  text: 'Accept: https://app.example.com/authentication/register?invite=x',
  html: '<p><a href="https://app.example.com">Accept</a></p>',
};

describe('sendEmail', () => {
  it('sends SendEmail from the configured sender, signed for ses in the region', async () => {
    const { sendEmail } = await loadEmail('invites@example.com');
    expect(await sendEmail(message)).toBe('m-1');
    const [request] = captured;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/email/outbound-emails');
    expect(request?.body).toEqual({
      FromEmailAddress: 'invites@example.com',
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            Html: { Data: message.html, Charset: 'UTF-8' },
          },
        },
      },
    });
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
    vi.unstubAllEnvs();
  });

  it('fails at once when SES refuses the message (not worth another try)', async () => {
    const { sendEmail, emailConfigured } = await loadEmail('invites@example.com');
    answers = [{ status: 400, type: 'MessageRejected', message: 'Email address is not verified.' }];
    await expect(sendEmail(message)).rejects.toMatchObject({
      name: 'EmailError',
      status: 400,
      message: 'SES SendEmail failed: 400 MessageRejected',
    });
    expect(captured).toHaveLength(1);
    expect(emailConfigured()).toBe(true);
    vi.unstubAllEnvs();
  });

  it('tries again when throttled, and fails after three attempts that SES could not serve', async () => {
    const { sendEmail } = await loadEmail('invites@example.com');
    answers = [{ status: 429, type: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' }];
    expect(await sendEmail(message)).toBe('m-2');
    expect(captured).toHaveLength(2);

    captured.length = 0;
    answers = Array.from({ length: 3 }, () => ({ status: 500, type: 'InternalFailure', message: 'failed' }));
    await expect(sendEmail(message)).rejects.toMatchObject({ name: 'EmailError', status: 500 });
    expect(captured).toHaveLength(3);
    vi.unstubAllEnvs();
  });

  it('refuses to run without a sender', async () => {
    const unconfigured = await loadEmail(undefined);
    expect(unconfigured.emailConfigured()).toBe(false);
    await expect(unconfigured.sendEmail(message)).rejects.toThrow(/no email sender/);
    expect(captured).toHaveLength(0);
    vi.unstubAllEnvs();
  });
});
