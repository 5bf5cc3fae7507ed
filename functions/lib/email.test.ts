import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * `sendEmail` speaks SES v2 SendEmail over SigV4 without the SDK client (bundle budget). Its request is
 * checked against the one `@aws-sdk/client-sesv2` sends for the same message, both caught by a local
 * server standing in for SES.
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
let answer: { status: number; body: string } = { status: 200, body: '{"MessageId":"m-1"}' };

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
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function loadEmail(from: string | undefined) {
  vi.resetModules();
  vi.stubEnv('AWS_ENDPOINT_URL_SESV2', endpoint);
  vi.stubEnv('INVITE_FROM_EMAIL', from ?? '');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
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
  it('sends the request the SES v2 SDK sends, signed for ses in the region', async () => {
    const { sendEmail } = await loadEmail('invites@example.com');
    captured.length = 0;

    const messageId = await sendEmail(message);
    const sdk = new SESv2Client({
      endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    await sdk.send(
      new SendEmailCommand({
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
      }),
    );

    expect(messageId).toBe('m-1');
    const [ours, theirs] = captured;
    expect(ours?.method).toBe(theirs?.method);
    expect(ours?.path).toBe(theirs?.path);
    expect(ours?.body).toEqual(theirs?.body);
    expect(ours?.headers['content-type']).toBe('application/json');
    expect(ours?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
    vi.unstubAllEnvs();
  });

  it('fails without retrying when SES refuses the message, and refuses to run without a sender', async () => {
    const { sendEmail, emailConfigured } = await loadEmail('invites@example.com');
    captured.length = 0;
    answer = { status: 400, body: '{"message":"Email address is not verified."}' };

    await expect(sendEmail(message)).rejects.toMatchObject({ name: 'EmailError', status: 400 });
    expect(captured).toHaveLength(1);
    expect(emailConfigured()).toBe(true);
    answer = { status: 200, body: '{"MessageId":"m-1"}' };

    const unconfigured = await loadEmail(undefined);
    expect(unconfigured.emailConfigured()).toBe(false);
    await expect(unconfigured.sendEmail(message)).rejects.toThrow(/no email sender/);
    vi.unstubAllEnvs();
  });
});
