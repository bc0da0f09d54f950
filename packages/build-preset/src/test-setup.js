// @ts-check
// The unit tests' setup (unit-tests.js). A program that names this module in its `types` (a
// slice's own repository) gets jest-dom's matchers on Vitest's expect, as the setup does.
/// <reference types="@testing-library/jest-dom/vitest" preserve="true" />
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Testing Library loads React DOM's client, which looks for a DOM once, as it loads: tests in the
// node environment (those that render as a server first) load it themselves once they have one.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
