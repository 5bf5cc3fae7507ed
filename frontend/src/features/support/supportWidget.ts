import { APP_CONFIG_PATH } from '#contracts/values';

/**
 * The optional third-party support chat widget (`supportChatWidgetUrl` of /app-config.json, see
 * contracts/app-config.ts). The first page load's config parser leaves it out to stay small; the live chat
 * reads it here, once, after that load. Only an https URL counts.
 */
let configured: Promise<string | null> | undefined;

export function supportChatWidgetUrl(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  configured ??= fetchImpl(APP_CONFIG_PATH, { headers: { Accept: 'application/json' } })
    .then(
      (response): Promise<{ supportChatWidgetUrl?: unknown }> =>
        response.ok ? response.json() : Promise.resolve({}),
    )
    .then(({ supportChatWidgetUrl: url }) =>
      typeof url === 'string' && /^https:\/\/\S+$/.test(url) ? url : null,
    )
    .catch(() => null);
  return configured;
}

/** Tests start from a clean slate. */
export function forgetSupportWidgetConfig(): void {
  configured = undefined;
}

export const WIDGET_SCRIPT_ATTRIBUTE = 'data-support-chat-widget';

/** Adds the widget's script to the page, once; the widget then draws its own launcher. */
export function loadSupportWidget(url: string, doc: Document = document): void {
  if (doc.querySelector(`script[${WIDGET_SCRIPT_ATTRIBUTE}]`)) return;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.setAttribute(WIDGET_SCRIPT_ATTRIBUTE, '');
  doc.body.append(script);
}
