import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { APP_CONFIG_PATH, appConfig } from '#contracts/app-config';
import { callApi } from '../support/agents.ts';
import { testS3 } from '../support/s3.ts';

/** What the app origin serves besides the app and the API: its runtime config and public media. */

describe('/app-config.json', () => {
  it('serves the runtime config the app reads before it renders, without the cookie guard', async () => {
    const cloud = inject('cloud');

    const response = await callApi(APP_CONFIG_PATH);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const config = appConfig.parse(await response.json());
    expect(config).toEqual({
      region: 'us-east-1',
      userPoolId: cloud.userPool.userPoolId,
      userPoolClientId: cloud.userPool.clientId,
      keepSignedInClientId: cloud.userPool.keepSignedInClientId,
      cognitoEndpoint: cloud.userPool.endpoint.replace('127.0.0.1', 'localhost'),
      oauthDomain: `${cloud.appUrl}/local-auth`,
      googleSignIn: true,
    });
    // the browser reaches cognito-local at that address
    const cognito = await fetch(config.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
      },
      body: '{"MaxResults":1}',
    });
    expect(cognito.status).toBe(200);
  });
});

describe('/media/* on the app origin', () => {
  const put = (key: string, body: string, contentType: string) =>
    testS3().send(
      new PutObjectCommand({
        Bucket: inject('cloud').env.FILES_BUCKET,
        Key: key,
        Body: body,
        ContentType: contentType,
      }),
    );

  it('serves objects under media/ in the files bucket with their content type, HEAD and ranges too', async () => {
    const key = `media/properties/${randomUUID()}/front view.jpg`;
    await put(key, 'jpeg-bytes', 'image/jpeg');
    const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;

    const response = await callApi(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.text()).toBe('jpeg-bytes');

    const head = await callApi(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');

    const range = await callApi(path, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('jpeg');
  });

  it('answers 404 for a missing object, never the cookie redirect', async () => {
    const response = await callApi(`/media/missing/${randomUUID()}`);

    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
  });

  it('reaches nothing outside media/: cloud files stay private', async () => {
    const secret = `cloud/${randomUUID()}/contract.pdf`;
    await put(secret, 'private', 'application/pdf');

    for (const path of [`/media/../${secret}`, `/media/..%2F${secret}`, `/media/%2e%2e/${secret}`]) {
      const response = await callApi(path);
      expect(response.status, path).not.toBe(200);
    }
    expect((await callApi(`/media/x`, { method: 'POST' })).status).toBe(405);
  });
});
