import { defineProject } from 'vitest/config';
import path from 'node:path';

export default defineProject({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // a screen test that renders, waits and clicks through jsdom passed vitest's 5 s default on two busy,
    // slower cores (the LTI section's copy buttons, 5.0 s): it failed for the machine, not for the code
    testTimeout: 15_000,
    isolate: false,
  },
});
