import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The PWA's layers (README "How it is built"): shared code (lib, components) knows nothing of
// features; a feature never reaches into another one or into the app; only src/app composes
// features into screens. Paths are resolved, so a relative '../../rides/...' is caught too.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: ['./src/lib', './src/components', './src/testing'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not depend on a feature or the app: move it into the feature, or compose in src/app.',
  },
  { target: './src/features', from: './src/app', message: 'Features do not import the app; the app imports features.' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in src/app (props or render slots).',
  })),
  {
    target: ['./supabase', './server'],
    from: './src',
    message: 'The api and its hosts never import the PWA; shared contracts live in supabase/functions/_shared.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'public', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, Deno: 'readonly' } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One import order everywhere, fixed by `npm run format` rather than argued in review.
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'supabase/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The shared schemas look for control characters on purpose, to refuse them.
    files: ['supabase/functions/_shared/**/*.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Tests talk to JSON answers of any shape.
    files: ['tests/**/*.ts', 'e2e/**/*.ts', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
