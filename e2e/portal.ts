import { test as base } from '@playwright/test';
import { PORTAL_URLS } from './playwright.config';

/**
 * Playwright's `test`, with each worker's pages and requests pointed at that worker's own portal
 * (docs/performance.md, journeys' two portals): one journey's clock, sign-ins and data never reach the journey beside it.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this first argument
  baseURL: async ({}, use, testInfo) => {
    await use(portalUrlOf(testInfo.parallelIndex));
  },
});

export { expect } from '@playwright/test';

function portalUrlOf(parallelIndex: number): string {
  const url = PORTAL_URLS[parallelIndex];
  if (!url) throw new Error(`no portal for worker ${parallelIndex}`);
  return url;
}

/** The address of the portal the running journey talks to (an `origin` header, a link it expects). */
export function portalUrl(): string {
  return portalUrlOf(test.info().parallelIndex);
}
