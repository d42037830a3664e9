import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// English is the source: its words stay in the code (SPEC's texts verbatim) and need no
// catalogue. 中文 and Melayu are catalogues loaded when a member picks them (ADR 0012).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh', 'ms'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/supabase/functions/_shared'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
