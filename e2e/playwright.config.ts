import { createServer } from 'node:net';
import { defineConfig } from '@playwright/test';

/** A port the system says is free now: bind port 0, read it, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// E2E_PORT, or a free port chosen once, in the runner, when it first reads this file: the
// workers it starts afterwards inherit the variable and read the same port (decision 27).
process.env.E2E_PORT ||= String(await freePort());
export const E2E_PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Journeys in Debian's Chromium (never a downloaded browser) against the real server. */
export default defineConfig({
  testDir: './journeys',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL: BASE_URL,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
