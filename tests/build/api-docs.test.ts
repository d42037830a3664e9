// docs/api.md's table of calls is what the api's own document makes (issue 39 §1): a route added,
// removed or re-described without `npm run api:docs` fails here, in CI, not in a reader's hands.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { API_DOCS_PAGE, apiDocumentTable, replaceTable, TABLE_END } from '../../scripts/api-docs-table.ts';

const page = readFileSync(fileURLToPath(new URL(`../../${API_DOCS_PAGE}`, import.meta.url)), 'utf8');

describe('docs/api.md', () => {
  it("holds the table the api's document makes", async () => {
    expect(replaceTable(page, await apiDocumentTable())).toBe(page);
  });

  it('lists every call with what it does and its answers', async () => {
    const table = await apiDocumentTable();
    expect(table).toMatch(/^\| `GET \/api\/rides\/\{id\}` \| .+ \| 200 \| 400, 404, 410 \|$/m);
    // Every call says what it does.
    expect(table).not.toMatch(/^\| `[^`]+` \| +\|/m);
    expect(() => replaceTable(`# no markers\n${TABLE_END}`, table)).toThrow(/markers/);
  });
});
