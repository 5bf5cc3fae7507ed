import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The last code cognito-local "sent" to an email (sign-up, resend, forgot password), read from the test
 * cloud's log (`confirmation code for <email>: <code>`, one line per code). Polls until a code newer than
 * `after` appears: pass the code you already used to wait for the next one (e.g. after a resend).
 */
export async function latestConfirmationCode(
  email: string,
  options: { after?: string; timeoutMs?: number } = {},
): Promise<string> {
  const { logFile } = inject('cloud');
  const pattern = new RegExp(`confirmation code for ${escapeRegExp(email)}: (\\S+)$`, 'gim');
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const codes = [...readFileSync(logFile, 'utf8').matchAll(pattern)].map((match) => match[1]!);
    const latest = codes.at(-1);
    const afterIndex = options.after === undefined ? -1 : codes.lastIndexOf(options.after);
    if (latest && codes.length - 1 > afterIndex) return latest;
    if (Date.now() > deadline) {
      throw new Error(
        `no confirmation code for ${email} in ${logFile} within ${options.timeoutMs ?? 10_000} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
