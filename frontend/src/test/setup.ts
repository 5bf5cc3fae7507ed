import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// `findBy…` and `waitFor` give up after 1 s by default; on a busy two-core machine a render that waits on
// a stubbed fetch can take longer. They still return as soon as the condition holds.
configure({ asyncUtilTimeout: 5_000 });

// The same for Vitest's own `vi.waitFor`, whose default is 1 s (a shell test waiting for a lazily loaded
// menu failed at 1.47 s beside other suites): 5 s unless a test says otherwise, still returning as soon as
// the condition holds.
const vitestWaitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  vitestWaitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 5_000, ...options },
  )) as typeof vi.waitFor;
