import { SESv2Client, SESv2ServiceException, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientSettings } from './aws-settings.ts';
import { config } from './config.ts';

/** Email through SES v2 `SendEmail` with `@aws-sdk/client-sesv2`. */

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SES refused or failed to take the message (never shown to a caller). */
export class EmailError extends Error {
  override name = 'EmailError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let client: SESv2Client | undefined;
const ses = () => {
  client ??= new SESv2Client({ ...clientSettings(), endpoint: config.endpoints.ses });
  return client;
};

/** Whether this deployment sends email at all (a sender identity is configured). */
export const emailConfigured = () => config.email.from !== undefined;

/** The SES v2 SendEmail input of a simple message. */
export function sendEmailBody(email: Email, from: string) {
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [email.to] },
    Content: {
      Simple: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: email.text, Charset: 'UTF-8' },
          Html: { Data: email.html, Charset: 'UTF-8' },
        },
      },
    },
  };
}

/**
 * Sends one email from the configured sender; answers SES's message id. Throttling, 5xx and network errors
 * are retried by the client; a refusal (unverified address, sandbox, bad request) is not.
 */
export async function sendEmail(email: Email): Promise<string> {
  const from = config.email.from;
  if (!from) throw new EmailError(0, 'no email sender is configured');
  try {
    const result = await ses().send(new SendEmailCommand(sendEmailBody(email, from)));
    return result.MessageId ?? '';
  } catch (error) {
    if (!(error instanceof SESv2ServiceException)) throw error;
    throw new EmailError(
      error.$metadata.httpStatusCode ?? 0,
      `SES SendEmail failed: ${error.$metadata.httpStatusCode} ${error.name}`,
    );
  }
}
