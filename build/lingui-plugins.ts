import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

// Lingui's macros keep each English message in the code (stripMessageField: false), so English
// ships no catalogue; the .po catalogues of the other languages compile on import (ADR 0012).
// Babel runs only on the files that use a macro.
const linguiMacros = defineRolldownBabelPreset({
  preset: () => ({ plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }]] }),
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

export function linguiPlugins() {
  return [lingui(), babel({ presets: [linguiMacros] })];
}
