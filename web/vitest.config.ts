import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { shopWords } from './shopWords';

export default defineConfig({
  plugins: [react(), shopWords()],
  test: {
    // Pure logic runs in plain Node (fast); a test that needs a DOM says so in its first line:
    // `// @vitest-environment jsdom`.
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // a test whose first import transforms a page's whole module graph ran past Vitest's default 5 s on a busy
    // two-core machine (make test runs the web tests beside the type checks)
    testTimeout: 30_000,
  },
});
