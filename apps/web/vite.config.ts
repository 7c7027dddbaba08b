import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PHONE_CODES } from '../../packages/contract/src/rules/phone.ts';
import { phoneMetadataPlugin } from './config/phone-metadata.ts';

const api = 'http://localhost:3000';
const proxy = {
  '/api': { target: api, changeOrigin: false },
  '/dev/': { target: api, changeOrigin: false },
  // the calendar feed's public address (decision 35)
  '/calendar/': { target: api, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), phoneMetadataPlugin(PHONE_CODES)],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // the entry (the whole shell) is about 500 kB before compression; scripts/check-bundle.mjs keeps the real (gzipped) budgets
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: a page keeps the ones it
      // uses (building a Zod schema has no side effect), not the whole contract with Zod and
      // libphonenumber.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        // Chunks named by their hash alone: every chunk's imports name the files they load, and on a
        // slow connection the shorter names save about a kilobyte of the entry (decision 14).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // what the entry loads anyway, as one file rather than a score of small ones
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
