import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default; on a busy two-core machine a render that waits on
// a stubbed fetch can take longer. They still return as soon as the condition holds.
configure({ asyncUtilTimeout: 5_000 });
