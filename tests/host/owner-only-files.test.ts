// The embedded database's files are the host account's alone (issue 35 §5): with the usual umask
// 022, PGlite wrote 969 of 1,230 files under DATA_DIR/pgdata as mode 0666, a restore the same,
// and a backup's tar entries were 0666 with absolute paths. DATA_DIR and the backup folder are
// now 0700, no file below them has group or world bits, and a backup lists owner-only entries
// with relative paths; a backup written the old way still restores.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { restoreBackup, takeBackup, writeBackup } from '../../server/backup.ts';
import { openPglite } from '../../server/pglite-database.ts';

const root = mkdtempSync(join(tmpdir(), 'fc-owner-only-'));
let umask: number;

// Every path below `dir` (itself too) whose mode gives anything to group or world.
function openToOthers(dir: string): string[] {
  const found = (statSync(dir).mode & 0o077) !== 0 ? [dir] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink() || entry.isSocket()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((statSync(path).mode & 0o077) !== 0) found.push(path);
  }
  return found;
}

async function makeDatabase(dataDir: string, marker: string) {
  const database = await openPglite(dataDir);
  try {
    await database.transaction(async (tx) => {
      // What restoreBackup reads back: the newest migration (none here).
      await tx.exec(`create schema if not exists supabase_migrations;
        create table if not exists supabase_migrations.schema_migrations (version text);
        create table if not exists public.marker (word text)`);
      await tx.query('insert into public.marker values ($1)', [marker]);
    });
  } finally {
    await database.close();
  }
}

async function markers(dataDir: string): Promise<string[]> {
  const database = await openPglite(dataDir);
  try {
    const rows = await database.transaction((tx) =>
      tx.query<{ word: string }>('select word from public.marker order by word'),
    );
    return rows.map((row) => row.word);
  } finally {
    await database.close();
  }
}

// `tar tv` of a backup: each entry's mode string and name.
function listTar(file: string): Array<{ mode: string; name: string }> {
  const listing = spawnSync('tar', ['-tvzf', file], { encoding: 'utf8' });
  expect(listing.status, listing.stderr).toBe(0);
  return listing.stdout
    .trim()
    .split('\n')
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      return { mode: fields[0]!, name: fields.slice(5).join(' ') };
    });
}

describe('the embedded database is owner-only', { timeout: 180_000 }, () => {
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700 and leaves no file in it open to others, and tightens an old one at start', async () => {
    const dataDir = join(root, 'data');
    await makeDatabase(dataDir, 'first');
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);

    // A directory left open by an older version is closed at the next start.
    spawnSync('chmod', ['-R', 'go+rwX', dataDir]);
    expect(openToOthers(dataDir).length).toBeGreaterThan(900);
    await makeDatabase(dataDir, 'second');
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('writes a backup 0600 in a 0700 folder, its entries owner-only and relative; restores it owner-only', async () => {
    const backups = join(root, 'backups');
    const { dump } = await takeBackup(join(root, 'data'));
    const file = writeBackup(backups, dump);
    expect(statSync(backups).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const entries = listTar(file);
    expect(entries.length).toBeGreaterThan(900);
    expect(entries.filter(({ name }) => name.startsWith('/'))).toEqual([]);
    expect(new Set(entries.map(({ mode }) => mode))).toEqual(new Set(['-rw-------', 'drwx------']));
    expect(entries.map(({ name }) => name)).toContain('PG_VERSION');

    const restored = join(root, 'restored');
    await restoreBackup(readFileSync(file), restored);
    expect(statSync(restored).mode & 0o777).toBe(0o700);
    expect(openToOthers(restored)).toEqual([]);
    expect(await markers(restored)).toEqual(['first', 'second']);
  });

  it('restores a backup written before this change (absolute paths)', async () => {
    const { dump } = await takeBackup(join(root, 'data'));
    const old = join(root, 'old.tar.gz');
    writeFileSync(old, dump);
    expect(listTar(old).every(({ name }) => name.startsWith('/'))).toBe(true);
    const restored = join(root, 'restored-old');
    await restoreBackup(readFileSync(old), restored);
    expect(openToOthers(restored)).toEqual([]);
    expect(await markers(restored)).toEqual(['first', 'second']);
  });
});
