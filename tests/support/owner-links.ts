import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The latest owner confirmation link "emailed" to `email`: where no SES sender is configured (every local
 * cloud) the handler writes `owner confirmation link for <email>: <link>` to the log instead, which `npm
 * start` shows and the test cloud keeps in its log file. Polls until a link other than `after` appears
 * (pass the link you have to wait for the next one, after a resend). Answers the link and its token (the
 * fragment).
 */
export async function latestOwnerLink(
  email: string,
  options: { after?: string; timeoutMs?: number } = {},
): Promise<{ link: string; token: string }> {
  const { logFile } = inject('cloud');
  const pattern = new RegExp(`owner confirmation link for ${escapeRegExp(email)}: ([^"\\s]+)`, 'g');
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const links = [...readFileSync(logFile, 'utf8').matchAll(pattern)].map((match) => match[1]!);
    const latest = links.at(-1);
    if (latest && latest !== options.after) return { link: latest, token: new URL(latest).hash.slice(1) };
    if (Date.now() > deadline) throw new Error(`no owner confirmation link for ${email} in ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
