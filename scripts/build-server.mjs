#!/usr/bin/env node
// `npm run build:server`: compiles the server and the grading worker into apps/server/dist (ADR 0017 §5), for
// production processes that run plain JavaScript instead of TypeScript through tsx's loader.
//
// - One ES module bundle per process entry (server, worker) with our workspace packages (@korrigo/*) inlined;
//   every other package stays in node_modules, loaded as `npm ci` installed it.
// - The worker-thread entries of the extraction pool (extraction-worker.mjs, ocr-host.mjs) and of the grading
//   pool (grading-worker.mjs, ADR 0021) are bundles of their own under the names the pools open next to
//   themselves: in the sources those names are small loaders that register tsx first, in dist they are the
//   compiled threads.
// - The spelling configuration is copied next to the bundles, where spelling.ts looks for it.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');
const extract = path.join(root, 'packages/grading/src/extract');
const gradingPool = path.join(root, 'packages/grading/src/grading-pool');

fs.rmSync(outdir, { recursive: true, force: true });

/** bare imports stay external, except our own workspace packages, which are TypeScript sources */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@korrigo/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    server: path.join(root, 'apps/server/src/server.ts'),
    worker: path.join(root, 'apps/server/src/worker.ts'),
    'extraction-worker': path.join(extract, 'extraction-worker.ts'),
    'ocr-host': path.join(extract, 'ocr-host.ts'),
    'grading-worker': path.join(gradingPool, 'grading-worker.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  // some dependencies are CommonJS and call require(); an ES module bundle has none of its own
  banner: {
    js: "import { createRequire as __korrigoCreateRequire } from 'node:module'; const require = __korrigoCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.copyFileSync(
  path.join(root, 'packages/grading/src/language/cspell.config.json'),
  path.join(outdir, 'cspell.config.json'),
);
console.log(`server compiled to ${path.relative(root, outdir)}`);
