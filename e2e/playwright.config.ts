import { createServer, type Server } from 'node:net';
import { defineConfig } from '@playwright/test';

/** Ports the system says are free now: bind port 0 that many times, read them, close them all. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * How many journeys run at once, each worker against its own portal (docs/performance.md, journeys' two portals): a journey
 * waits on the browser and the server most of its time, so two of them fill the two cores of the
 * CI machine. E2E_WORKERS=1 runs them one after the other on one portal.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS || 2));

// E2E_PORTS (one per worker, comma-separated), or free ports chosen once, in the runner, when it
// first reads this file: the workers it starts afterwards inherit the variable and read the same
// ports (decision 27; docs/performance.md, journeys' two portals).
process.env.E2E_PORTS ||= (await freePorts(E2E_WORKERS)).join(',');
/** Each worker's portal, by its parallel index (`testInfo.parallelIndex`). */
export const PORTAL_URLS = process.env.E2E_PORTS.split(',').map((port) => `http://127.0.0.1:${Number(port)}`);
if (PORTAL_URLS.length < E2E_WORKERS) throw new Error(`E2E_PORTS names ${PORTAL_URLS.length} ports for ${E2E_WORKERS} workers`);

/** Journeys in Debian's Chromium (never a downloaded browser) against the real server. */
export default defineConfig({
  testDir: './journeys',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: E2E_WORKERS,
  // Every journey on its own: the two of one file may run on two workers, each with its portal.
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  outputDir: '../.tmp/e2e-results',
  use: {
    locale: 'en-GB',
    // As a person who asked their system for less motion (the theme honours it): a menu's backdrop
    // is gone when it closes, instead of holding the next click for its fade (docs/performance.md, journeys' two portals). The
    // sign-up and session journeys keep the motion everybody else sees.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
