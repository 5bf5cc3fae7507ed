import { describe, expect, it } from 'vitest';
import * as appConfigContract from '#contracts/app-config';
import * as agentSchemas from '#contracts/schemas/agents';
import * as preferenceSchemas from '#contracts/schemas/preferences';
import * as values from './contractValues.ts';

describe('contract values restated for the browser', () => {
  it('are the values the contracts define', () => {
    expect(values.APP_CONFIG_PATH).toBe(appConfigContract.APP_CONFIG_PATH);
    expect(values.OAUTH_CALLBACK_PATH).toBe(appConfigContract.OAUTH_CALLBACK_PATH);
    expect(values.ACCOUNT_TYPE_ATTRIBUTE).toBe(appConfigContract.ACCOUNT_TYPE_ATTRIBUTE);
    expect(values.AGENCY_NAME_ATTRIBUTE).toBe(appConfigContract.AGENCY_NAME_ATTRIBUTE);
    expect(values.PROFILE_IMAGE_TYPES).toEqual(agentSchemas.PROFILE_IMAGE_TYPES);
    expect(values.DEFAULT_BRAND_COLORS).toEqual(preferenceSchemas.DEFAULT_BRAND_COLORS);
  });
});
