import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web tests share a worker's jsdom and loaded modules (`isolate: false` in vitest.config.ts: a fresh
// jsdom and React per file was two thirds of their time), so what one test changes of the shared world is
// put back after it: the DOM, both storages, the clock, stubbed globals and spied-on methods.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// findBy…/waitFor wait up to 5 s instead of 1 s: on two cores busy with the other worker a result screen's
// first render alone has taken over a second. A passing wait ends as soon as it holds, so this costs nothing.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling.
window.scrollTo = () => undefined;
