// The table of calls docs/api.md holds, made from the api's own OpenAPI document: one section per
// tag, one row per call with what it does, its success answers and the statuses it may refuse
// with. The document is made the way GET /api/openapi.json makes it; no database is opened.
import { createApp } from '../supabase/functions/api/app.ts';
import type { ApiOptions } from '../supabase/functions/api/lib/env.ts';

export const API_DOCS_PAGE = 'docs/api.md';
export const TABLE_START = '<!-- api:docs start: made by npm run api:docs from GET /api/openapi.json -->';
export const TABLE_END = '<!-- api:docs end -->';

interface Operation {
  tags?: string[];
  summary?: string;
  responses: Record<string, unknown>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
}

// Making the document reads no row: a database that is never asked is enough.
const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error('api:docs opens no database');
    },
  },
);

async function apiDocument(): Promise<Document> {
  const options = {
    database: noDatabase,
    adminUsername: 'admin',
    sessionTransport: 'cookie',
    allowedOrigins: [],
    clientAddress: () => null,
  } as unknown as ApiOptions;
  const answer = await createApp(options).request('/api/openapi.json');
  if (answer.status !== 200) throw new Error(`GET /api/openapi.json answered ${answer.status}`);
  return (await answer.json()) as Document;
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

function row(method: string, path: string, operation: Operation): string {
  const statuses = Object.keys(operation.responses).sort();
  const success = statuses.filter((status) => /^[23]/.test(status) && status !== '304');
  const refusals = statuses.filter((status) => /^[45]/.test(status) && status !== '500');
  const what = (operation.summary ?? '').replaceAll('|', '\\|');
  return `| \`${method.toUpperCase()} ${path}\` | ${what} | ${success.join(', ')} | ${refusals.join(', ') || '–'} |`;
}

export async function apiDocumentTable(): Promise<string> {
  const document = await apiDocument();
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    const methods = Object.keys(operations).sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
    for (const method of methods) {
      const operation = operations[method]!;
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row(method, path, operation)]);
    }
  }
  const count = [...byTag.values()].reduce((sum, rows) => sum + rows.length, 0);
  const sections = [...byTag.keys()]
    .sort((a, b) => a.localeCompare(b))
    .map((tag) =>
      [
        `### ${tag}`,
        '',
        '| Call | What it does | Answers | Refuses with |',
        '|---|---|---|---|',
        ...byTag.get(tag)!,
      ].join('\n'),
    );
  return [
    TABLE_START,
    '',
    `${count} calls. Any call may also answer 500; the codes each refusal may carry are in the document's`,
    '`x-refusal-codes`, and what each answer holds in its schemas.',
    '',
    sections.join('\n\n'),
    '',
    TABLE_END,
  ].join('\n');
}

// The page with its table replaced; the text around the markers is the page's own.
export function replaceTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`${API_DOCS_PAGE} has no "${TABLE_START}" … "${TABLE_END}" markers`);
  }
  return page.slice(0, start) + table + page.slice(end + TABLE_END.length);
}
