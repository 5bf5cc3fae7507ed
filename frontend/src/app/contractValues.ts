import type * as appConfigContract from '#contracts/app-config';
import type * as agentSchemas from '#contracts/schemas/agents';
import type * as preferenceSchemas from '#contracts/schemas/preferences';

/**
 * Values the contracts define next to their zod schemas, restated for the browser: importing them from
 * those modules would bring zod into the first page load. Each is typed with the contract's own literal
 * type, so tsc fails the moment a contract value changes (contractValues.test.ts compares them too).
 */
export const APP_CONFIG_PATH: typeof appConfigContract.APP_CONFIG_PATH = '/app-config.json';
export const OAUTH_CALLBACK_PATH: typeof appConfigContract.OAUTH_CALLBACK_PATH = '/authentication/callback';
export const ACCOUNT_TYPE_ATTRIBUTE: typeof appConfigContract.ACCOUNT_TYPE_ATTRIBUTE = 'custom:account_type';
export const AGENCY_NAME_ATTRIBUTE: typeof appConfigContract.AGENCY_NAME_ATTRIBUTE = 'custom:agency_name';

export const PROFILE_IMAGE_TYPES: typeof agentSchemas.PROFILE_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
];

export const DEFAULT_BRAND_COLORS: typeof preferenceSchemas.DEFAULT_BRAND_COLORS = {
  color1: '#1ab684',
  color2: '#157f58',
};
