import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/fakes.ts';
import { AppConfigError, getAppConfig, loadAppConfig, setAppConfig } from './config.ts';

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
