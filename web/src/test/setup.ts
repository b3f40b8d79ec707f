import { afterEach } from 'vitest';

// DOM tests (`// @vitest-environment jsdom`) get jest-dom's matchers and a clean DOM and storage after each
// test; pure-logic tests run in plain Node and load none of it.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
