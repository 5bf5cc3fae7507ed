// cognito-local's start script, with two gaps closed so the browser gets what Cognito gives it, and a
// log the local cloud can read. Runs as cognito-local's child process (plain CommonJS: it patches
// cognito-local's CommonJS modules before the server starts). local/emulators/cognito.ts spawns it.
'use strict';

const fs = require('node:fs');
const pino = require(require.resolve('pino', { paths: [require.resolve('cognito-local')] }));
const { createDefaultServer } = require('cognito-local/lib/server');

const { Targets } = require('cognito-local/lib/targets/targets');
const errors = require('cognito-local/lib/errors');
const { attributeValue } = require('cognito-local/lib/services/userPoolService');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');

// 1. ResendConfirmationCode (cognito-local 5.3 answers "unsupported"): a new code for an unconfirmed
//    user, delivered like SignUp's, so the sign-up screen's "Resend code" works locally.
Targets.ResendConfirmationCode =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED')
      throw new errors.InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new errors.InvalidParameterError('User has no email to send the code to.');
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  };

// 2. Cognito's ID tokens carry the user's standard attributes (name, given_name, picture, ...);
//    cognito-local's carry only email and custom attributes. Add the others, as claims a
//    PreTokenGeneration trigger would add (a configured trigger still runs, and wins).
const STANDARD_CLAIMS = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
  'updated_at',
];
const generate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = function generateWithStandardClaims(ctx, user, ...rest) {
  const triggers = this.triggers;
  const withStandardClaims = {
    enabled: (name) => name === 'PreTokenGeneration' || triggers.enabled(name),
    preTokenGeneration: async (context, params) => {
      const configured = triggers.enabled('PreTokenGeneration')
        ? await triggers.preTokenGeneration(context, params)
        : undefined;
      const standard = {};
      for (const claim of STANDARD_CLAIMS) {
        const value = attributeValue(claim, user.Attributes);
        if (value !== undefined) standard[claim] = value;
      }
      const details = configured?.claimsOverrideDetails ?? {};
      return {
        ...configured,
        claimsOverrideDetails: {
          ...details,
          claimsToAddOrOverride: { ...standard, ...details.claimsToAddOrOverride },
        },
      };
    },
  };
  return generate.call(
    { clock: this.clock, tokenConfig: this.tokenConfig, triggers: withStandardClaims },
    ctx,
    user,
    ...rest,
  );
};

// 3. The log: JSON lines, each written to stdout at once. cognito-local's start script (and pino's own
//    SonicBoom destination) buffer writes to a pipe and can hold a line back until the next one is
//    logged, which delayed a confirmation code until the next request. local/emulators/cognito.ts reads
//    these lines.
const waiter = new Int32Array(new SharedArrayBuffer(4));
const stdout = {
  write(line) {
    let pending = Buffer.from(line);
    while (pending.length > 0) {
      try {
        pending = pending.subarray(fs.writeSync(1, pending));
      } catch (error) {
        // a full pipe: wait for the reader a moment
        if (error.code !== 'EAGAIN') throw error;
        Atomics.wait(waiter, 0, 0, 5);
      }
    }
  },
};
const logger = pino({ level: process.env.DEBUG ? 'debug' : 'info' }, stdout);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address();
    logger.info(`Cognito Local running on http://${address.address}:${address.port}`);
  })
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
