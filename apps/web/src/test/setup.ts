import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { changeLanguage, initI18n } from '../lib/i18n';

// Testing Library's waitFor/findBy advance fake timers only when it sees a `jest` global
// with fake timers installed; give it vitest's clock so those helpers work under vi.useFakeTimers().
(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  await changeLanguage('en');
});
