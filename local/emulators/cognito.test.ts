import { describe, expect, it } from 'vitest';
import { type CodeDelivery, codeLogLine, createCognitoOutputParser } from './cognito.ts';

/** The box cognito-local logs for a code it would have mailed (boxen, as its ConsoleMessageSender draws it). */
const box = (email: string, code: string) =>
  [
    `╭${'─'.repeat(55)}╮`,
    `│${' '.repeat(55)}│`,
    '│   Confirmation Code Delivery                          │',
    `│${' '.repeat(55)}│`,
    '│   Username:    292be90f-ce04-4e0a-99d0-dc3975d01839   │',
    `│   Destination: ${email.padEnd(37)}│`,
    `│   Code:        ${code.padEnd(37)}│`,
    `│${' '.repeat(55)}│`,
    `╰${'─'.repeat(55)}╯`,
  ].join('\n');

/** One line of cognito-local's JSON log (local/emulators/cognito-server.cjs). */
const line = (entry: Record<string, unknown>) =>
  `${JSON.stringify({ time: 1795316013530, pid: 1, hostname: 'vm', ...entry })}\n`;

function parse(output: string, chunkSize = output.length) {
  const codes: CodeDelivery[] = [];
  const lines: string[] = [];
  const parser = createCognitoOutputParser({
    onCode: (delivery) => codes.push(delivery),
    onLog: (logged) => lines.push(logged),
  });
  for (let index = 0; index < output.length; index += chunkSize)
    parser.write(output.slice(index, index + chunkSize));
  parser.end();
  return { codes, lines };
}

describe('the cognito-local log parser', () => {
  it('turns each boxed code delivery into one code, whatever the chunking', () => {
    const output =
      line({ level: 30, msg: 'Cognito Local running on http://127.0.0.1:9229' }) +
      line({ level: 30, reqId: 'a', target: 'SignUp', msg: box('a@b.local', '225374') }) +
      line({
        level: 30,
        reqId: 'b',
        target: 'ForgotPassword',
        msg: `\u001b[33m${box('c@d.local', '319287')}\u001b[39m`,
      });

    for (const chunkSize of [output.length, 7, 1]) {
      const { codes, lines } = parse(output, chunkSize);
      expect(codes).toEqual([
        {
          destination: 'a@b.local',
          code: '225374',
          username: '292be90f-ce04-4e0a-99d0-dc3975d01839',
          operation: 'SignUp',
        },
        {
          destination: 'c@d.local',
          code: '319287',
          username: '292be90f-ce04-4e0a-99d0-dc3975d01839',
          operation: 'ForgotPassword',
        },
      ]);
      expect(lines).toEqual([]);
    }
    expect(
      codeLogLine({ destination: 'a@b.local', code: '225374', username: 'x', operation: 'SignUp' }),
    ).toBe('confirmation code for a@b.local: 225374');
  });

  it('drops client errors, keeps server errors with their message, and passes on what is not JSON', () => {
    const output =
      line({ level: 40, msg: 'Error handling target: InitiateAuth', err: { message: 'Invalid password' } }) +
      line({
        level: 50,
        msg: 'Error handling target: ConfirmSignUp',
        err: { message: 'UnexpectedLambdaException' },
      }) +
      'Error: listen EADDRINUSE: address already in use 127.0.0.1:9229\n';

    expect(parse(output).lines).toEqual([
      'cognito-local error: Error handling target: ConfirmSignUp: UnexpectedLambdaException',
      'cognito-local: Error: listen EADDRINUSE: address already in use 127.0.0.1:9229',
    ]);
  });
});
