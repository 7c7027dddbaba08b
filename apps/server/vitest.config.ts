import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker imports the app once for all its files instead of once per file (docs/performance.md, server tests in one import): each
    // test builds its own app on its own database, and no test replaces a module.
    isolate: false,
    // Two cores: more workers only queue behind one another.
    maxWorkers: 2,
  },
});
