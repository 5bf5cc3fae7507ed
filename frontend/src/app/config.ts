import type { AppConfig } from '#contracts/app-config';
import { APP_CONFIG_PATH } from '#contracts/values';

let current: AppConfig | null = null;

/** Why the configuration could not be used; the error screen shows it. */
export class AppConfigError extends Error {
  override name = 'AppConfigError';
}

/**
 * The type of each field of the contract's `appConfig` schema the first page load needs. The optional
 * support chat widget URL is left to the live chat, which loads later (features/support/supportWidget.ts).
 */
const FIELD_TYPES: Record<Exclude<keyof AppConfig, 'supportChatWidgetUrl'>, 'string' | 'boolean'> = {
  region: 'string',
  userPoolId: 'string',
  userPoolClientId: 'string',
  keepSignedInClientId: 'string',
  cognitoEndpoint: 'string',
  oauthDomain: 'string',
  googleSignIn: 'boolean',
};

/**
 * The contract's schema checked by hand: zod would be the largest part of the first page load, for seven
 * fields. Unknown fields are dropped, as the schema does. `config.test.ts` keeps the two in step.
 */
export function parseAppConfig(body: unknown): { config: AppConfig } | { invalidFields: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { invalidFields: ['(root)'] };
  const fields = body as Record<string, unknown>;
  const keys = Object.keys(FIELD_TYPES) as (keyof typeof FIELD_TYPES)[];
  const invalidFields = keys.filter((key) => typeof fields[key] !== FIELD_TYPES[key]);
  if (invalidFields.length > 0) return { invalidFields };
  return { config: Object.fromEntries(keys.map((key) => [key, fields[key]])) as unknown as AppConfig };
}

/**
 * Loads `/app-config.json` (region, user pool, Cognito endpoint, OAuth domain) and checks it against the
 * contract. Called once before the app renders, so one build runs in every stage.
 */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  let response: Response;
  try {
    // the default cache mode, so the document's preload of it (index.html) is used; the object is
    // `Cache-Control: no-cache` (contracts/response-headers.ts), so a stored copy is always revalidated
    response = await fetchImpl(APP_CONFIG_PATH, { headers: { Accept: 'application/json' } });
  } catch {
    throw new AppConfigError(`${APP_CONFIG_PATH} could not be loaded: the server did not answer.`);
  }
  if (!response.ok) {
    throw new AppConfigError(`${APP_CONFIG_PATH} could not be loaded (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AppConfigError(`${APP_CONFIG_PATH} is not valid JSON.`);
  }
  const parsed = parseAppConfig(body);
  if ('invalidFields' in parsed) {
    const fields = parsed.invalidFields.join(', ');
    throw new AppConfigError(`${APP_CONFIG_PATH} is missing or has invalid fields: ${fields}.`);
  }
  current = parsed.config;
  return current;
}

/** The loaded configuration; the app only renders after `loadAppConfig` succeeded. */
export function getAppConfig(): AppConfig {
  if (!current) throw new AppConfigError('The app configuration has not been loaded.');
  return current;
}

/** Tests set the configuration directly. */
export function setAppConfig(config: AppConfig | null): void {
  current = config;
}
