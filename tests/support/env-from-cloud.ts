import { inject } from 'vitest';

// Point the AWS SDK clients of the code under test at the project's local cloud before anything imports
// functions/ (its configuration is read once at import, as in a Lambda container).
Object.assign(process.env, inject('cloud').env);
