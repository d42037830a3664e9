// The release before this checkout, for the upgrade test: the newest `v*` tag that is an
// ancestor of HEAD (and not HEAD itself), its host's files written out of git into a temporary
// folder, run on this checkout's node_modules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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

// Never skipped: without the release there is nothing to upgrade from, and a test that quietly
// passes then would hide exactly the failure it is for. A clone made without tags (CI's is)
// still finds it: CHANGELOG.md heads each release with the commit it tagged.
export function previousReleaseTag(): { tag: string; commit: string } {
  const head = git(['rev-parse', 'HEAD']);
  const releases = [...taggedReleases(), ...changelogReleases()]
    .filter(({ commit }) => commit !== head && isAncestorOfHead(commit))
    .sort((a, b) => compareVersions(b.tag, a.tag));
  if (releases.length === 0) {
    const shallow = git(['rev-parse', '--is-shallow-repository']) === 'true';
    throw new Error(
      'The upgrade test needs the previous release: neither a v* tag nor a CHANGELOG.md release ' +
        'heading ("## v0.x.y (tag on <commit>)") names a commit in the history of HEAD' +
        (shallow ? ' (this clone is shallow: git fetch --unshallow)' : '') +
        '.',
    );
  }
  return releases[0]!;
}

function taggedReleases(): { tag: string; commit: string }[] {
  return git(['tag', '--list', 'v*'])
    .split('\n')
    .filter(Boolean)
    .map((tag) => ({ tag, commit: git(['rev-list', '-n', '1', tag]) }));
}

const RELEASE_HEADING = /^## (v\d+\.\d+\.\d+) \(tag on ([0-9a-f]{7,40})\)/gm;

function changelogReleases(): { tag: string; commit: string }[] {
  const changelog = readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
  return [...changelog.matchAll(RELEASE_HEADING)].flatMap(([, tag, short]) => {
    const commit = tryGit(['rev-parse', '--verify', '--quiet', `${short}^{commit}`]);
    return commit ? [{ tag: tag!, commit }] : [];
  });
}

function isAncestorOfHead(commit: string): boolean {
  return tryGit(['merge-base', '--is-ancestor', commit, 'HEAD']) !== undefined;
}

function tryGit(args: string[]): string | undefined {
  try {
    return git(args);
  } catch {
    return undefined;
  }
}

function compareVersions(a: string, b: string): number {
  const parts = (tag: string) => tag.slice(1).split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
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
