import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// How long `findBy*` and `waitFor` keep checking before they fail (each returns as soon as its condition holds).
// Testing Library's default is 1 s, but a component test of a route renders through lazy chunks that vitest
// transforms the first time they are imported; with two files at a time on CI's 2 cores, that alone took over a
// second, and a different test of tests/shell/app.test.tsx failed at 1.0-1.2 s in 1 of 3 full runs.
configure({ asyncUtilTimeout: 5000 });
