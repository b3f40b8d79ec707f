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

// both catalogues at hand, as a page has the one it is read in before it renders
const { loadLanguage } = await import('../i18n');
await Promise.all([loadLanguage('en'), loadLanguage('de')]);
