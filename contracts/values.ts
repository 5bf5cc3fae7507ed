/**
 * Contract values the browser needs at first paint, kept free of zod so that importing them costs the
 * login and dashboard routes nothing (tests/budgets). The schema modules re-export them.
 */

/** Where the app's runtime configuration is served (contracts/app-config.ts). */
export const APP_CONFIG_PATH = '/app-config.json';

/** The app route that receives the OAuth authorization code. */
export const OAUTH_CALLBACK_PATH = '/authentication/callback';

/** Sign-up attributes beyond email and name (custom attributes of the user pool). */
export const ACCOUNT_TYPE_ATTRIBUTE = 'custom:account_type';
export const AGENCY_NAME_ATTRIBUTE = 'custom:agency_name';
export const ACCOUNT_TYPES = ['agent', 'agency'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Image types accepted for profile pictures and agency logos (the server checks the bytes). */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Spec §3/§9 defaults. */
export const DEFAULT_BRAND_COLORS = { color1: '#1ab684', color2: '#157f58' } as const;
