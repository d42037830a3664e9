// The built index.html that shared-link pages rewrite (ADR 0020), read from disk once and again
// only when the file changes (a rebuild under a running host), not on every request.
import { readFile, stat } from 'node:fs/promises';

export function appShell(indexFile: string): () => Promise<string | undefined> {
  let cached: { modified: number; text: string } | undefined;
  return async () => {
    const modified = await stat(indexFile).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (modified === undefined) return undefined;
    if (cached?.modified !== modified) cached = { modified, text: await readFile(indexFile, 'utf8') };
    return cached.text;
  };
}
