// The release before this checkout, for the upgrade test: the newest `v*` tag that is an
// ancestor of HEAD (and not HEAD itself), its host's files written out of git into a temporary
// folder, run on this checkout's node_modules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { REPO_ROOT } from './host-process.ts';

export interface PreviousRelease {
  tag: string;
  commit: string;
  // Where its files are: start its host with `cwd: dir`.
  dir: string;
  // Its migrations' versions, oldest first.
  migrations: string[];
  remove(): void;
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
}

// Never skipped: without the tag there is nothing to upgrade from, and a test that quietly
// passes then would hide exactly the failure it is for.
export function previousReleaseTag(): { tag: string; commit: string } {
  const tags = git(['tag', '--list', 'v*', '--merged', 'HEAD', '--no-contains', 'HEAD', '--sort=-v:refname'])
    .split('\n')
    .filter(Boolean);
  if (tags.length === 0) {
    const shallow = git(['rev-parse', '--is-shallow-repository']) === 'true';
    throw new Error(
      'The upgrade test needs the previous release: no v* tag is an ancestor of HEAD in this clone' +
        (shallow ? ' (it is shallow: git fetch --unshallow --tags)' : ' (git fetch --tags)') +
        '. Releases are tagged v0.x.y (CHANGELOG.md).',
    );
  }
  const tag = tags[0]!;
  return { tag, commit: git(['rev-list', '-n', '1', tag]) };
}

// The host needs only server/, supabase/ and the two config files; package.json tells Node the
// .ts files are ES modules. The release's dependencies are this checkout's: the host's own
// (hono, pglite, postgres, web-push, zod, bcryptjs) have the same versions in both lock files
// since v0.3.0, and an old host that no longer starts on them fails the test loudly.
export function checkOutPreviousRelease(): PreviousRelease {
  const { tag, commit } = previousReleaseTag();
  const dir = mkdtempSync(join(tmpdir(), `fc-release-${tag}-`));
  const paths = ['server', 'supabase', 'package.json', 'tsconfig.json'];
  const archive = execFileSync('git', ['archive', '--format=tar', commit, ...paths], {
    cwd: REPO_ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (!existsSync(join(dir, 'server/main.ts'))) throw new Error(`${tag} has no server/main.ts to run`);
  const migrations = readdirSync(join(dir, 'supabase/migrations'))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => file.split('_')[0]!);
  return { tag, commit, dir, migrations, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
