import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressFile } from './scripts/compress.ts';

const outDir = path.resolve(import.meta.dirname, 'dist');

/** Compresses every text asset of the browser build (scripts/compress.ts); scripts/prerender.ts its pages. */
function precompress(): Plugin {
  return {
    name: 'korrigo-precompress',
    // not for the build-time server bundle of scripts/prerender.ts, which never reaches a browser
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) precompressFile(file);
    },
  };
}

/**
 * Fails the build when the entry's static imports (the first load of every page) reach zod. It happens
 * through one import of the '@korrigo/domain' index in the shell (app/, lib/, the ui files it uses): such
 * files import the zod-free parts by path instead ('@korrigo/domain/messages', '/account', '/timings'). The
 * public site's first load has a budget (npm run bench:web, ADR 0005).
 */
function guardFirstLoad(): Plugin {
  return {
    name: 'korrigo-guard-first-load',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])),
      );
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || firstLoad.has(fileName)) return;
        firstLoad.add(fileName);
        chunk.imports.forEach(visit);
      };
      // the entry, and the app it starts (src/main.tsx imports src/app/start.tsx dynamically)
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue;
        visit(chunk.fileName);
        chunk.dynamicImports.forEach(visit);
      }
      const modules = new Set([...firstLoad].flatMap((fileName) => chunks.get(fileName)!.moduleIds));
      if (![...modules].some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))) return;
      const domainIndex = [...modules].find((id) => /packages[\\/]domain[\\/]src[\\/]index\.ts$/.test(id));
      const importers = domainIndex
        ? (this.getModuleInfo(domainIndex)?.importers ?? []).filter((id) => modules.has(id))
        : [];
      this.error(
        `zod is part of the first load of every page${importers.length ? `, through '@korrigo/domain' in ${importers.map((id) => path.relative(import.meta.dirname, id)).join(', ')}` : ''}. ` +
          `Import the zod-free parts by path there ('@korrigo/domain/messages', '/account', '/timings').`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), guardFirstLoad(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Under a strict CSP every asset must be a file of our own origin, never a data: URI.
    assetsInlineLimit: 0,
    // scripts/prerender.ts reads it to preload each pre-rendered page's own code
    manifest: true,
    // No preloading of a lazy chunk's imports from script: the helper that adds a <link> per import costs a
    // long task on a phone, right when a pre-rendered page hydrates. The browser fetches a chunk's imports
    // itself once it has the chunk (stylesheets of lazy chunks still load with them).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and the query cache in one file: every page needs all of them at once, and
          // one file loads and starts faster than the dozen pieces the bundler would cut them into.
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
