import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '#contracts/app-config';
import { testConfig } from '../test/fakes.ts';
import { AppConfigError, getAppConfig, loadAppConfig, parseAppConfig, setAppConfig } from './config.ts';

const respond = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

afterEach(() => setAppConfig(null));

describe('runtime configuration', () => {
  it('loads /app-config.json and validates it with the contract schema', async () => {
    const fetchMock = respond(200, JSON.stringify(testConfig));
    await expect(loadAppConfig(fetchMock as typeof fetch)).resolves.toEqual(testConfig);
    expect(fetchMock).toHaveBeenCalledWith('/app-config.json', expect.anything());
    expect(getAppConfig()).toEqual(testConfig);
  });

  it.each([
    ['missing', respond(404, 'Not found'), /could not be loaded \(HTTP 404\)/],
    ['not JSON', respond(200, '<html>'), /is not valid JSON/],
    ['incomplete', respond(200, JSON.stringify({ region: 'x' })), /invalid fields: userPoolId/],
  ])('explains a %s configuration', async (_case, fetchMock, message) => {
    const failure = await loadAppConfig(fetchMock as typeof fetch).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppConfigError);
    expect((failure as Error).message).toMatch(message);
    expect(() => getAppConfig()).toThrow(AppConfigError);
  });
});

describe('the hand-written check', () => {
  const value = fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null), fc.array(fc.string()));
  type FirstLoadField = Exclude<keyof typeof testConfig, 'supportChatWidgetUrl'>;
  const fieldOf = (key: FirstLoadField) =>
    fc.oneof(
      fc.constant(testConfig[key]),
      typeof testConfig[key] === 'string' ? fc.string() : fc.boolean(),
      value,
    );
  const candidate = fc.record(
    {
      region: fieldOf('region'),
      userPoolId: fieldOf('userPoolId'),
      userPoolClientId: fieldOf('userPoolClientId'),
      keepSignedInClientId: fieldOf('keepSignedInClientId'),
      cognitoEndpoint: fieldOf('cognitoEndpoint'),
      oauthDomain: fieldOf('oauthDomain'),
      googleSignIn: fieldOf('googleSignIn'),
      extra: value,
    },
    {
      requiredKeys: [
        'region',
        'userPoolId',
        'userPoolClientId',
        'keepSignedInClientId',
        'cognitoEndpoint',
        'oauthDomain',
        'googleSignIn',
      ],
    },
  );
  // about one candidate in six is valid; some lose a field
  const withMissingField = fc
    .tuple(candidate, fc.option(fc.constantFrom(...(Object.keys(testConfig) as FirstLoadField[]))))
    .map(([body, missing]) => {
      if (missing) delete body[missing];
      return body;
    });

  it('accepts and rejects what the contract schema does, and keeps the same fields', () => {
    fc.assert(
      fc.property(fc.oneof(withMissingField, value), (body) => {
        const ours = parseAppConfig(body);
        const contract = appConfig.safeParse(body);
        expect('config' in ours).toBe(contract.success);
        if ('config' in ours) expect(ours.config).toEqual(contract.data);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the optional support chat widget URL to the live chat, which reads it after the first load', () => {
    const body = { ...testConfig, supportChatWidgetUrl: 'https://widget.example/chat.js' };
    expect(appConfig.parse(body).supportChatWidgetUrl).toBe('https://widget.example/chat.js');
    expect(parseAppConfig(body)).toEqual({ config: testConfig });
  });
});
