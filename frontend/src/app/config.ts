import { APP_CONFIG_PATH, type AppConfig, appConfig } from '#contracts/app-config';

let current: AppConfig | null = null;

/** Why the configuration could not be used; the error screen shows it. */
export class AppConfigError extends Error {
  override name = 'AppConfigError';
}

/**
 * Loads `/app-config.json` (region, user pool, Cognito endpoint, OAuth domain) and validates it with the
 * contract's schema. Called once before the app renders, so one build runs in every stage.
 */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchImpl(APP_CONFIG_PATH, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
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
  const parsed = appConfig.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new AppConfigError(`${APP_CONFIG_PATH} is missing or has invalid fields: ${fields}.`);
  }
  current = parsed.data;
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
