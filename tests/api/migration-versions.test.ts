// A linked Supabase project refuses `supabase db push` when a migration's version sorts before
// one it has already applied, so each new migration must be named after the newest one. Git
// history says which file came when: from the commit that added this test on, every migration
// added (and any not yet committed) must carry a version above every migration added before it.
// The earlier history is let be: parallel work once committed assigned versions out of order.
// Without git (an exported tarball) only the names and their uniqueness are checked.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { MIGRATIONS_DIR } from '../../server/migrate.ts';
import { REPO_ROOT } from '../support/host-process.ts';

const MIGRATION_NAME = /^(\d{14})_[a-z0-9_]+\.sql$/;
const THIS_TEST = 'tests/api/migration-versions.test.ts';
const files = readdirSync(MIGRATIONS_DIR).sort();

function git(args: string[]): string | undefined {
  const run = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  return run.status === 0 ? run.stdout : undefined;
}

// Every commit that added files under `path`, oldest first, each with the files it added.
function additions(path: string): { commit: string; files: string[] }[] | undefined {
  // Main's own line, each merge with what it brought: a file added while resolving a merge counts too.
  const log = git([
    'log',
    '--reverse',
    '--first-parent',
    '--diff-merges=first-parent',
    '--no-renames',
    '--diff-filter=A',
    '--name-only',
    '--format=@%H',
    '--',
    path,
  ]);
  if (log === undefined) return undefined;
  return log
    .split('@')
    .filter((chunk) => chunk.trim())
    .map((chunk) => {
      const [commit, ...names] = chunk.trim().split('\n');
      return { commit: commit!, files: names.filter(Boolean).map((name) => name.split('/').pop()!) };
    });
}

const version = (file: string) => MIGRATION_NAME.exec(file)![1]!;

// The files of `batches` (oldest first; one batch's files may come in any order among themselves)
// whose version is not above every version before them.
function outOfOrder(earlier: string[], batches: string[][]): string[] {
  let newest = earlier.map(version).sort().pop() ?? '';
  const late: string[] = [];
  for (const batch of batches) {
    for (const file of batch) if (version(file) <= newest) late.push(`${file} (after ${newest})`);
    newest = [newest, ...batch.map(version)].sort().pop()!;
  }
  return late;
}

describe('migration versions', () => {
  it('names every migration <14-digit version>_<lowercase_name>.sql', () => {
    expect(files.filter((file) => !MIGRATION_NAME.test(file))).toEqual([]);
  });

  it('gives every migration its own version', () => {
    const versions = files.filter((file) => MIGRATION_NAME.test(file)).map(version);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('catches a migration added after a newer one, but not files added together', () => {
    const earlier = ['20261201000100_a.sql', '20261201000300_c.sql'];
    expect(outOfOrder(earlier, [['20261201000400_d.sql', '20261201000350_e.sql']])).toEqual([]);
    expect(outOfOrder(earlier, [['20261201000400_d.sql'], ['20261201000200_b.sql']])).toEqual([
      '20261201000200_b.sql (after 20261201000400)',
    ]);
    expect(outOfOrder(earlier, [['20261201000300_again.sql']])).toEqual([
      '20261201000300_again.sql (after 20261201000300)',
    ]);
  });

  it('names each new migration after the newest one before it', (context) => {
    const history = git(['rev-parse', '--is-inside-work-tree']) && additions('supabase/migrations');
    if (!history) {
      context.skip('no git history here: only the names are checked');
      return;
    }
    // The baseline: the commit that added this test; before it, the order is history.
    const baseline = additions(THIS_TEST)?.[0]?.commit;
    const committed = new Set(history.flatMap((entry) => entry.files));
    const uncommitted = files.filter((file) => MIGRATION_NAME.test(file) && !committed.has(file));
    const descends = (commit: string) => git(['merge-base', '--is-ancestor', baseline!, commit]) !== undefined;
    const baselineIndex = baseline ? history.findIndex((entry) => descends(entry.commit)) : -1;
    const before = baselineIndex === -1 ? history : history.slice(0, baselineIndex);
    const after = baselineIndex === -1 ? [] : history.slice(baselineIndex);
    // A file renamed since (its version raised before anyone applied it: two helpers landed
    // migrations at once) is judged by its new name, added in the commit that renamed it.
    const present = (names: string[]) => names.filter((file) => files.includes(file));
    const batches = [...after.map((entry) => present(entry.files)), uncommitted];
    expect(
      outOfOrder(
        before.flatMap((entry) => entry.files),
        batches,
      ),
      'rename these after the newest migration (README, "Changing the database")',
    ).toEqual([]);
  });
});
