import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { changeLanguage, initI18n } from '../lib/i18n';

// Testing Library's waitFor/findBy advance fake timers only when it sees a `jest` global
// with fake timers installed; give it vitest's clock so those helpers work under vi.useFakeTimers().
(globalThis as { jest?: unknown }).jest = {
  advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
};

// How long findBy*/waitFor wait for what they look for. The default (1 s) is shorter than the first
// import of a lazy page or dialog, or a form's few renders, when both cores run test files (and
// more so on a loaded machine); one setting here rather than one per file. It changes nothing
// of what a test checks: a wait still fails when its condition never comes true, only later.
// It stays below the test timeout, so that such a failure says what was missing.
configure({ asyncUtilTimeout: 10_000 });

// happy-dom turns an element into a string by serializing it and all it holds (`outerHTML`); a
// browser answers "[object HTMLDivElement]". Popper (MUI's menus, tooltips, autocompletes) asks
// every element it measures for that string to tell a window from an element, so each open menu
// serialized the whole page several times: 7 % of a dialog-heavy test file. Answer as a browser does.
Object.defineProperty(window.Element.prototype, 'toString', {
  configurable: true,
  writable: true,
  value(this: Element) {
    return `[object ${this.constructor.name}]`;
  },
});

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
