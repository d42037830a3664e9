import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'public', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, Deno: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
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
