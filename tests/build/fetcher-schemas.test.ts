// Issue 39 §1, ADR 0048: every PWA fetcher reads its answer through the schema its route
// declares. A call to the api client without one (a cast, `api.get<Ride>(path)`) fails here, with
// the file and line, so a new fetcher cannot slip back to trusting what arrives.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../support/host-process.ts';

// Where the api answer's schema goes, by method: api.get(path, schema), api.post(path, body,
// schema), apiRequest(method, path, body, { schema }).
const SCHEMA_ARGUMENT: Record<string, number> = { get: 1, delete: 1, post: 2, patch: 2, put: 2 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Every call of the api client in a file that does not pass a schema, as "file:line".
function callsWithoutSchema(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const missing: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(REPO_ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'api' &&
        callee.name.text in SCHEMA_ARGUMENT
      ) {
        const schema = node.arguments[SCHEMA_ARGUMENT[callee.name.text]!];
        if (!schema || (ts.isIdentifier(schema) && schema.text === 'undefined')) missing.push(where(node));
      } else if (ts.isIdentifier(callee) && callee.text === 'apiRequest') {
        const options = node.arguments[4 - 1];
        const named =
          options &&
          ts.isObjectLiteralExpression(options) &&
          options.properties.some((property) => property.name?.getText(source) === 'schema');
        if (!named) missing.push(where(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return missing;
}

describe("the PWA's fetchers", () => {
  const files = [...sourceFiles(join(REPO_ROOT, 'src/features')), ...sourceFiles(join(REPO_ROOT, 'src/lib'))].filter(
    (file) => !file.endsWith('src/lib/api-client.ts'),
  );

  it('finds the api client called where the fetchers are', () => {
    const calling = files.filter((file) =>
      /\bapi\.(get|post|patch|put|delete)\(|\bapiRequest\(/.test(readFileSync(file, 'utf8')),
    );
    expect(calling.length).toBeGreaterThan(50);
  });

  it("each pass the schema of their route's answer", () => {
    expect(files.flatMap(callsWithoutSchema)).toEqual([]);
  });
});
