import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // Both cores of the 2-core CI machine: vitest's default (all cores but one) runs the files there
      // one at a time (decision 47). The tests' waits hold under that contention (src/test/setup.ts).
      // A larger machine keeps the default.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // A guard against a hang, not a measure of speed: a long form typed key by key takes several
      // seconds alone and two or three times that beside another file on a loaded machine. A test
      // that times out keeps running behind the next ones in its file, so too short a limit turns
      // one slow test into several failures.
      testTimeout: 60_000,
    },
  }),
);
