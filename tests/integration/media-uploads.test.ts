import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { documentClient } from '#aws/dynamodb';
import { Agency, Agent } from '#platform/accounts/entities';
import { handler as uploadProfilePicture } from '../../functions/agents/upload-profile-picture.ts';
import { JPEG_1X1, jpegDeclaring } from '../fixtures/images.ts';
import { callApi, createTestAgency, createTestAgent, formBody } from '../support/agents.ts';
import { testS3 } from '../support/s3.ts';

/** Small real images (1×1 pixel) of each accepted kind. */
const JPEG = JPEG_1X1;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

const keysUnder = async (prefix: string) =>
  (
    (await testS3().send(new ListObjectsV2Command({ Bucket: config.buckets.files, Prefix: prefix })))
      .Contents ?? []
  )
    .map((object) => object.Key!)
    .sort();

const objectAt = async (key: string) => {
  const object = await testS3().send(new GetObjectCommand({ Bucket: config.buckets.files, Key: key }));
  return { contentType: object.ContentType, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
};

const picture = (bytes: Buffer, name = 'profile.jpg', type = 'image/jpeg') => [
  { field: 'files', name, bytes, type },
];

const uploadPicture = (token: string, agentId: string, files = picture(JPEG)) =>
  callApi('/api/upload-profile-picture', {
    ...formBody({ agentId, type: 'profile-picture' }, files),
    token,
  });

const uploadLogo = (token: string, fields: Record<string, string> = {}, files = picture(PNG, 'logo.png')) =>
  callApi('/api/upload-logo', { ...formBody(fields, files), token });

afterEach(() => {
  mockClient(documentClient).restore();
});

describe('POST /api/upload-profile-picture', () => {
  it('stores the image under the agent’s media folder and sets profile_picture to its URL path', async () => {
    const agent = await createTestAgent();

    const response = await uploadPicture(agent.token, agent.agentId);

    expect(response.status).toBe(200);
    const { profile_picture } = (await response.json()) as { profile_picture: string };
    expect(profile_picture).toMatch(
      new RegExp(`^/media/agents/${agent.agentId}/profile-[0-9a-f-]{36}\\.jpg$`),
    );
    expect(await objectAt(profile_picture.slice(1))).toEqual({ contentType: 'image/jpeg', bytes: JPEG });
    const profile = await (await callApi(`/api/agents/${agent.agentId}`, { token: agent.token })).json();
    expect(profile.profile_picture).toBe(profile_picture);
  });

  it('replaces the previous picture and deletes its object', async () => {
    const agent = await createTestAgent();
    const first = (await (await uploadPicture(agent.token, agent.agentId)).json()).profile_picture as string;

    const response = await uploadPicture(agent.token, agent.agentId, picture(jpegDeclaring(256, 256)));

    const second = (await response.json()).profile_picture as string;
    expect(second).toMatch(/\.jpg$/);
    expect(await keysUnder(`media/agents/${agent.agentId}/`)).toEqual([second.slice(1)]);
    expect(first).not.toBe(second);
    expect((await objectAt(second.slice(1))).contentType).toBe('image/jpeg');
  });

  it('refuses what is not a square JPEG by its bytes (PNG, WebP, a landscape JPEG) and stores nothing', async () => {
    const agent = await createTestAgent();
    for (const [bytes, name, type] of [
      [PNG, 'p.png', 'image/png'],
      [WEBP, 'blob', 'application/octet-stream'],
      [jpegDeclaring(640, 400), 'wide.jpg', 'image/jpeg'],
    ] as const) {
      const response = await uploadPicture(agent.token, agent.agentId, picture(bytes, name, type));
      expect(response.status, name).toBe(400);
      expect((await response.json()).error).toBe('The profile picture must be a square JPEG image');
    }
    expect(await keysUnder(`media/agents/${agent.agentId}/`)).toEqual([]);
    const profile = await (await callApi(`/api/agents/${agent.agentId}`, { token: agent.token })).json();
    expect(profile.profile_picture).toBeUndefined();
  });

  it('never deletes a previous picture that lies outside the agent’s own media folder', async () => {
    const other = await createTestAgent();
    const otherKey = `media/agents/${other.agentId}/profile-${randomUUID()}.jpg`;
    await testS3().send(new PutObjectCommand({ Bucket: config.buckets.files, Key: otherKey, Body: JPEG }));
    const agent = await createTestAgent({ profilePicture: `/${otherKey}` });

    const response = await uploadPicture(agent.token, agent.agentId);

    expect(response.status).toBe(200);
    expect(await keysUnder(`media/agents/${other.agentId}/`)).toEqual([otherKey]);
  });

  it('answers another agent’s id with 403 and stores nothing', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();

    const response = await uploadPicture(agent.token, other.agentId);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'You can only change your own profile picture',
      code: 'forbidden',
    });
    expect(await keysUnder(`media/agents/${other.agentId}/`)).toEqual([]);
    expect(await keysUnder(`media/agents/${agent.agentId}/`)).toEqual([]);
  });

  it('refuses bytes that are not a JPEG, PNG or WebP image, even named and typed as one', async () => {
    const agent = await createTestAgent();
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

    const text = await uploadPicture(agent.token, agent.agentId, picture(Buffer.from('<svg onload=x>')));
    const gifResponse = await uploadPicture(agent.token, agent.agentId, picture(gif, 'a.gif', 'image/gif'));
    const empty = await uploadPicture(agent.token, agent.agentId, picture(Buffer.alloc(0)));

    for (const response of [text, gifResponse, empty]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Only JPEG, PNG or WebP images can be uploaded',
        fields: { files: 'Only JPEG, PNG or WebP images can be uploaded' },
        code: 'validation_failed',
      });
    }
    expect(await keysUnder(`media/agents/${agent.agentId}/`)).toEqual([]);
  });

  it('answers a form without the file with 400 naming files', async () => {
    const agent = await createTestAgent();

    const response = await uploadPicture(agent.token, agent.agentId, []);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'A file is required',
      fields: { files: 'is required' },
      code: 'validation_failed',
    });
  });

  it.each([
    [{ type: 'profile-picture' }, 'agentId'],
    [{ agentId: 'self', type: 'logo' }, 'type'],
  ])('answers form fields %j with 400 naming %s', async (fields: Record<string, string>, field) => {
    const agent = await createTestAgent();
    const body = { ...fields, ...(fields.agentId ? { agentId: agent.agentId } : {}) };

    const response = await callApi('/api/upload-profile-picture', {
      ...formBody(body, picture(JPEG)),
      token: agent.token,
    });

    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).fields)).toEqual([field]);
  });

  it('answers an image over 5 MB with 413', async () => {
    const agent = await createTestAgent();
    const big = Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(5 * 1024 * 1024)]);

    const response = await uploadPicture(agent.token, agent.agentId, picture(big));

    expect(response.status).toBe(413);
    expect(await keysUnder(`media/agents/${agent.agentId}/`)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await callApi('/api/upload-profile-picture', {
      ...formBody({ agentId: 'x', type: 'profile-picture' }, picture(JPEG)),
    });

    expect(response.status).toBe(401);
  });

  it('removes the stored image and keeps the old picture when the profile write fails', async () => {
    const agent = await createTestAgent({ profilePicture: '/media/agents/keep/profile-old.jpg' });
    const realSend = documentClient.send.bind(documentClient) as (command: unknown) => Promise<never>;
    mockClient(documentClient).send.callsFake(async (command) => {
      if (command instanceof UpdateCommand) throw new Error('ServiceUnavailable: table estatenet-local');
      return realSend(command);
    });
    const boundary = 'fault-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="agentId"\r\n\r\n${agent.agentId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nprofile-picture\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      JPEG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    const result = (await uploadProfilePicture(
      {
        version: '2.0',
        routeKey: 'POST /api/upload-profile-picture',
        rawPath: '/api/upload-profile-picture',
        rawQueryString: '',
        headers: {
          authorization: `Bearer ${agent.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: body.toString('base64'),
        isBase64Encoded: true,
        requestContext: {} as APIGatewayProxyEventV2['requestContext'],
      },
      { functionName: 'uploadProfilePicture', awsRequestId: randomUUID() } as unknown as Context,
    )) as APIGatewayProxyStructuredResultV2;
    mockClient(documentClient).restore();

    expect(result.statusCode).toBe(500);
    expect(JSON.parse(String(result.body))).toEqual({ error: 'Internal error', code: 'internal' });
    expect(await keysUnder(`media/agents/${agent.agentId}/`)).toEqual([]);
    const after = await Agent.get({ agent_id: agent.agentId });
    expect(after?.profile_picture).toBe('/media/agents/keep/profile-old.jpg');
  });
});

describe('POST /api/upload-logo', () => {
  it('lets the agency admin set the logo, replacing and deleting the previous one', async () => {
    const { agencyId, admin } = await createTestAgency();
    const first = (await (await uploadLogo(admin.token)).json()).logo as string;

    const response = await uploadLogo(admin.token, { agencyId, type: 'logo' }, picture(JPEG));

    expect(response.status).toBe(200);
    const { logo } = (await response.json()) as { logo: string };
    expect(first).toMatch(new RegExp(`^/media/agencies/${agencyId}/logo-[0-9a-f-]{36}\\.png$`));
    expect(logo).toMatch(new RegExp(`^/media/agencies/${agencyId}/logo-[0-9a-f-]{36}\\.jpg$`));
    expect(await keysUnder(`media/agencies/${agencyId}/`)).toEqual([logo.slice(1)]);
    expect((await Agency.get({ id: agencyId }))?.logo).toBe(logo);
    const agency = await (await callApi(`/api/agencies/${agencyId}`, { token: admin.token })).json();
    expect(agency.logo).toBe(logo);
  });

  it('answers a member with 403 and stores nothing', async () => {
    const { agencyId, members } = await createTestAgency({ members: 1 });

    const response = await uploadLogo(members[0]!.token);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'Only the agency admin can change the logo',
      code: 'forbidden',
    });
    expect(await keysUnder(`media/agencies/${agencyId}/`)).toEqual([]);
  });

  it('answers another agency’s id and an agent without agency with 404', async () => {
    const mine = await createTestAgency();
    const theirs = await createTestAgency();
    const loner = await createTestAgent();

    const foreign = await uploadLogo(mine.admin.token, { agencyId: theirs.agencyId });
    const noAgency = await uploadLogo(loner.token);

    expect(foreign.status).toBe(404);
    expect(noAgency.status).toBe(404);
    expect(await keysUnder(`media/agencies/${theirs.agencyId}/`)).toEqual([]);
    expect(await keysUnder(`media/agencies/${mine.agencyId}/`)).toEqual([]);
  });

  it('refuses a file that is not an image', async () => {
    const { admin } = await createTestAgency();

    const response = await uploadLogo(
      admin.token,
      {},
      picture(Buffer.from('%PDF-1.7'), 'logo.png', 'image/png'),
    );

    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('Only JPEG, PNG or WebP images can be uploaded');
  });
});
