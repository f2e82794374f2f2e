import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import noQueryOutsideTransaction from './scripts/lint/no-query-outside-transaction.mjs';

// Features do not import each other (ARCHITECTURE.md §1): shared code moves down to components/ or lib/.
const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((name) => fs.statSync(path.join(featuresDir, name)).isDirectory())
  : [];
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message: 'Features importieren einander nicht: Gemeinsames gehört nach components/ oder lib/.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports only into files it can parse: our TypeScript sources too
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // import-x's own resolver (unrs-resolver): TypeScript sources, the workspaces through node_modules
      // (their package.json exports point at src/*.ts), and the web's '@/' alias from apps/web/tsconfig.json.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          alias: { '@': [path.resolve(import.meta.dirname, 'apps/web/src')] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
      // A module never reaches itself through its imports: a cycle means a piece belongs lower down.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Inside a transaction every query goes through it (issue 31: on PGlite's one connection anything else
    // waits for the transaction for good). The rule and its cases: scripts/lint/.
    files: ['apps/server/**/*.ts'],
    plugins: { korrigo: { rules: { 'no-query-outside-transaction': noQueryOutsideTransaction } } },
    rules: { 'korrigo/no-query-outside-transaction': 'error' },
  },
  {
    // The domain package runs in the browser and on the server alike.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*'] }],
    },
  },
);
