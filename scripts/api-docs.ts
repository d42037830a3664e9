// `npm run api:docs`: docs/api.md's table of calls, made from the api's OpenAPI document
// (GET /api/openapi.json, ADR 0042), between the two markers below. `--check` writes nothing and
// fails when the page is not what the document makes (tests/build/api-docs.test.ts runs it in CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { API_DOCS_PAGE, apiDocumentTable, replaceTable } from './api-docs-table.ts';

const page = fileURLToPath(new URL(`../${API_DOCS_PAGE}`, import.meta.url));
const before = readFileSync(page, 'utf8');
const after = replaceTable(before, await apiDocumentTable());

if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error(`${API_DOCS_PAGE} is not what the api's document makes: run npm run api:docs`);
    process.exit(1);
  }
  console.log(`${API_DOCS_PAGE} matches the api's document`);
} else if (after === before) {
  console.log(`${API_DOCS_PAGE} already matches the api's document`);
} else {
  writeFileSync(page, after);
  console.log(`Wrote the table of calls in ${API_DOCS_PAGE}`);
}
