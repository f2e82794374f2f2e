import { expect, it } from 'vitest';

it('leaves the process its own JSON and Array built-ins after loading pdf.js', async () => {
  // core-js makes its polyfills print as "[native code]", so identity is the only check that tells them apart
  const builtins = [JSON.stringify, JSON.parse, Array.prototype.push];
  const { getDocument } = await import('./pdfjs');
  expect(typeof getDocument).toBe('function');
  expect([JSON.stringify, JSON.parse, Array.prototype.push]).toEqual(builtins);
});
