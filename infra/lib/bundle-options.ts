import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/**
 * How a Lambda handler is bundled: ESM for Node 22 on arm64, minified, preferring packages' ESM builds
 * (`module` before `main`) so the AWS SDK tree-shakes. The CDK construct and `npm run bench` both use it.
 */
export const LAMBDA_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: false,
  mainFields: ['module', 'main'],
  // env-only credentials: the default chain's SSO/ini/IMDS providers cannot answer inside Lambda
  alias: {
    '@aws-sdk/credential-provider-node': fileURLToPath(
      new URL('../../functions/aws/lambda-credentials.ts', import.meta.url),
    ),
  },
  // CommonJS dependencies bundled into ESM still call require() for Node built-ins
  banner: {
    js: "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  },
} as const satisfies BuildOptions;
