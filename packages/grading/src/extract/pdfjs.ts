/**
 * pdf.js for Node. Its legacy build (the one that runs on Node 20) bundles core-js polyfills, and three of
 * them replace built-ins of the whole process rather than add missing ones: `JSON.stringify` (then a replacer
 * callback runs for every key of every API response), `JSON.parse` and `Array.prototype.push`. Measured on
 * the API: that made every JSON response measurably slower. pdf.js needs none of what they add (raw JSON,
 * `source` in revivers, arrays longer than 2^53), so the built-ins are put back right after loading it. The
 * polyfills that only add what Node 20 lacks (`Promise.withResolvers`, `Uint8Array.prototype.toHex`, …) stay:
 * pdf.js calls them.
 */
const builtins = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
JSON.stringify = builtins.stringify;
JSON.parse = builtins.parse;
Array.prototype.push = builtins.push;

export const { getDocument, OPS } = pdfjs;
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
